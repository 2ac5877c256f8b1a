// The background work of a worker process (or of `npm start`'s one process): pg-boss working the
// jobs and their schedules, the reconciliation rounds, the start-up jobs, the message dispatch,
// and the wake-ups other processes send through PostgreSQL's NOTIFY.
import type { Messaging } from '../modules/messaging';
import { SETTLE_MISSING_JOB, type PayoutRail } from '../modules/accounting';
import { STATISTICS_REFRESH_JOB } from '../modules/analytics';
import { createLinkSigner } from '../modules/payer';
import { interruptedImportsJob } from '../modules/students';
import type { BackgroundWorker } from '../composition/background-worker';
import { applicationJobs, sendNextReconcileRound } from '../composition/jobs';
import type { Database } from '../platform/db/database';
import { startJobs, type JobQueue } from '../platform/jobs/jobs';
import { notifyLive, type LiveBus } from '../platform/live';
import { OUTBOX_TOPIC } from '../platform/outbox/outbox';
import type { ProcessBase } from './start-up';

/** The live topic told that provider events were stored (by an API process): the workers drain. */
export const PROVIDER_EVENTS_TOPIC = 'provider-events';

export interface BackgroundWork {
  queue: JobQueue;
  /** Stops taking work, lets what runs finish (pg-boss's graceful stop), then the worker. */
  stop(): Promise<void>;
}

export interface BackgroundSettings {
  worker: BackgroundWorker;
  messaging: Messaging;
  payoutRail: PayoutRail;
  /** The process's bus (LISTEN on the direct connection): other processes' wake-ups. */
  liveBus: LiveBus;
  /** Where the jobs' queue is handed as soon as it exists (the HTTP side of `npm start`). */
  onQueue?: (queue: JobQueue) => void;
}

/** Starts pg-boss with its workers and schedules, then everything that reacts to wake-ups. */
export async function startBackgroundWork(
  base: ProcessBase,
  settings: BackgroundSettings,
): Promise<BackgroundWork> {
  const { database, logger } = base;
  const { worker, messaging, liveBus } = settings;
  const started: { queue?: JobQueue } = {};
  const queue = await startJobs(
    database.pool,
    [
      ...applicationJobs({
        db: database.db,
        worker,
        queue: () => started.queue,
        messaging,
        reminders: { signer: createLinkSigner(base.jwtSecret) },
        payoutRail: settings.payoutRail,
      }),
      // Imports whose process died are failed by whichever worker runs the minute's job.
      interruptedImportsJob(database.db),
    ],
    logger,
  );
  started.queue = queue;
  settings.onQueue?.(queue);
  // Reconciliation every 15 s from now on (each round sends the next one).
  await sendNextReconcileRound(queue);
  // Payments recorded without their settlement line (the seed, before the accounting) get it now.
  await queue.send(SETTLE_MISSING_JOB, {}, { singletonKey: 'start-up' });
  // The statistics' rollups of schools never built or behind are brought up to date now.
  await queue.send(STATISTICS_REFRESH_JOB, {}, { singletonKey: 'start-up' });
  // Events stored while no worker ran are processed now, then as they arrive.
  worker.start();
  // Queued messages (any process's) get their job at commit: LISTEN on the direct connection.
  const messageDispatch = await messaging.startDispatch({
    queue,
    databaseUrl: base.listenUrl,
    logger,
  });
  // An event written by any process wakes the events' dispatcher at its commit: the bell, the
  // receipts and the automations react at once, not at the next round. Provider events stored
  // by an API process wake the payments worker the same way.
  const quietly = (run: () => Promise<unknown>, what: string) => () =>
    void run().catch((error: unknown) => logger.warn({ err: error }, what));
  const unsubscribe = [
    liveBus.subscribe(
      OUTBOX_TOPIC,
      quietly(() => worker.dispatchOutbox(), 'événements non distribués'),
    ),
    liveBus.subscribe(PROVIDER_EVENTS_TOPIC, () => worker.wake()),
    // Heard nothing while the connection was down: look at both queues now.
    liveBus.onReconnect(() => {
      worker.wake();
      quietly(() => worker.dispatchOutbox(), 'événements non distribués')();
    }),
  ];
  return {
    queue,
    async stop() {
      unsubscribe.forEach((off) => off());
      await messageDispatch.stop();
      await queue.stop();
      await worker.stop();
    },
  };
}

/**
 * `onEventStored` of a process without the worker (an API process): tells the workers through
 * NOTIFY. Deliveries stored while one notification is under way share the next one.
 */
export function notifyWorkersOfStoredEvents(db: Database, logger: ProcessBase['logger']) {
  let sending = false;
  let again = false;
  const send = async (): Promise<void> => {
    sending = true;
    do {
      again = false;
      await notifyLive(db, PROVIDER_EVENTS_TOPIC).catch((error: unknown) =>
        logger.warn({ err: error }, 'réveil des tâches de fond manqué'),
      );
    } while (again);
    sending = false;
  };
  return () => {
    if (sending) again = true;
    else void send();
  };
}
