import type { Database } from '../../platform/db/database';
import type { JobLogger } from '../../platform/jobs/jobs';
import { deliverClaimed, type ChannelSender } from './delivery';
import { claimDueMessages, type MessageChannel } from './messaging.repository';
import { configuredChannels } from './transports';

/** Calls to providers in flight at once in one process (every channel together). */
export const PUMP_CONCURRENCY = 16;
/** Retries come due on their own: looked for this often even without a notification. */
const POLL_MS = 1_000;

export interface MessagePump {
  /** Something was queued (a notification at commit): look now. */
  wake(): void;
  /** Stops taking messages and waits for the calls in flight. */
  stop(): Promise<void>;
}

/**
 * The sending loop of one process (docs/decisions/0020): takes due messages of the channels this
 * process sends by batches, in one statement each (`claimDueMessages`: SKIP LOCKED, so two
 * processes share the queue and never take the same message), and keeps up to
 * PUMP_CONCURRENCY provider calls in flight. Woken by each commit that queues messages, and
 * every second for retries coming due. A message it takes is sent exactly as its job would:
 * same outcomes, same retries, same dead letters.
 */
export function startMessagePump(
  db: Database,
  senders: Record<MessageChannel, ChannelSender>,
  logger: JobLogger,
  options: { concurrency?: number; pollMs?: number; channels?: () => MessageChannel[] } = {},
): MessagePump {
  const concurrency = options.concurrency ?? PUMP_CONCURRENCY;
  const channels = options.channels ?? configuredChannels;
  const inFlight = new Set<Promise<unknown>>();
  let running = false;
  let again = false;
  let stopped = false;

  const drain = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        while (!stopped) {
          const room = concurrency - inFlight.size;
          // Taken by batches (half the lanes at least), not one by one as each call ends.
          if (room < Math.max(1, Math.floor(concurrency / 2)) && inFlight.size > 0) {
            await Promise.race(inFlight);
            continue;
          }
          const claimed = await claimDueMessages(db, channels(), new Date(), room);
          if (claimed.length === 0) break;
          for (const message of claimed) {
            const call: Promise<unknown> = deliverClaimed(db, message, senders[message.channel])
              .catch((error: unknown) =>
                // Left `sending`: the sweep offers it again after a while.
                logger.error({ err: error, outboundMessageId: message.id }, 'envoi interrompu'),
              )
              .finally(() => {
                inFlight.delete(call);
                // Room again: the next due messages go.
                wake();
              });
            inFlight.add(call);
          }
        }
      } while (again && !stopped);
    } catch (error) {
      logger.error({ err: error }, 'prise des messages à envoyer impossible, nouvel essai');
    } finally {
      running = false;
    }
  };
  const wake = () => {
    if (!stopped) void drain();
  };
  const timer = setInterval(wake, options.pollMs ?? POLL_MS);
  timer.unref();
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
