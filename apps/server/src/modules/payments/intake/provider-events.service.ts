import { createHash, randomUUID } from 'node:crypto';
import {
  isOutcomeUnknown,
  type InboundWebhook,
  type ParsedEvent,
  type PaymentProvider,
} from '../../psp';
import type { ApplyJob } from '../processing/apply-status.service';
import { checkSoon, findAttempt } from '../attempts.repository';
import type { EventIntake } from './event-intake';
import type { PaymentsContext } from '../payments-context';
import { fetchProviderStatus, observedFrom } from '../processing/provider-status';
import type { PaymentAttemptRow, ProviderEventRow } from '../payments.tables';
import {
  markEventProcessed,
  namesProviderPayment,
  recordEventFailure,
} from './provider-events.repository';
import { flagForReview } from '../reviews/flag-for-review';
import { applyMerchantPayment, isMerchantPayment } from '../incoming-credits/merchant-payments';

/** Header values as stored: one string per header, secrets masked. */
function storableHeaders(headers: InboundWebhook['headers']): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    stored[name] = /authorization|cookie/i.test(name) ? '***' : [value].flat().join(', ');
  }
  return stored;
}

async function parseSafely(
  provider: PaymentProvider,
  webhook: InboundWebhook,
  attempt: PaymentAttemptRow | undefined,
): Promise<ParsedEvent> {
  try {
    return await provider.parseWebhook(webhook, {
      ...(attempt?.providerSecrets ? { providerSecrets: attempt.providerSecrets } : {}),
    });
  } catch {
    const digest = createHash('sha256').update(webhook.rawBody).digest('hex');
    return {
      authenticity: 'unauthenticated',
      authFailure: 'bad_signature',
      dedupeKey: `unparsed:${digest}`,
      raw: null,
    };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Why an unauthenticated notification may still be real: its provider never signs (MTN,
 * PayGate), or we hold nothing to check it with (no secret configured, no notif_token kept).
 * Any other failure — a bad or stale signature, a wrong token — is a failed check.
 */
const MERE_HINTS: readonly string[] = ['not_signed', 'no_secret_configured', 'no_expected_token'];

/**
 * Whether a notification passed what can be checked of it: a valid signature or token, or — where
 * there is nothing to check — it names one of the provider's own payments, as every real one does.
 */
async function isVerified(
  context: PaymentsContext,
  provider: PaymentProvider,
  parsed: ParsedEvent,
  pathAttempt: PaymentAttemptRow | undefined,
): Promise<boolean> {
  if (parsed.authenticity !== 'unauthenticated') return true;
  if (!MERE_HINTS.includes(parsed.authFailure ?? '')) return false;
  if (pathAttempt) return pathAttempt.provider === provider.id;
  return namesProviderPayment(context.db, provider.id, {
    attemptId: parsed.attemptId,
    providerRef: parsed.providerRef,
  });
}

export type StoreOutcome =
  | { stored: boolean }
  /** Refused, not stored: `unsigned`, without the signature header the provider always sends;
   * `over_budget`, a failed check from an address that has sent too many already. */
  | { stored: false; refused: 'unsigned' | 'over_budget' };

/**
 * Stores a provider's notification as received — headers, raw bytes, what its signature or token
 * proved, the payment it names — before anything else. A retried delivery (same dedupe key) is
 * stored once; the intake answers the retries of events this process stored without asking the
 * database. A notification that passed its checks is always stored; one without the signature its
 * provider always sends never is; one that failed them is stored while `withinBudget` allows (its
 * sender's budget), for a person to review. Never throws for a bad notification.
 */
export async function storeProviderEvent(
  context: PaymentsContext,
  provider: PaymentProvider,
  webhook: InboundWebhook,
  intake: EventIntake,
  withinBudget: () => Promise<boolean>,
): Promise<StoreOutcome> {
  const pathAttempt = webhook.attemptId
    ? await findAttempt(context.db, webhook.attemptId)
    : undefined;
  const parsed = await parseSafely(provider, webhook, pathAttempt);
  if (parsed.authFailure === 'missing_signature') return { stored: false, refused: 'unsigned' };
  const key = `${provider.id}:${parsed.dedupeKey}`;
  if (intake.knows(key)) return { stored: false };
  if (!(await isVerified(context, provider, parsed, pathAttempt)) && !(await withinBudget())) {
    return { stored: false, refused: 'over_budget' };
  }
  const named = pathAttempt?.id ?? parsed.attemptId;
  const stored = await intake.store(key, {
    id: randomUUID(),
    provider: provider.id,
    dedupeKey: parsed.dedupeKey,
    attemptHint: named && UUID.test(named) ? named.toLowerCase() : null,
    providerRefHint: parsed.providerRef ?? null,
    method: webhook.method,
    path: webhook.path.slice(0, 500),
    headers: storableHeaders(webhook.headers),
    rawBody: webhook.rawBody,
    authenticity: parsed.authenticity,
    authFailure: parsed.authFailure ?? null,
    hintedStatus: parsed.hintedStatus ?? null,
    eventType: parsed.eventType ?? null,
    receivedAt: webhook.receivedAt,
  });
  if (stored) context.onEventStored?.();
  return { stored };
}

/** What a failed check means, for the person who reviews the notification. */
const AUTH_FAILURES: Record<string, string> = {
  bad_signature: 'Signature invalide',
  missing_signature: 'Signature absente',
  stale_timestamp: 'Signature trop ancienne (plus de 5 minutes) : possible rejeu',
  token_mismatch: 'Jeton de notification différent de celui remis par le prestataire',
};

/**
 * An unsigned notification from a provider that never signs (MTN, PayGate) or one we hold no
 * secret for is a hint, not a forgery: the status is fetched from the provider anyway. A failed
 * check (bad signature, stale timestamp, wrong token) is what puts an event in front of a person.
 */
function isMereHint(event: ProviderEventRow): boolean {
  return MERE_HINTS.includes(event.authFailure ?? '');
}

/**
 * Readies one stored notification for applying. It is only a trigger: the status to apply is the
 * one the provider gives when asked. Notifications naming no payment, and unauthenticated ones,
 * are kept and flagged, never applied (a forged-looking one only makes the poller ask sooner); a
 * provider that does not answer hands the attempt to the poller. `attempt` is the one the event
 * names, read by the caller with the rest of its batch. Null when there is nothing to apply (the
 * event is then already marked processed).
 */
export async function prepareProviderEvent(
  context: PaymentsContext,
  event: ProviderEventRow,
  attempt: PaymentAttemptRow | undefined,
): Promise<ApplyJob | null> {
  if (!attempt && isMerchantPayment(event)) {
    // Money a customer sent from the wallet's menu: the school's incoming credit.
    await applyMerchantPayment(context, event);
    return null;
  }
  if (!attempt) {
    await context.db.transaction(async (tx) => {
      await flagForReview(tx, {
        organizationId: null,
        reason: 'unknown_attempt',
        provider: event.provider,
        eventId: event.id,
        detail: event.eventType,
      });
      await markEventProcessed(tx, event.id, 'flagged');
    });
    return null;
  }
  if (event.authenticity === 'unauthenticated' && !isMereHint(event)) {
    await context.db.transaction(async (tx) => {
      await flagForReview(tx, {
        organizationId: attempt.organizationId,
        reason: 'unauthenticated',
        provider: event.provider,
        eventId: event.id,
        attemptId: attempt.id,
        expectedAmount: attempt.amount,
        detail: AUTH_FAILURES[event.authFailure ?? ''] ?? event.authFailure,
      });
      await checkSoon(tx, [attempt.id], context.now());
      await markEventProcessed(tx, event.id, 'flagged');
    });
    return null;
  }

  const provider = context.providers.get(attempt.provider as never);
  if (!provider) throw new Error(`provider ${attempt.provider} is not configured`);
  let status;
  try {
    status = await fetchProviderStatus(provider, attempt);
  } catch (error) {
    await context.db.transaction(async (tx) => {
      await checkSoon(tx, [attempt.id], new Date(context.now().getTime() + 5_000));
      await markEventProcessed(
        tx,
        event.id,
        'deferred',
        isOutcomeUnknown(error) ? (error as Error).message : String(error),
      );
    });
    return null;
  }
  return {
    attemptId: attempt.id,
    guardianId: attempt.guardianId,
    observed: observedFrom(status),
    cause: 'webhook',
    eventId: event.id,
  };
}

/** Records a processing failure (a bug, the database away): the event is tried again later. */
export async function recordProcessingFailure(
  context: PaymentsContext,
  event: ProviderEventRow,
  error: unknown,
): Promise<void> {
  context.logger.error(
    { eventId: event.id, provider: event.provider, error: (error as Error).message },
    'échec du traitement d’une notification de paiement',
  );
  await recordEventFailure(context.db, event.id, (error as Error).message ?? String(error));
}
