import type { DbOrTx } from '../../platform/db/database';
import {
  claimOutboundMessage,
  deliveryOf,
  recordDelivery,
  type MessageChannel,
  type MessageDelivery,
} from './messaging.repository';
import type { OutboundMessage } from './messaging.tables';

/** How one channel sends a message it holds; throws why it could not. */
export interface ChannelSender {
  channel: MessageChannel;
  /** Tries before the message is `failed` for good (its job's retries + 1). */
  maxAttempts: number;
  /** Seconds before the first retry, doubled each time (the job's retry policy). */
  retryDelaySeconds: number;
  send(message: OutboundMessage): Promise<{ providerMessageId?: string }>;
  /** A refusal no retry can change (an SMTP 5xx: no such mailbox): failed at once. */
  isPermanent?(error: unknown): boolean;
}

export type DeliveryOutcome =
  /** Accepted by the provider. */
  | 'sent'
  /** Refused or unreachable: left `queued` for the job's retry. */
  | 'retrying'
  /** Refused on its last try: `failed`. */
  | 'failed'
  /** Nothing to do: already sent, failed, being sent, captured, or not committed. */
  | 'skipped';

/** A try that did not send: the job fails, so that pg-boss retries it (or keeps it failed). */
export class DeliveryFailed extends Error {
  constructor(
    readonly outcome: 'retrying' | 'failed',
    readonly messageId: string,
    reason: string,
  ) {
    super(`${outcome === 'failed' ? 'message abandonné' : 'envoi à réessayer'} : ${reason}`);
    this.name = 'DeliveryFailed';
  }
}

export function errorText(reason: unknown): string {
  if (!(reason instanceof Error)) return String(reason).slice(0, 500);
  // fetch's own message is « fetch failed »; the cause says what (ECONNREFUSED, timeout…).
  const cause = reason.cause instanceof Error ? `: ${reason.cause.message}` : '';
  return `${reason.message}${cause}`.slice(0, 500);
}

/**
 * One try of one message, never inside a transaction: takes it (`sending`, in its own short
 * statement, so two jobs never send it both), calls the provider, then records the outcome in
 * another statement. A provider's refusal leaves it `queued` for the retry, or `failed` on the
 * last try.
 */
export async function deliverMessage(
  db: DbOrTx,
  messageId: string,
  sender: ChannelSender,
  now: () => Date = () => new Date(),
): Promise<{ outcome: DeliveryOutcome; error?: string }> {
  const message = await claimOutboundMessage(db, messageId, sender.channel, now());
  if (!message) return { outcome: 'skipped' };
  const { attempts, claimedAt } = deliveryOf(message);
  const tried: MessageDelivery = { attempts, ...(claimedAt ? { claimedAt } : {}) };
  let providerMessageId: string | undefined;
  try {
    ({ providerMessageId } = await sender.send(message));
  } catch (reason) {
    const error = errorText(reason);
    const at = now();
    if (attempts >= sender.maxAttempts || sender.isPermanent?.(reason)) {
      await recordDelivery(db, message.id, 'failed', {
        ...tried,
        error,
        failedAt: at.toISOString(),
      });
      return { outcome: 'failed', error };
    }
    const delayMs = sender.retryDelaySeconds * 1000 * 2 ** (attempts - 1);
    await recordDelivery(db, message.id, 'queued', {
      ...tried,
      error,
      retryAt: new Date(at.getTime() + delayMs).toISOString(),
    });
    return { outcome: 'retrying', error };
  }
  await recordDelivery(db, message.id, 'sent', {
    ...tried,
    sentAt: now().toISOString(),
    ...(providerMessageId ? { providerMessageId } : {}),
  });
  return { outcome: 'sent' };
}

/** The job's side of a try: a message not sent fails the job, with the reason recorded. */
export async function deliverOrFail(
  db: DbOrTx,
  messageId: string,
  sender: ChannelSender,
): Promise<DeliveryOutcome> {
  const { outcome, error } = await deliverMessage(db, messageId, sender);
  if (outcome === 'retrying' || outcome === 'failed') {
    throw new DeliveryFailed(outcome, messageId, error ?? '');
  }
  return outcome;
}
