import type { Database } from '../db/database';
import {
  defaultDeliveryPolicy,
  deliverNext,
  fanOutEvents,
  type AnyEventHandler,
  type DeliveryPolicy,
} from './event-dispatch';

export interface DispatcherLogger {
  error(object: object, message?: string): void;
}

export interface EventDispatcherOptions {
  /** True while more urgent work is under way (crediting payments): the round stops between batches. */
  yieldTo?: () => boolean;
  /** Deliveries between two looks at `yieldTo`. */
  batchSize?: number;
  policy?: DeliveryPolicy;
  logger?: DispatcherLogger;
}

export interface EventDispatcher {
  /** Hands waiting events to their handlers and runs the due deliveries; returns how many ran. */
  dispatch(): Promise<number>;
  /** The same, logging a failure of the database instead (the events wait for the next round). */
  dispatchQuietly(): Promise<void>;
  /** Resolves once the round under way, if any, is over. */
  settled(): Promise<void>;
}

/**
 * The worker's side of the events: rounds of fan-out and delivery. One round at a time in a
 * process; a call during a round runs one more round after it, so an event recorded meanwhile is
 * not left waiting. Several processes may dispatch at once: events and deliveries are taken with
 * SKIP LOCKED, each delivery in a transaction of its own, so one failing handler or event holds
 * no other back.
 */
export function createEventDispatcher(
  db: Database,
  handlers: readonly AnyEventHandler[],
  options: EventDispatcherOptions = {},
): EventDispatcher {
  const byName = new Map(handlers.map((handler) => [handler.name, handler]));
  const batchSize = options.batchSize ?? 5;
  const yieldTo = options.yieldTo ?? (() => false);
  const policy = options.policy ?? defaultDeliveryPolicy;
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;

  async function dispatchAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const handed = await fanOutEvents(db, handlers);
      let ran = 0;
      while (ran < batchSize) {
        const outcome = await deliverNext(db, byName, policy);
        if (!outcome) break;
        ran += 1;
        if (outcome.kind === 'failed') {
          options.logger?.error(
            {
              handler: outcome.handler,
              eventId: outcome.eventId,
              attempts: outcome.attempts,
              dead: outcome.dead,
              error: outcome.error.message,
            },
            outcome.dead
              ? 'événement abandonné après le dernier essai (npm run events:failed)'
              : 'échec du traitement d’un événement (nouvel essai plus tard)',
          );
        }
      }
      total += ran;
      if ((handed === 0 && ran < batchSize) || yieldTo()) return total;
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
        options.logger?.error(
          { error: (error as Error).message },
          'échec du traitement des événements (nouvel essai au prochain passage)',
        );
      }
    },
    async settled() {
      await Promise.allSettled([running, queued]);
    },
  };
}
