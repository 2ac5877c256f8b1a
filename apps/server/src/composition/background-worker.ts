import {
  createPaymentsWorker,
  type PaymentsContext,
  type PaymentsWorkerOptions,
} from '../modules/payments';
import type { DeliveryPolicy } from '../platform/outbox/event-dispatch';
import { createEventDispatcher } from '../platform/outbox/event-dispatcher';
import { eventHandlers, registerEventSubscribers } from './event-handlers';

/**
 * The background work of a process: the payments worker (provider events, reconciliation) and
 * the events' dispatcher (receipts…), together. What the pg-boss jobs and the HTTP server's wake-ups
 * drive, in-process or on the worker thread (worker-thread.ts).
 */
export interface BackgroundWorker {
  /** A provider event was stored: process the queue soon. */
  wake(): void;
  /** Processes the stored provider events until none is left; returns how many were taken. */
  drainEvents(): Promise<number>;
  /** Asks the providers about every attempt and refund due, then runs the events' handlers. */
  reconcile(): Promise<number>;
  /** Hands waiting events to their handlers and runs the due deliveries; returns how many ran. */
  dispatchOutbox(): Promise<number>;
  /** Processes what was stored while the process was down. */
  start(): void;
  stop(): Promise<void>;
}

export interface BackgroundWorkerOptions extends PaymentsWorkerOptions {
  delivery?: DeliveryPolicy;
}

export function createBackgroundWorker(
  context: PaymentsContext,
  options: BackgroundWorkerOptions = {},
): BackgroundWorker {
  registerEventSubscribers();
  // Receipts of the payments confirmed: once the queue of provider events is empty, after each
  // reconciliation round and each minute; a round gives way as soon as provider events wait again.
  const events = createEventDispatcher(context.db, eventHandlers(context.now), {
    yieldTo: () => payments.isDraining(),
    logger: context.logger,
    ...(options.delivery ? { policy: options.delivery } : {}),
  });
  const payments = createPaymentsWorker(context, {
    ...options,
    onDrained: () => void events.dispatchQuietly(),
  });
  return {
    wake: payments.wake,
    drainEvents: payments.drainEvents,
    async reconcile() {
      const count = await payments.reconcile();
      await events.dispatchQuietly();
      return count;
    },
    dispatchOutbox: events.dispatch,
    start: payments.start,
    async stop() {
      await payments.stop();
      await events.settled();
    },
  };
}
