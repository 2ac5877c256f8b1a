import { ImportMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { waitForImport } from './import.service';
import {
  callAs,
  csvText,
  line,
  setUpImportSchool,
  uploadFile,
  type ImportSchool,
} from './import.test-support';

describe('Importer des étudiants: commit (/api/students/imports/:id/commit)', () => {
  const { app, database } = useTestApp();
  let school: ImportSchool;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    callAs(app(), school.token)(method, url, payload);
  const query = async <T extends Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
    (await database().db.execute<T>(statement)).rows;

  /** Uploads a CSV, commits it and waits for the background run; answers the finished import. */
  async function importCsv(rows: string[][], mode: 'all_or_nothing' | 'skip_invalid') {
    const preview = await uploadFile(app(), school.token, 'eleves.csv', Buffer.from(csvText(rows)));
    expect(preview.statusCode, preview.body).toBe(201);
    const { id } = preview.json();
    const started = await call('POST', `/api/students/imports/${id}/commit`, { mode });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'running', mode });
    await waitForImport(id);
    return {
      preview: preview.json(),
      done: (await call('GET', `/api/students/imports/${id}`)).json(),
    };
  }

  beforeAll(async () => {
    school = await setUpImportSchool(app());
  });

  it('refuses all-or-nothing with lines in error, and a file without a valid line', async () => {
    const text = csvText([line({ fullName: 'Afi Koffi' }), line({ fullName: '', phone: 'x' })]);
    const preview = (await uploadFile(app(), school.token, 'a.csv', Buffer.from(text))).json();
    const blocked = await call('POST', `/api/students/imports/${preview.id}/commit`, {
      mode: 'all_or_nothing',
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(ImportMessages.allOrNothingBlocked);
    const bad = csvText([line({ fullName: 'Yao', programme: 'Inconnu' })]);
    const invalid = (await uploadFile(app(), school.token, 'b.csv', Buffer.from(bad))).json();
    const nothing = await call('POST', `/api/students/imports/${invalid.id}/commit`, {
      mode: 'skip_invalid',
    });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(ImportMessages.nothingToImport);
    expect((await query(sql`select id from students`)).length).toBe(0);
  });

  it('imports the valid lines: one family guardian, enrolments, consecutive invoices, audit', async () => {
    const family = { guardianName: 'Ama Koffi', guardianPhone: '90 00 00 10' };
    const rows = [
      line({
        fullName: 'Afi Koffi',
        programme: 'Licence Informatique',
        level: 'L1',
        ...family,
        guardianRelation: 'Mère',
      }),
      line({
        fullName: 'Yao Koffi',
        programme: 'licence informatique',
        level: 'L2',
        guardianName: 'Ama K.',
        guardianPhone: '+228 90 00 00 10',
        guardianRelation: 'mother',
      }),
      line({
        matricule: 'STU-120',
        fullName: 'Kafui Adje',
        programme: 'Licence Informatique',
        level: 'L1',
        year: school.yearLabel,
        guardianName: 'Kossi Adje',
        guardianPhone: '91 00 00 11',
        guardianRelation: 'Père',
      }),
      line({ fullName: 'Esi Dogbe', programme: 'Master Droit' }),
      line({ fullName: 'Mawuli Dogbe', status: 'Suspendu', phone: '92 00 00 12' }),
    ];
    const { preview, done } = await importCsv(rows, 'skip_invalid');
    expect(preview).toMatchObject({ totalRows: 5, validRows: 4 });
    expect(done).toMatchObject({
      status: 'done',
      mode: 'skip_invalid',
      processedRows: 5,
      created: 4,
      updated: 0,
      skipped: 1,
      enrolled: 3,
      invoicesIssued: 33,
      error: null,
    });
    expect(done.finishedAt).not.toBeNull();

    const students = await query<{ matricule: string; full_name: string; status: string }>(
      sql`select matricule, full_name, status from students order by matricule`,
    );
    expect(students.map((row) => row.full_name).sort()).toEqual([
      'Afi Koffi',
      'Kafui Adje',
      'Mawuli Dogbe',
      'Yao Koffi',
    ]);
    // Imported STU-120 moved the sequence: the generated ones come after it.
    expect(students.map((row) => row.matricule)).toEqual([
      'STU-120',
      'STU-121',
      'STU-122',
      'STU-123',
    ]);
    expect(students.find((row) => row.full_name === 'Mawuli Dogbe')?.status).toBe('suspended');

    const guardians = await query<{ full_name: string; children: number; main: number }>(sql`
      select g.full_name, count(*)::int as children, count(*) filter (where l.is_main_payer)::int as main
      from guardians g join student_guardians l on l.guardian_id = g.id
      group by g.full_name order by g.full_name`);
    expect(guardians).toEqual([
      { full_name: 'Ama Koffi', children: 2, main: 2 },
      { full_name: 'Kossi Adje', children: 1, main: 1 },
    ]);

    const invoices = await query<{ number: string }>(
      sql`select number from invoices order by number`,
    );
    expect(invoices).toHaveLength(33);
    const year = new Date().getUTCFullYear();
    expect(invoices.map((row) => row.number)).toEqual(
      Array.from({ length: 33 }, (_, i) => `ST-${year}-${String(i + 1).padStart(4, '0')}`),
    );
    const lines = await query<{ count: number }>(
      sql`select count(*)::int as count from invoice_lines`,
    );
    expect(lines[0]!.count).toBe(33);

    const audit = await query<{ details: unknown; actor_label: string }>(
      sql`select details, actor_label from audit_entries where action = 'students.imported'`,
    );
    expect(audit).toEqual([
      {
        actor_label: 'Afi Mensah',
        details: {
          fichier: 'eleves.csv',
          mode: 'ignorer les lignes en erreur',
          créés: 4,
          'mis à jour': 0,
          ignorés: 1,
          inscriptions: 3,
          factures: 33,
        },
      },
    ]);
    const again = await call('POST', `/api/students/imports/${done.id}/commit`, {
      mode: 'skip_invalid',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ImportMessages.notPreviewed);
  });

  it('updates by matricule when the same file is imported again: no duplicate, no new invoice', async () => {
    const rows = [
      line({
        matricule: 'ABC-1',
        fullName: 'Edem Amegah',
        phone: '93 00 00 01',
        programme: 'Licence Informatique',
        level: 'L1',
      }),
      line({ matricule: 'ABC-2', fullName: 'Selom Amegah', status: 'En attente' }),
    ];
    const first = await importCsv(rows, 'all_or_nothing');
    expect(first.done).toMatchObject({
      status: 'done',
      created: 2,
      enrolled: 1,
      invoicesIssued: 11,
    });
    const before = await query<{ count: number }>(sql`select count(*)::int as count from students`);

    rows[1] = line({ matricule: 'ABC-2', fullName: 'Selom Amegah', status: 'Actif' });
    const second = await importCsv(rows, 'all_or_nothing');
    expect(second.preview.preview.map((row: { action: string }) => row.action)).toEqual([
      'update',
      'update',
    ]);
    expect(second.done).toMatchObject({
      status: 'done',
      created: 0,
      updated: 2,
      enrolled: 0,
      invoicesIssued: 0,
    });
    expect(await query(sql`select count(*)::int as count from students`)).toEqual(before);
    const history = await query<{ from_status: string | null; to_status: string }>(sql`
      select c.from_status, c.to_status from student_status_changes c
      join students s on s.id = c.student_id where s.matricule = 'ABC-2' order by c.changed_at, c.to_status`);
    expect(history).toEqual([
      { from_status: null, to_status: 'pending' },
      { from_status: 'pending', to_status: 'active' },
    ]);
  });

  it('writes nothing when an all-or-nothing import meets a line it cannot apply', async () => {
    const [student] = await query<{ id: string }>(
      sql`select id from students where matricule = 'ABC-1'`,
    );
    const preview = (
      await uploadFile(
        app(),
        school.token,
        'c.csv',
        Buffer.from(
          csvText([
            line({ fullName: 'Nouvel Étudiant' }),
            line({ matricule: 'ABC-1', fullName: 'Edem Amegah' }),
          ]),
        ),
      )
    ).json();
    expect(preview.validRows).toBe(2);
    // Archived between the preview and the commit (it has invoices, so it is not erased).
    expect((await call('DELETE', `/api/students/${student!.id}`)).json()).toEqual({
      outcome: 'archived',
    });
    await call('POST', `/api/students/imports/${preview.id}/commit`, { mode: 'all_or_nothing' });
    await waitForImport(preview.id);
    const failed = (await call('GET', `/api/students/imports/${preview.id}`)).json();
    expect(failed).toMatchObject({ status: 'failed', created: 0 });
    expect(failed.error).toBe(
      'Ligne 3 : Cet étudiant est archivé. Aucune ligne n’a été enregistrée.',
    );
    expect(await query(sql`select id from students where full_name = 'Nouvel Étudiant'`)).toEqual(
      [],
    );
  });
});
