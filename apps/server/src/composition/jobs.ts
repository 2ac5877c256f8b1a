// The composition root's list of jobs (pg-boss, platform/jobs): each module defines its jobs, and
// they are registered here, in one place, by main.ts. A module adding a job adds one line here.
import type { Database } from '../platform/db/database';
import type { JobDefinition, JobQueue } from '../platform/jobs/jobs';
import { lateFeesJob } from '../modules/billing';
import { weeklySummaryJob } from '../modules/notifications';
import { reminderJobs } from '../modules/automations';
import {
  payoutRailFromConfig,
  payoutsJob,
  settleMissingJob,
  type PayoutRail,
} from '../modules/accounting';
import { ledgerValidationJob } from '../modules/ledger';
import { statisticsRefreshJob } from '../modules/analytics';
import { pruneOldVisitsJob, rotateVisitSaltsJob } from '../modules/public';
import { pruneRateBudgetsJob } from '../platform/http/rate-limit';
import type { LinkSigner } from '../modules/payer';
import type { BackgroundWorker } from './background-worker';

export interface JobDependencies {
  db: Database;
  /** The background worker the jobs drive (in-process, or on its thread). */
  worker: Pick<BackgroundWorker, 'drainEvents' | 'reconcile' | 'dispatchOutbox'>;
  /** The queue, once started: the reconciliation sends its next round to it. */
  queue: () => JobQueue | undefined;
  /** Seconds between two reconciliation rounds (15 by default). */
  reconcileEverySeconds?: number;
  /** Messaging's jobs (send-email, send-sms, their sweep). */
  messaging?: { jobs: readonly JobDefinition[] };
  /** The reminder engine's (automations.plan, automations.dispatch): signs the payment links. */
  reminders?: { signer: LinkSigner };
  /** How payouts leave (PAYOUT_RAIL): the payouts job asks the sandbox's rail about its transfers. */
  payoutRail?: PayoutRail;
}

/**
 * The payments' and events' jobs. Reconciliation runs every 15 seconds: each round sends the next
 * one (deduplicated by its time slot, so several instances keep one chain), and the minute's cron
 * starts the chain again if it ever breaks. The queue of provider events and the events' handlers
 * are woken by the worker itself; their crons are the sweep for what a crash left behind.
 */
export function workerJobs(dependencies: JobDependencies): JobDefinition[] {
  const { worker, queue } = dependencies;
  const every = dependencies.reconcileEverySeconds ?? 15;
  // A missed tick is the next tick: no retries.
  return [
    {
      name: 'payments.reconcile',
      schedule: { cron: '* * * * *' },
      expireInSeconds: 5 * 60,
      retryLimit: 0,
      async run() {
        try {
          await worker.reconcile();
        } finally {
          const next = queue();
          if (next) await sendNextReconcileRound(next, every);
        }
      },
    },
    {
      name: 'payments.events',
      schedule: { cron: '* * * * *' },
      expireInSeconds: 5 * 60,
      retryLimit: 0,
      run: async () => void (await worker.drainEvents()),
    },
    {
      name: 'events.dispatch',
      schedule: { cron: '* * * * *' },
      expireInSeconds: 5 * 60,
      retryLimit: 0,
      run: async () => void (await worker.dispatchOutbox()),
    },
  ];
}

/**
 * Sends the next reconciliation round, at the start of the next time slot of `every` seconds
 * (one job per slot whoever sends it). Called at start-up, then by each round.
 */
export async function sendNextReconcileRound(queue: JobQueue, every = 15): Promise<void> {
  const slot = Math.floor(Date.now() / 1000 / every) + 1;
  await queue.send(
    'payments.reconcile',
    {},
    {
      singletonKey: `round-${slot}`,
      startAfter: new Date(slot * every * 1000),
    },
  );
}

/** Every job the application runs, scheduled or sent. */
export function applicationJobs(dependencies: JobDependencies): JobDefinition[] {
  return [
    ...workerJobs(dependencies),
    lateFeesJob(dependencies.db),
    weeklySummaryJob(dependencies.db),
    settleMissingJob(dependencies.db),
    payoutsJob(dependencies.db, dependencies.payoutRail ?? payoutRailFromConfig({})),
    ledgerValidationJob(dependencies.db),
    statisticsRefreshJob(dependencies.db),
    rotateVisitSaltsJob(dependencies.db),
    pruneOldVisitsJob(dependencies.db),
    pruneRateBudgetsJob(dependencies.db),
    ...(dependencies.messaging?.jobs ?? []),
    ...(dependencies.reminders
      ? reminderJobs({
          db: dependencies.db,
          queue: dependencies.queue,
          signer: dependencies.reminders.signer,
        })
      : []),
  ];
}
