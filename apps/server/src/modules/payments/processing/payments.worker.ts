import type { JobDefinition } from '../../../platform/jobs/jobs';
import { checkAttempt } from './check-attempt.service';
import { createOutboxDispatcher } from './outbox-dispatcher';
import { reconcileRefunds } from '../refunds/refund-settlement.service';
import { findAttempts, findDueAttempts } from '../attempts.repository';
import type { PaymentsContext } from '../payments-context';
import { findUnprocessedEvents } from '../intake/provider-events.repository';
import { prepareProviderEvent, recordProcessingFailure } from '../intake/provider-events.service';
import type { ProviderEventRow } from '../payments.tables';
import { applyObservedStatuses, type ApplyJob, type ApplyResult } from './apply-status.service';

/** A stored event that failed this many times (a bug, not the provider) waits for a person. */
const MAX_EVENT_TRIES = 10;

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

export interface PaymentsWorker {
  /** An event was stored: process the queue soon. */
  wake(): void;
  /** Processes stored events until none is left; returns how many were taken. */
  drainEvents(): Promise<number>;
  /** Asks the providers about every attempt and refund whose check is due; returns how many. */
  reconcile(): Promise<number>;
  /** Hands the outbox's waiting events to their handlers (receipts); returns how many. */
  dispatchOutbox(): Promise<number>;
  /** The scheduled jobs (pg-boss) that keep the queue and the poller going. */
  scheduledJobs(): JobDefinition[];
  /** Starts the in-process timers (events at once, polls every 15 s). */
  start(): void;
  stop(): Promise<void>;
}

export interface PaymentsWorkerOptions {
  /** Status queries to the providers at once. */
  eventConcurrency?: number;
  /** Confirmations applied per transaction, and transactions at once. */
  chunkSize?: number;
  applyLanes?: number;
  pollConcurrency?: number;
  pollEveryMs?: number;
}

/** The scheduled jobs (pg-boss) that keep a worker's queue and poller going. */
export function paymentsScheduledJobs(
  worker: Pick<PaymentsWorker, 'drainEvents' | 'reconcile' | 'dispatchOutbox'>,
): JobDefinition[] {
  // A missed tick is the next tick: no retries.
  return [
    {
      name: 'payments.reconcile',
      schedule: { cron: '* * * * *' },
      retryLimit: 0,
      run: async () => void (await worker.reconcile()),
    },
    {
      name: 'payments.events',
      schedule: { cron: '* * * * *' },
      retryLimit: 0,
      run: async () => void (await worker.drainEvents()),
    },
    {
      name: 'payments.outbox',
      schedule: { cron: '* * * * *' },
      retryLimit: 0,
      run: async () => void (await worker.dispatchOutbox()),
    },
  ];
}

/**
 * The payments worker: processes the stored provider events (the table is the queue, so a crash
 * between storing and processing loses nothing), and reconciles attempts with the providers.
 */
export function createPaymentsWorker(
  context: PaymentsContext,
  options: PaymentsWorkerOptions = {},
): PaymentsWorker {
  const eventConcurrency = options.eventConcurrency ?? 16;
  const chunkSize = options.chunkSize ?? 25;
  const applyLanes = options.applyLanes ?? 2;
  const pollConcurrency = options.pollConcurrency ?? 8;
  let draining: Promise<number> | null = null;
  let again = false;
  let reconciling: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Receipts of the payments confirmed: once the queue of events is empty, after each
  // reconciliation round and each minute; a round gives way as soon as events wait again.
  const outbox = createOutboxDispatcher(context, () => draining !== null);

  /** Readies a batch of events (status fetched from the providers), then applies it in chunks. */
  async function processBatch(batch: ProviderEventRow[]): Promise<void> {
    const ready: { event: ProviderEventRow; job: ApplyJob }[] = [];
    const named = batch.flatMap((event) => (event.attemptId ? [event.attemptId] : []));
    const attempts = new Map(
      (await findAttempts(context.db, named)).map((attempt) => [attempt.id, attempt]),
    );
    await inParallel(batch, eventConcurrency, async (event) => {
      try {
        const attempt = event.attemptId ? attempts.get(event.attemptId) : undefined;
        const job = await prepareProviderEvent(context, event, attempt);
        if (job) ready.push({ event, job });
      } catch (error) {
        await recordProcessingFailure(context, event, error);
      }
    });
    // Events of one attempt stay in one chunk: chunks applied side by side never meet on it.
    ready.sort((a, b) => a.job.attemptId.localeCompare(b.job.attemptId));
    const chunks: (typeof ready)[] = [];
    for (const item of ready) {
      const last = chunks.at(-1);
      const sameAttempt = last?.at(-1)?.job.attemptId === item.job.attemptId;
      if (last && (last.length < chunkSize || sameAttempt)) last.push(item);
      else chunks.push([item]);
    }
    await inParallel(chunks, applyLanes, async (chunk) => {
      let results: ApplyResult[];
      try {
        results = await applyObservedStatuses(
          context,
          chunk.map((item) => item.job),
        );
      } catch (error) {
        // The whole chunk was rolled back (a deadlock, the database away): all of it again later.
        for (const item of chunk) await recordProcessingFailure(context, item.event, error);
        return;
      }
      for (const result of results) {
        if (!('error' in result)) continue;
        const item = chunk.find((candidate) => candidate.job === result.job);
        if (item) await recordProcessingFailure(context, item.event, result.error);
      }
    });
  }

  async function drainOnce(): Promise<number> {
    let total = 0;
    do {
      again = false;
      for (;;) {
        const batch = await findUnprocessedEvents(context.db, 200, MAX_EVENT_TRIES);
        if (batch.length === 0) break;
        total += batch.length;
        await processBatch(batch);
        if (stopped) return total;
      }
    } while (again && !stopped);
    return total;
  }

  function drainEvents(): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = drainOnce().finally(() => {
      draining = null;
      // Receipts once the queue is empty: during a burst, crediting comes first (receipts compete
      // for the schools' audit chains and the processor), and the receipts follow.
      if (!stopped) void outbox.dispatchQuietly();
    });
    return draining;
  }

  async function reconcileOnce(): Promise<number> {
    const due = await findDueAttempts(context.db, context.now(), 200);
    await inParallel(due, pollConcurrency, async (attempt) => {
      try {
        await checkAttempt(context, attempt.id, 'poll');
      } catch (error) {
        context.logger.error(
          { attemptId: attempt.id, error: (error as Error).message },
          'échec du rapprochement d’un paiement',
        );
      }
    });
    // Refunds the provider has not answered yet are asked about in the same round.
    return due.length + (await reconcileRefunds(context));
  }

  function reconcile(): Promise<number> {
    reconciling ??= reconcileOnce()
      .then(async (count) => {
        await outbox.dispatchQuietly();
        return count;
      })
      .finally(() => {
        reconciling = null;
      });
    return reconciling;
  }

  const quietly = (work: () => Promise<unknown>) => () =>
    void work().catch((error: unknown) =>
      context.logger.error({ error: (error as Error).message }, 'tâche des paiements en échec'),
    );

  return {
    wake: quietly(drainEvents),
    drainEvents,
    reconcile,
    dispatchOutbox: outbox.dispatch,
    scheduledJobs: () =>
      paymentsScheduledJobs({ drainEvents, reconcile, dispatchOutbox: outbox.dispatch }),
    start() {
      quietly(drainEvents)();
      timer = setInterval(quietly(reconcile), options.pollEveryMs ?? 15_000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([draining, reconciling, outbox.settled()]);
    },
  };
}
