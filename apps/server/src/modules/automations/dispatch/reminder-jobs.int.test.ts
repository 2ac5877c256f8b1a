import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { testSigner } from '../planning/reminders.test-support';
import { PLAN_JOB, reminderJobs } from './reminder-jobs';

describe('automations.plan, all schools', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('gives a school created since its default reminders, paused, once', async () => {
    const school = await signUpSchool(app(), 'Collège Les Flamboyants');
    const db = database().db;
    const sent: string[] = [];
    const plan = reminderJobs({
      db,
      signer: testSigner(),
      queue: () => ({ send: async (name: string) => void sent.push(name) }) as never,
    }).find((job) => job.name === PLAN_JOB)!;
    const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const defaults = async () =>
      (
        await db.execute<{ name: string; enabled: boolean }>(
          sql`select name, enabled from workflows
              where organization_id = ${school.organizationId} order by name`,
        )
      ).rows;
    expect(await defaults()).toEqual([]);

    await plan.run(null as never, { logger } as never);
    await plan.run(null as never, { logger } as never);

    expect(await defaults()).toEqual([
      { name: 'Rappel J+10', enabled: false },
      { name: 'Rappel J+3', enabled: false },
      { name: 'Rappel J-1', enabled: false },
      { name: 'Rappel J-7', enabled: false },
    ]);
    // Each run hands over to the dispatcher.
    expect(sent).toEqual(['automations.dispatch', 'automations.dispatch']);
  });
});
