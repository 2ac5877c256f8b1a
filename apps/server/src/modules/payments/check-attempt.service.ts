import { ProviderNotFoundError, ProviderRequestError, failureOf, type StatusResult } from '../psp';
import { applyObservedStatus, type TransitionCause } from './apply-status.service';
import { findAttempt, updateAttempt } from './attempts.repository';
import { nextCheck, nextWatchCheck } from './deadlines';
import { fetchProviderStatus, observedFrom } from './provider-status';
import type { PaymentsContext } from './payments-context';
import type { PaymentAttemptRow } from './payments.tables';
import { isActive } from './state-machine';

/** A creation that never reached the provider is given this long before it is called failed. */
const NOT_CREATED_GRACE_MS = 2 * 60_000;

/**
 * Asks the provider for the authoritative status of one attempt and applies it. Past the payer's
 * deadline, this query is the final check: still pending means expired. An expired attempt is
 * still asked about during its watch, for a late success. A provider that does not answer changes
 * nothing: the attempt is asked again after the backoff. One that cannot even be asked (the
 * reference it needs came in an answer that was lost) lets the attempt expire at its deadline.
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
  const watching = attempt.status === 'expired' && attempt.watchUntil !== null;
  if (!provider || (!isActive(attempt.status) && !watching)) return attempt;

  // Book the next check first: a crash or a silent provider must not make the poller spin.
  const booked = await updateAttempt(context.db, attempt.id, {
    checkCount: attempt.checkCount + 1,
    nextCheckAt: watching
      ? nextWatchCheck(now, attempt.watchUntil!)
      : nextCheck(now, attempt.checkCount + 1, attempt.expiresAt),
  });

  let status: StatusResult | null;
  try {
    status = await fetchProviderStatus(provider, attempt);
  } catch (error) {
    if (
      error instanceof ProviderRequestError &&
      isActive(attempt.status) &&
      now >= attempt.expiresAt
    ) {
      // The question cannot even be put (Orange's status needs the pay_token that a lost answer
      // carried): asking again will not help. Past the deadline it expires, and stays watched.
      return expireAtDeadline(context, attempt.id);
    }
    if (!(error instanceof ProviderNotFoundError)) {
      context.logger.warn(
        { attemptId: attempt.id, provider: attempt.provider, error: (error as Error).message },
        'statut du paiement indisponible : nouvel essai plus tard',
      );
      return booked;
    }
    status = null;
  }

  if (status === null) {
    // The provider has never heard of it: the creation did not land.
    const stale = now.getTime() - attempt.createdAt.getTime() > NOT_CREATED_GRACE_MS;
    if (!isActive(attempt.status) || (!stale && now < attempt.expiresAt)) {
      return booked;
    }
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

async function expireAtDeadline(context: PaymentsContext, attemptId: string) {
  const { attempt: expired } = await applyObservedStatus(
    context,
    attemptId,
    { status: 'expired', providerStatus: 'deadline', failure: failureOf('expired', 'DEADLINE') },
    'expiry',
  );
  return expired;
}
