import { ProviderNotFoundError, failureOf, type StatusResult } from '../../psp';
import { applyObservedStatus, type TransitionCause } from './apply-status.service';
import { findAttempt, updateAttempt } from '../attempts.repository';
import { nextCheck, nextWatchCheck } from './deadlines';
import { fetchProviderStatus, observedFrom } from './provider-status';
import type { PaymentsContext } from '../payments-context';
import type { PaymentAttemptRow } from '../payments.tables';
import { findSuccessNotice } from '../reviews/reviews.repository';
import { isActive, isWatched } from '../state-machine';

/** A creation that never reached the provider is given this long before it is called failed. */
const NOT_CREATED_GRACE_MS = 2 * 60_000;

/** Why the provider gave no status: it does not know the payment, or it did not answer. */
type NoStatus = { notFound: true } | { notFound: false; error: Error };

/**
 * Asks the provider for the authoritative status of one attempt and applies it. Past the payer's
 * deadline, this query is the final check: still pending means expired. An expired attempt is
 * still asked about during its watch, for a late success. A provider that gives no status (it
 * does not answer, refuses the question, or does not know the payment) is asked again after the
 * backoff; at the deadline the attempt closes all the same, so that it never holds its invoices.
 */
export async function checkAttempt(
  context: PaymentsContext,
  attemptId: string,
  cause: TransitionCause,
): Promise<PaymentAttemptRow> {
  const attempt = await findAttempt(context.db, attemptId);
  if (!attempt) throw new Error(`payment attempt ${attemptId} not found`);
  const provider = context.providers.get(attempt.provider as never);
  const now = context.now();
  const watching = isWatched(attempt.status) && attempt.watchUntil !== null;
  if (!provider || (!isActive(attempt.status) && !watching)) return attempt;

  // Book the next check first: a crash or a silent provider must not make the poller spin.
  const booked = await updateAttempt(context.db, attempt.id, {
    checkCount: attempt.checkCount + 1,
    nextCheckAt: watching
      ? nextWatchCheck(now, attempt.watchUntil!)
      : nextCheck(now, attempt.checkCount + 1, attempt.expiresAt),
  });

  let status: StatusResult;
  try {
    status = await fetchProviderStatus(provider, attempt);
  } catch (error) {
    const missing: NoStatus =
      error instanceof ProviderNotFoundError
        ? { notFound: true }
        : { notFound: false, error: error as Error };
    // During the watch of an ended attempt, silence changes nothing: the watch goes on.
    if (!isActive(attempt.status)) return booked;
    return withoutStatus(context, booked, missing, cause);
  }

  const { outcome, attempt: applied } = await applyObservedStatus(
    context,
    attempt.id,
    observedFrom(status),
    cause,
  );
  if (outcome === 'flagged') {
    // Paid, but not what was asked (amount or currency): a person decides. The attempt keeps its
    // invoices — the guardian must not be asked to pay them again — and the poller stops asking.
    return updateAttempt(context.db, attempt.id, { nextCheckAt: null });
  }
  if (isActive(applied.status) && now >= applied.expiresAt) {
    // This was the final check and the payer never approved.
    return expireAtDeadline(context, attempt.id);
  }
  return applied;
}

/**
 * An active attempt the provider gave no status for. Only a provider that never acknowledged the
 * request, and of which we hold no proof of payment, is believed when it says it does not know
 * it: the creation did not land, the attempt fails. Otherwise « not found » means the provider
 * lost it (a restart, a purge) and proves nothing: like silence, it is asked again with the
 * backoff until the deadline; then the attempt expires (released invoices, watched for a late
 * success) and, with its evidence, waits for a person among the payments to check.
 */
async function withoutStatus(
  context: PaymentsContext,
  attempt: PaymentAttemptRow,
  missing: NoStatus,
  cause: TransitionCause,
): Promise<PaymentAttemptRow> {
  const now = context.now();
  const pastDeadline = now >= attempt.expiresAt;
  const notice = await findSuccessNotice(context.db, attempt.id);
  const acknowledged = attempt.providerRef !== null;
  if (missing.notFound && !acknowledged && !notice) {
    const stale = now.getTime() - attempt.createdAt.getTime() > NOT_CREATED_GRACE_MS;
    if (!stale && !pastDeadline) return attempt;
    const failure = {
      ...failureOf('provider_error', 'NOT_FOUND'),
      reason: "Le prestataire n'a pas reçu la demande de paiement",
    };
    const { attempt: failed } = await applyObservedStatus(
      context,
      attempt.id,
      { status: 'failed', providerStatus: 'not_found', failure },
      cause,
    );
    return failed;
  }
  const answer = missing.notFound
    ? 'le prestataire répond ne pas connaître le paiement'
    : `le prestataire n'a pas donné de statut (${missing.error.message})`;
  if (!pastDeadline) {
    context.logger.warn(
      { attemptId: attempt.id, provider: attempt.provider, answer },
      'statut du paiement indisponible : nouvel essai plus tard',
    );
    return attempt;
  }
  const evidence = notice
    ? `Notification de succès ${notice.authenticity === 'signature_valid' ? 'signée' : 'authentifiée par son jeton'} reçue le ${stamp(notice.receivedAt)}${notice.eventType ? ` (${notice.eventType})` : ''}`
    : acknowledged
      ? `Demande acceptée par le prestataire (référence ${attempt.providerRef})`
      : null;
  return expireAtDeadline(
    context,
    attempt.id,
    evidence
      ? {
          detail:
            `${evidence} ; à l'échéance, ${answer}. Paiement clos comme expiré et surveillé ` +
            `72 h : un succès confirmé plus tard sera crédité.`,
        }
      : undefined,
  );
}

/** A date as a bursar reads it in a review (UTC is Lomé's time). */
function stamp(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' à ')} (UTC)`;
}

async function expireAtDeadline(
  context: PaymentsContext,
  attemptId: string,
  unconfirmed?: { detail: string },
) {
  const failure = unconfirmed
    ? {
        ...failureOf('expired', 'UNCONFIRMED'),
        reason: 'Délai expiré sans confirmation du prestataire',
      }
    : failureOf('expired', 'DEADLINE');
  const { attempt: expired } = await applyObservedStatus(
    context,
    attemptId,
    { status: 'expired', providerStatus: unconfirmed ? 'unconfirmed' : 'deadline', failure },
    'expiry',
    undefined,
    unconfirmed,
  );
  return expired;
}
