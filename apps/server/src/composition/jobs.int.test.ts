import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { startJobs, type JobQueue, type SendOptions } from '../platform/jobs/jobs';
import { applicationJobs, sendNextReconcileRound, workerJobs } from './jobs';

const silent = { info() {}, error() {} };

function recordingQueue() {
  const sent: { name: string; options?: SendOptions }[] = [];
  const queue: JobQueue = {
    send: async (name, _data, options) => {
      sent.push({ name, options });
      return 'id';
    },
    stop: async () => undefined,
  };
  return { queue, sent };
}

const idleWorker = {
  drainEvents: async () => 0,
  reconcile: async () => 0,
  dispatchOutbox: async () => 0,
};

describe('the application jobs (composition root)', () => {
  const database = useTestDatabase();

  it('are registered with pg-boss, each cron in the schools’ zone', async () => {
    const { db, pool } = database();
    const jobs = applicationJobs({ db, worker: idleWorker, queue: () => undefined });
    expect(jobs.map((job) => job.name)).toEqual([
      'payments.reconcile',
      'payments.events',
      'events.dispatch',
      'billing.late-fees',
      'notifications.weekly-summary',
      'accounting.settle-missing',
      'accounting.payouts',
      'ledger.validate',
      'analytics.refresh',
      'public.rotate-visit-salts',
      'public.prune-visits',
      'platform.rate-budgets-prune',
    ]);
    const queue = await startJobs(pool, jobs, silent, { work: false });
    await queue.stop();
    // Schedules are written by the instances that work the jobs.
    const working = await startJobs(pool, jobs, silent);
    await working.stop();
    const { rows } = await pool.query<{ name: string; cron: string; timezone: string }>(
      'select name, cron, timezone from pgboss.schedule order by name',
    );
    expect(rows).toEqual([
      { name: 'accounting.payouts', cron: '17 * * * *', timezone: 'Africa/Lome' },
      { name: 'accounting.settle-missing', cron: '13 * * * *', timezone: 'Africa/Lome' },
      { name: 'analytics.refresh', cron: '*/5 * * * *', timezone: 'Africa/Lome' },
      { name: 'billing.late-fees', cron: '7 * * * *', timezone: 'Africa/Lome' },
      { name: 'events.dispatch', cron: '* * * * *', timezone: 'Africa/Lome' },
      { name: 'ledger.validate', cron: '23 2 * * *', timezone: 'Africa/Lome' },
      { name: 'notifications.weekly-summary', cron: '3 * * * *', timezone: 'Africa/Lome' },
      { name: 'payments.events', cron: '* * * * *', timezone: 'Africa/Lome' },
      { name: 'payments.reconcile', cron: '* * * * *', timezone: 'Africa/Lome' },
      { name: 'platform.rate-budgets-prune', cron: '17 * * * *', timezone: 'Africa/Lome' },
      { name: 'public.prune-visits', cron: '20 0 * * *', timezone: 'Africa/Lome' },
      { name: 'public.rotate-visit-salts', cron: '0 0 * * *', timezone: 'Africa/Lome' },
    ]);
  });

  it('reconciles every 15 s: each round sends the next one, once per time slot, even when it fails', async () => {
    const { db } = database();
    const { queue, sent } = recordingQueue();
    let rounds = 0;
    const [reconcile] = workerJobs({
      db,
      worker: {
        ...idleWorker,
        reconcile: async () => {
          rounds += 1;
          if (rounds === 2) throw new Error('fournisseur injoignable');
          return 0;
        },
      },
      queue: () => queue,
    });
    const context = { id: 'job', attempt: 1, logger: silent };
    await reconcile!.run({}, context);
    await expect(reconcile!.run({}, context)).rejects.toThrow('fournisseur injoignable');
    expect(sent).toHaveLength(2);
    for (const { name, options } of sent) {
      expect(name).toBe('payments.reconcile');
      const startAfter = options!.startAfter as Date;
      expect(startAfter.getTime() % 15_000).toBe(0);
      expect(startAfter.getTime() - Date.now()).toBeGreaterThan(0);
      expect(startAfter.getTime() - Date.now()).toBeLessThanOrEqual(15_000);
      expect(options!.singletonKey).toBe(`round-${startAfter.getTime() / 15_000}`);
    }
    await sendNextReconcileRound(queue, 1);
    expect((sent.at(-1)!.options!.startAfter as Date).getTime() % 1_000).toBe(0);
  });
});
