import { checkAttempt } from './check-attempt.service';
import { reconcileRefunds } from '../refunds/refund-settlement.service';
import { findAttempts, findDueAttempts } from '../attempts.repository';
import type { PaymentsContext } from '../payments-context';
import {
  claimUnprocessedEvents,
  secondsToNextLeaseEnd,
} from '../intake/provider-events.repository';
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
  /** True while stored events are being processed (other work gives way). */
  isDraining(): boolean;
  /** Asks the providers about every attempt and refund whose check is due; returns how many. */
  reconcile(): Promise<number>;
  /** Processes the events stored while the process was down (the rest is woken or scheduled). */
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
  /** Called each time the queue of events has been drained (the composition dispatches events). */
  onDrained?: () => void;
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
  let stopped = false;

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
        const batch = await claimUnprocessedEvents(context.db, 200, MAX_EVENT_TRIES);
        if (batch.length === 0) break;
        total += batch.length;
        await processBatch(batch);
        if (stopped) return total;
      }
    } while (again && !stopped);
    return total;
  }

  let leaseTimer: NodeJS.Timeout | null = null;
  async function drainWhenLeasesEnd(): Promise<void> {
    if (leaseTimer) return;
    const seconds = await secondsToNextLeaseEnd(context.db, MAX_EVENT_TRIES).catch(() => null);
    if (seconds === null || stopped || leaseTimer) return;
    leaseTimer = setTimeout(
      () => {
        leaseTimer = null;
        void drainEvents().catch(() => undefined);
      },
      Math.ceil(seconds * 1000) + 100,
    );
    leaseTimer.unref();
  }

  function drainEvents(): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = drainOnce().finally(() => {
      draining = null;
      // Events another worker holds are taken over when its lease runs out (it may have died).
      if (!stopped) void drainWhenLeasesEnd();
      // What reacts to the confirmations (receipts) once the queue is empty: during a burst,
      // crediting comes first, and the reactions follow.
      if (!stopped) options.onDrained?.();
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
    reconciling ??= reconcileOnce().finally(() => {
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
    isDraining: () => draining !== null,
    reconcile,
    start: quietly(drainEvents),
    async stop() {
      stopped = true;
      if (leaseTimer) clearTimeout(leaseTimer);
      await Promise.allSettled([draining, reconciling]);
    },
  };
}
