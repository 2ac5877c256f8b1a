import type { Database } from '../../platform/db/database';
import type { SendOptions, SendResult } from './channels/channel-adapter';
import { queueFallbackSms } from './fallback';
import { messageTries } from './message-metrics';
import {
  claimOutboundMessage,
  recordAccepted,
  recordGivenUp,
  recordRetry,
  type MessageChannel,
} from './messaging.repository';
import type { OutboundMessage } from './messaging.tables';

/** How one channel sends a message it holds, in the adapters' words (channels/channel-adapter.ts). */
export interface ChannelSender {
  channel: MessageChannel;
  /** Tries before the message is `dead` (its job's retries + 1). */
  maxAttempts: number;
  /** Seconds before the first retry, doubled each time (the job's retry policy). */
  retryDelaySeconds: number;
  /** A call to the provider is given up after this long (then its outcome is unknown). */
  callTimeoutMs: number;
  /** The provider this process sends the channel through, if any. */
  provider(): string | null;
  send(message: OutboundMessage, options: SendOptions): Promise<SendResult>;
}

export type DeliveryOutcome =
  /** Accepted by the provider. */
  | 'sent'
  /** Refused or unreachable: left `queued` for a retry. */
  | 'retrying'
  /** Refused for good: `failed` (a WhatsApp message's SMS is queued). */
  | 'failed'
  /** Every try failed: `dead` (the dead letter). */
  | 'dead'
  /** The provider may have it (timeout once sent): not sent again by itself, `failed`, marked. */
  | 'ambiguous'
  /** Nothing to do: already sent, failed, being sent, not yet due, captured, or not committed. */
  | 'skipped';

/** A try that will be retried: the job fails, so that pg-boss runs it again. */
export class DeliveryFailed extends Error {
  constructor(
    readonly outcome: 'retrying',
    readonly messageId: string,
    reason: string,
  ) {
    super(`envoi à réessayer : ${reason}`);
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
 * statement, so two jobs or two processes never send it both), calls the provider, then records
 * the outcome (docs/decisions/0020):
 * - accepted: `sent`, the provider's id kept for its delivery reports;
 * - retryable (429, 5xx, unreachable): `queued` again after the backoff (or the provider's
 *   Retry-After when longer); after the last try `dead`;
 * - permanent: `failed`;
 * - ambiguous (timeout once the request left): a transactional message is tried again (a code,
 *   a receipt: better twice than never); a reminder or a notice is not (never twice), it is
 *   `failed` with its doubt said, and its delivery report, if one comes, sets it right.
 * A WhatsApp message that ends `failed` or `dead` has its SMS queued (once).
 */
export async function deliverMessage(
  db: Database,
  messageId: string,
  sender: ChannelSender,
  now: () => Date = () => new Date(),
): Promise<{ outcome: DeliveryOutcome; error?: string }> {
  const message = await claimOutboundMessage(db, messageId, sender.channel, now());
  if (!message) return { outcome: 'skipped' };
  return deliverClaimed(db, message, sender, now);
}

/** The try of a message this process has taken (`sending`): the call, then its outcome. */
export async function deliverClaimed(
  db: Database,
  message: OutboundMessage,
  sender: ChannelSender,
  now: () => Date = () => new Date(),
): Promise<{ outcome: DeliveryOutcome; error?: string }> {
  const result = await tryClaimed(db, message, sender, now);
  messageTries.inc({ channel: sender.channel, outcome: result.outcome });
  return result;
}

async function tryClaimed(
  db: Database,
  message: OutboundMessage,
  sender: ChannelSender,
  now: () => Date,
): Promise<{ outcome: DeliveryOutcome; error?: string }> {
  const provider = sender.provider();
  let result: SendResult;
  try {
    result = await sender.send(message, {
      signal: AbortSignal.timeout(sender.callTimeoutMs),
      attempt: message.attempts,
    });
  } catch (reason) {
    // Not configured in this process, or an adapter's fault: nothing left.
    result = { kind: 'retryable', error: errorText(reason) };
  }

  if (result.kind === 'accepted') {
    await recordAccepted(db, message.id, provider ?? 'inconnu', result.providerMessageId, now());
    return { outcome: 'sent' };
  }
  if (result.kind === 'ambiguous' && message.category !== 'transactional') {
    const error = `issue incertaine (${result.error}) : non renvoyé, en attente de l’accusé de réception`;
    await recordGivenUp(db, message.id, 'failed', error, provider, { ambiguous: true });
    return { outcome: 'ambiguous', error };
  }
  if (result.kind === 'permanent') {
    await giveUp(db, message, 'failed', result.error, provider, result.noWhatsApp);
    return { outcome: 'failed', error: result.error };
  }
  const error = result.kind === 'ambiguous' ? `issue incertaine : ${result.error}` : result.error;
  if (message.attempts >= sender.maxAttempts) {
    await giveUp(db, message, 'dead', error, provider);
    return { outcome: 'dead', error };
  }
  const backoffMs = sender.retryDelaySeconds * 1000 * 2 ** (message.attempts - 1);
  const waitMs = Math.max(backoffMs, result.kind === 'retryable' ? (result.retryAfterMs ?? 0) : 0);
  await recordRetry(db, message.id, error, new Date(now().getTime() + waitMs));
  return { outcome: 'retrying', error };
}

async function giveUp(
  db: Database,
  message: OutboundMessage,
  status: 'failed' | 'dead',
  error: string,
  provider: string | null,
  noWhatsApp = false,
) {
  await db.transaction(async (tx) => {
    const ended = await recordGivenUp(tx, message.id, status, error, provider, {
      ...(noWhatsApp ? { noWhatsApp: true } : {}),
    });
    if (ended) await queueFallbackSms(tx, ended, noWhatsApp ? 'no_whatsapp' : status);
  });
}

/** The job's side of a try: a try to retry fails the job (pg-boss runs it again). */
export async function deliverOrFail(
  db: Database,
  messageId: string,
  sender: ChannelSender,
): Promise<DeliveryOutcome> {
  const { outcome, error } = await deliverMessage(db, messageId, sender);
  if (outcome === 'retrying') throw new DeliveryFailed(outcome, messageId, error ?? '');
  return outcome;
}
