import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { failInterruptedImports, touchRunningImport } from './import.repository';
import { interruptedImportsJob } from './interrupted-imports.job';
import { waitForImport } from './import.service';
import {
  callAs,
  csvText,
  line,
  setUpImportSchool,
  uploadFile,
  type ImportSchool,
} from './import.test-support';

describe('imports left running: failed only when the process applying them stopped beating', () => {
  const { app, database } = useTestApp();
  let school: ImportSchool;
  const statusOf = async (id: string) =>
    (
      await database().db.execute<{ status: string; error: string | null; beat: boolean }>(
        sql`select status, error, heartbeat_at is not null as beat from student_imports where id = ${id}`,
      )
    ).rows[0]!;
  const preview = async (name: string) => {
    const response = await uploadFile(
      app(),
      school.token,
      `${name}.csv`,
      Buffer.from(csvText([line({ fullName: `${name} Koffi` })])),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  /** As if a process were applying it, its last heartbeat `secondsAgo`. */
  const running = async (id: string, secondsAgo: number) => {
    await database().db.execute(sql`update student_imports set status = 'running',
      heartbeat_at = now() - make_interval(secs => ${secondsAgo}) where id = ${id}`);
  };

  beforeAll(async () => {
    school = await setUpImportSchool(app());
  });

  it('a committed import beats; a start-up or the minute job fails only the silent ones', async () => {
    const committed = await preview('Ama');
    const started = await callAs(app(), school.token)(
      'POST',
      `/api/students/imports/${committed}/commit`,
      { mode: 'skip_invalid' },
    );
    expect(started.statusCode, started.body).toBe(202);
    await waitForImport(committed);
    expect(await statusOf(committed)).toMatchObject({ status: 'done', beat: true });

    const live = await preview('Kodjo');
    const dead = await preview('Yawa');
    const later = await preview('Esi');
    await running(live, 5);
    await running(dead, 120);
    await running(later, 120);
    expect(await failInterruptedImports(database().db)).toBe(1 + 1);
    expect(await statusOf(live)).toMatchObject({ status: 'running', error: null });
    expect((await statusOf(dead)).status).toBe('failed');
    expect((await statusOf(dead)).error).toContain('interrompu');

    // The live one keeps beating; once it stops, the minute's job fails it.
    await running(live, 120);
    await touchRunningImport(database().db, school.organizationId, live);
    const logged: object[] = [];
    const job = interruptedImportsJob(database().db);
    const context = {
      id: 'j',
      attempt: 1,
      logger: { info: (o: object) => logged.push(o), error() {} },
    };
    await job.run({}, context);
    expect((await statusOf(live)).status).toBe('running');
    await running(live, 61);
    await job.run({}, context);
    expect((await statusOf(live)).status).toBe('failed');
    expect(logged).toEqual([{ failed: 1 }]);
  });
});
