import { dispatchOutbox } from '../../../platform/outbox/outbox';
import { receiptOutboxHandlers } from '../../receipts';
import type { PaymentsContext } from '../payments-context';

/** Events handed over per transaction: a batch holds its schools' receipt counters until commit. */
const OUTBOX_BATCH = 5;

export interface OutboxDispatcher {
  /** Hands every waiting event to its handlers; returns how many. Throws what a handler threw. */
  dispatch(): Promise<number>;
  /** The same, logging a failure instead (the events wait for the next round). */
  dispatchQuietly(): Promise<void>;
  /** Resolves once the round under way, if any, is over. */
  settled(): Promise<void>;
}

/**
 * The worker's side of the outbox (`payment.succeeded` → receipt and the payer's message). One
 * round at a time in a worker: two rounds would take several schools' receipt counters and audit
 * chains in different orders. A call during a round runs one more round after it, so an event
 * recorded meanwhile is not left waiting.
 */
export function createOutboxDispatcher(
  context: PaymentsContext,
  /** True while more urgent work is under way (crediting payments): the round stops between batches. */
  yieldTo: () => boolean = () => false,
): OutboxDispatcher {
  const handlers = receiptOutboxHandlers(() => context.now());
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;

  async function dispatchAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const handed = await dispatchOutbox(context.db, handlers, OUTBOX_BATCH);
      total += handed;
      if (handed < OUTBOX_BATCH || yieldTo()) return total;
    }
  }

  function dispatch(): Promise<number> {
    if (!running) {
      running = dispatchAll().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => 0)
      .then(() => {
        queued = null;
        return dispatch();
      });
    return queued;
  }

  return {
    dispatch,
    async dispatchQuietly() {
      try {
        await dispatch();
      } catch (error) {
        context.logger.error(
          { error: (error as Error).message },
          'échec de l’émission des reçus (nouvel essai au prochain passage)',
        );
      }
    },
    async settled() {
      await Promise.allSettled([running, queued]);
    },
  };
}
