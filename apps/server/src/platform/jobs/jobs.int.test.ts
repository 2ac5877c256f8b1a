import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { listFailedJobs, retryFailedJobs } from './failed-jobs';
import { startJobs, type JobDefinition, type JobQueue } from './jobs';

const silent = { info() {}, error() {} };

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('jobs (pg-boss on the real database)', () => {
  const database = useTestDatabase();
  const queues: JobQueue[] = [];
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
  });

  it('deduplicates by singletonKey while a job is queued, and registers the crons in the school zone', async () => {
    const { pool } = database();
    const jobs: JobDefinition<{ n: number }>[] = [
      { name: 'test.dedupe', run: async () => undefined },
      { name: 'test.cron', schedule: { cron: '7 * * * *' }, run: async () => undefined },
    ];
    // Only sends and schedules: nothing is worked, so the first job stays queued.
    const queue = await startJobs(pool, jobs, silent, { work: false });
    queues.push(queue);
    const first = await queue.send('test.dedupe', { n: 1 }, { singletonKey: 'school-a' });
    expect(first).toEqual(expect.any(String));
    expect(await queue.send('test.dedupe', { n: 2 }, { singletonKey: 'school-a' })).toBeNull();
    expect(await queue.send('test.dedupe', { n: 3 }, { singletonKey: 'school-b' })).not.toBeNull();
    // Without a key, nothing is deduplicated.
    expect(await queue.send('test.dedupe', { n: 4 })).not.toBeNull();
    expect(await queue.send('test.dedupe', { n: 4 })).not.toBeNull();
    // Many senders at once: still one queued job for the key.
    const raced = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        queue.send('test.dedupe', { n }, { singletonKey: 'school-c' }),
      ),
    );
    expect(raced.filter((id) => id !== null)).toHaveLength(1);
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'test.dedupe' and singleton_key = 'school-a'`,
    );
    expect(rows[0]!.n).toBe(1);
    await queue.stop();

    // Working: schedules are registered with the school's time zone, the queued job runs once.
    const ran: number[] = [];
    const worked = await startJobs(
      pool,
      [
        {
          name: 'test.dedupe',
          run: async (data: { n: number }) => void ran.push(data.n),
        },
        { name: 'test.cron', schedule: { cron: '7 * * * *' }, run: async () => undefined },
      ],
      silent,
      { pollingIntervalSeconds: 0.5 },
    );
    queues.push(worked);
    const schedules = await pool.query<{ name: string; cron: string; timezone: string }>(
      `select name, cron, timezone from pgboss.schedule order by name`,
    );
    expect(schedules.rows).toEqual([
      { name: 'test.cron', cron: '7 * * * *', timezone: 'Africa/Lome' },
    ]);
    await until(() => ran.length === 5);
    expect(ran.filter((n) => n === 1)).toHaveLength(1);
    // Done: the key is free again.
    await until(async () => {
      const live = await pool.query(
        `select 1 from pgboss.job where singleton_key = 'school-a' and state < 'completed'`,
      );
      return live.rowCount === 0;
    });
    expect(await worked.send('test.dedupe', { n: 5 }, { singletonKey: 'school-a' })).not.toBeNull();
    await until(() => ran.includes(5));
    await worked.stop();
  });

  it('retries a failing job with its attempt number, leaves it failed, and jobs:retry puts it back', async () => {
    const { pool } = database();
    const attempts: number[] = [];
    let healed = false;
    const flaky: JobDefinition<{ school: string }> = {
      name: 'test.flaky',
      retryLimit: 1,
      retryDelaySeconds: 1,
      retryBackoff: false,
      async run(_data, context) {
        attempts.push(context.attempt);
        if (!healed) throw new Error('passerelle SMS indisponible');
      },
    };
    const queue = await startJobs(pool, [flaky], silent, { pollingIntervalSeconds: 0.5 });
    queues.push(queue);
    const id = await queue.send('test.flaky', { school: 'a' });
    await until(async () => (await listFailedJobs(pool)).some((job) => job.id === id));
    expect(attempts).toEqual([1, 2]);
    const [failed] = (await listFailedJobs(pool)).filter((job) => job.id === id);
    expect(failed).toMatchObject({ name: 'test.flaky', attempts: 2, data: { school: 'a' } });
    expect(failed!.error).toContain('passerelle SMS indisponible');

    healed = true;
    expect(await retryFailedJobs(pool, [id!])).toBe(1);
    await until(() => attempts.length === 3);
    await until(async () => (await listFailedJobs(pool)).length === 0);
    expect(await retryFailedJobs(pool, 'all')).toBe(0);
    await queue.stop();
  });

  it("writes each queue's retry and expiry at start-up, and only what changed when started again", async () => {
    const { pool } = database();
    const queueOf = async (name: string) =>
      (
        await pool.query<{ retry_limit: number; expire_seconds: number; updated_on: Date }>(
          `select retry_limit, expire_seconds, updated_on from pgboss.queue where name = $1`,
          [name],
        )
      ).rows[0];
    const job = (expireInSeconds?: number): JobDefinition => ({
      name: 'test.expiry',
      retryLimit: 2,
      ...(expireInSeconds ? { expireInSeconds } : {}),
      run: async () => undefined,
    });
    const first = await startJobs(pool, [job(300)], silent, { work: false });
    await first.stop();
    const created = await queueOf('test.expiry');
    expect(created).toMatchObject({ retry_limit: 2, expire_seconds: 300 });
    // The same definitions: nothing written.
    const again = await startJobs(pool, [job(300)], silent, { work: false });
    await again.stop();
    expect((await queueOf('test.expiry'))!.updated_on).toEqual(created!.updated_on);
    // A changed definition (the default, 15 minutes): written.
    const changed = await startJobs(pool, [job()], silent, { work: false });
    await changed.stop();
    expect(await queueOf('test.expiry')).toMatchObject({ expire_seconds: 900 });
  });
});
