import type { PaymentChannelValue, PaymentMethodValue } from '@ecolage/contracts';
import type { Transaction } from '../../../platform/db/database';
import { publishEvent } from '../../../platform/outbox/outbox';
import { recordAuditEntries, type AuditEntryInput } from '../../audit';
import type { PaymentFailure, PaymentStatus, ReportedMoney } from '../../psp';
import {
  lockAttempt,
  lockAttempts,
  recordTransition,
  releaseInvoices,
  updateAttempt,
} from '../attempts.repository';
import {
  asConfirmation,
  confirmSuccesses,
  moneyMismatch,
  providerActor,
  type Confirmation,
} from './confirm-successes';
import { nextCheck, nextWatchCheck, watchDeadline } from './deadlines';
import type { PaymentsContext } from '../payments-context';
import type { PaymentAttemptRow } from '../payments.tables';
import { markEventProcessed } from '../intake/provider-events.repository';
import { flagForReview } from '../reviews/flag-for-review';
import { findAttemptInvoiceStudents } from './ended-attempts.repository';
import { isActive, transition, type PaymentState } from '../state-machine';

const refundStates: ReadonlySet<string> = new Set([
  'refund_pending',
  'refunded',
  'partially_refunded',
]);

/** A status the provider reported when asked (never a notification's word alone). */
export interface ObservedStatus {
  status: PaymentStatus;
  providerStatus: string;
  providerRef?: string;
  providerTxnId?: string;
  paidAmount?: ReportedMoney;
  failure?: PaymentFailure;
}

export type TransitionCause = 'initiation' | 'webhook' | 'poll' | 'refresh' | 'expiry';
export type ApplyOutcome = 'applied' | 'unchanged' | 'flagged';

/** One status to apply to one attempt (from a notification, a poll, a manual check). */
export interface ApplyJob {
  attemptId: string;
  observed: ObservedStatus;
  cause: TransitionCause;
  /** The notification that triggered it: marked processed in the same transaction. */
  eventId?: string;
  /** The payer, when known: a batch takes the payers' locks in one order. */
  guardianId?: string;
  /**
   * The provider did not confirm a payment it had accepted or notified as paid: a review with this
   * evidence is opened in the change's transaction.
   */
  unconfirmed?: { detail: string };
}

export type ApplyResult =
  | { job: ApplyJob; outcome: ApplyOutcome; attempt: PaymentAttemptRow }
  | { job: ApplyJob; error: unknown };

/**
 * Applies what the provider says about an attempt, in one transaction: the forward-only transition,
 * and for a success the allocation to invoices, the ledger posting, the audit entry and the
 * `payment.succeeded` outbox event. A success whose amount or currency differs from the attempt is
 * flagged for review and never applied. `eventId` marks the notification processed in the same
 * transaction, so a crash leaves it to be processed again, never half-applied.
 */
export async function applyObservedStatus(
  context: PaymentsContext,
  attemptId: string,
  observed: ObservedStatus,
  cause: TransitionCause,
  eventId?: string,
  unconfirmed?: ApplyJob['unconfirmed'],
): Promise<{ outcome: ApplyOutcome; attempt: PaymentAttemptRow }> {
  const [result] = await applyObservedStatuses(context, [
    {
      attemptId,
      observed,
      cause,
      ...(eventId ? { eventId } : {}),
      ...(unconfirmed ? { unconfirmed } : {}),
    },
  ]);
  if (!result || 'error' in result) throw result?.error ?? new Error('nothing applied');
  return result;
}

/**
 * Applies a batch of statuses in one transaction. The attempts are locked first, in id order.
 * The confirmations to credit (a success for the attempt's money, the first news of each attempt)
 * are credited together in one savepoint, a few statements for the whole batch; every other job
 * — and the confirmations again, one by one, should the batch fail — runs in a savepoint of its
 * own (one that fails is rolled back alone and reported). The audit entries are appended last,
 * one lock and one insert per school: a batch of confirmations commits once.
 */
export async function applyObservedStatuses(
  context: PaymentsContext,
  jobs: ApplyJob[],
): Promise<ApplyResult[]> {
  const ordered = [...jobs].sort((a, b) => a.attemptId.localeCompare(b.attemptId));
  return context.db.transaction(async (tx) => {
    const results: ApplyResult[] = [];
    const audits: AuditEntryInput[] = [];
    const locked = await lockAttempts(
      tx,
      ordered.map((job) => job.attemptId),
    );
    const { confirmations, rest } = pickConfirmations(ordered, locked);
    try {
      const credited = await tx.transaction((savepoint) =>
        confirmSuccesses(savepoint, confirmations, context.now()),
      );
      for (const { confirmation, attempt, audit } of credited) {
        results.push({ job: confirmation.job, outcome: 'applied', attempt });
        audits.push(audit);
      }
    } catch (error) {
      context.logger.warn(
        { error: (error as Error).message, count: confirmations.length },
        'paiements confirmés : le crédit groupé a échoué, repris un par un',
      );
      rest.unshift(...confirmations.map(({ job }) => job));
    }
    for (const job of rest) {
      try {
        const { audit, ...result } = await tx.transaction((savepoint) =>
          applyOne(savepoint, context, job),
        );
        if (audit) audits.push(audit);
        results.push({ job, ...result });
      } catch (error) {
        results.push({ job, error });
      }
    }
    // Last: appending to a school's audit chain holds its lock until commit.
    const bySchool = new Map<string, AuditEntryInput[]>();
    for (const audit of audits) {
      const school = audit.organizationId ?? '';
      bySchool.set(school, [...(bySchool.get(school) ?? []), audit]);
    }
    for (const school of [...bySchool.keys()].sort()) {
      await recordAuditEntries(tx, bySchool.get(school)!);
    }
    return results;
  });
}

/** The first job of each attempt that confirms its success, apart from everything else. */
function pickConfirmations(jobs: ApplyJob[], locked: PaymentAttemptRow[]) {
  const attempts = new Map(locked.map((attempt) => [attempt.id, attempt]));
  const seen = new Set<string>();
  const confirmations: Confirmation[] = [];
  const rest: ApplyJob[] = [];
  for (const job of jobs) {
    const attempt = attempts.get(job.attemptId);
    const confirmation = attempt && !seen.has(job.attemptId) && asConfirmation(job, attempt);
    seen.add(job.attemptId);
    if (confirmation) confirmations.push(confirmation);
    else rest.push(job);
  }
  return { confirmations, rest };
}

/** One job, on the attempt as it stands now (locked). */
async function applyOne(
  tx: Transaction,
  context: PaymentsContext,
  job: ApplyJob,
): Promise<{ outcome: ApplyOutcome; attempt: PaymentAttemptRow; audit?: AuditEntryInput }> {
  const attempt = await lockAttempt(tx, job.attemptId);
  if (!attempt) throw new Error(`payment attempt ${job.attemptId} not found`);
  const confirmation = asConfirmation(job, attempt);
  if (confirmation) {
    const [credited] = await confirmSuccesses(tx, [confirmation], context.now());
    return { outcome: 'applied', attempt: credited!.attempt, audit: credited!.audit };
  }
  const applied = await applyLocked(tx, attempt, job, context.now());
  if (job.eventId) await markEventProcessed(tx, job.eventId, applied.outcome);
  return applied;
}

/**
 * Any change but a confirmation to credit: a success for another amount or currency is flagged,
 * never applied; otherwise the forward-only transition, and for an end without money the claims
 * released and the audit entry.
 */
async function applyLocked(
  tx: Transaction,
  attempt: PaymentAttemptRow,
  job: ApplyJob,
  now: Date,
): Promise<{ outcome: ApplyOutcome; attempt: PaymentAttemptRow; audit?: AuditEntryInput }> {
  const { observed, cause, eventId } = job;
  if (observed.status === 'succeeded' && observed.paidAmount) {
    const mismatch = moneyMismatch(attempt, job);
    if (mismatch) {
      await flagForReview(tx, {
        organizationId: attempt.organizationId,
        reason: mismatch,
        provider: attempt.provider,
        eventId: eventId ?? null,
        attemptId: attempt.id,
        expectedAmount: attempt.amount,
        reportedAmount: observed.paidAmount.amount,
        detail: `${observed.paidAmount.amount} ${observed.paidAmount.currency} déclarés, ${attempt.amount} ${attempt.currency} attendus`,
      });
      return { outcome: 'flagged', attempt };
    }
  }

  // Refunds belong to the refund service, which reverses the allocations and the ledger with the
  // state: a provider's word on a refund (FedaPay's `refunded`), or a repeated success while a
  // refund is under way, moves nothing here.
  const move =
    refundStates.has(attempt.status) || refundStates.has(observed.status)
      ? ({ kind: 'ignore' } as const)
      : transition(attempt.status, observed.status);
  const reference = {
    ...(observed.providerRef && !attempt.providerRef ? { providerRef: observed.providerRef } : {}),
    ...(observed.providerTxnId ? { providerTxnId: observed.providerTxnId } : {}),
  };
  if (move.kind === 'ignore') {
    if (Object.keys(reference).length > 0) await updateAttempt(tx, attempt.id, reference);
    return { outcome: 'unchanged', attempt };
  }

  const { to } = move;
  const changes: Parameters<typeof updateAttempt>[2] = { ...reference, status: to };
  if (observed.failure && !isActive(to) && to !== 'succeeded') {
    changes.failureCode = observed.failure.code;
    changes.failureReason = observed.failure.reason;
  }
  if (to === 'expired') {
    const watchUntil = watchDeadline(now);
    changes.watchUntil = watchUntil;
    changes.nextCheckAt = nextWatchCheck(now, watchUntil);
  } else if (isActive(to)) {
    changes.nextCheckAt = nextCheck(now, attempt.checkCount, attempt.expiresAt);
  } else {
    changes.nextCheckAt = null;
  }
  const updated = await updateAttempt(tx, attempt.id, changes);
  if (job.unconfirmed) {
    await flagForReview(tx, {
      organizationId: attempt.organizationId,
      reason: 'unconfirmed',
      provider: attempt.provider,
      attemptId: attempt.id,
      expectedAmount: attempt.amount,
      detail: job.unconfirmed.detail,
    });
  }
  await recordTransition(tx, {
    organizationId: attempt.organizationId,
    attemptId: attempt.id,
    fromStatus: move.from,
    toStatus: to,
    cause,
    providerStatus: observed.providerStatus,
    eventId: eventId ?? null,
    at: now,
  });

  if (!isActive(to) && to !== 'succeeded') {
    return {
      outcome: 'applied',
      attempt: updated,
      audit: await closeWithoutMoney(tx, updated, to, cause),
    };
  }
  return { outcome: 'applied', attempt: updated };
}

async function closeWithoutMoney(
  tx: Transaction,
  attempt: PaymentAttemptRow,
  to: PaymentState,
  cause: TransitionCause,
): Promise<AuditEntryInput> {
  await releaseEndedAttempt(tx, attempt);
  return {
    organizationId: attempt.organizationId,
    actor: providerActor(attempt, cause),
    action: `payment.${to === 'failed' ? 'failed' : to === 'cancelled' ? 'cancelled' : 'expired'}`,
    resourceType: 'payment',
    resourceId: attempt.id,
    category: 'payment',
    details: { amount: attempt.amount, wallet: attempt.wallet, reason: attempt.failureReason },
  };
}

/**
 * An attempt ended without money (failed, expired, cancelled): its invoices are free again, and
 * `payment.failed` tells the bell and the automations — once per attempt, since nothing leaves
 * these three states but a late success.
 */
export async function releaseEndedAttempt(
  tx: Transaction,
  attempt: PaymentAttemptRow,
): Promise<void> {
  await releaseInvoices(tx, [attempt.id]);
  if (
    attempt.status !== 'failed' &&
    attempt.status !== 'expired' &&
    attempt.status !== 'cancelled'
  ) {
    return;
  }
  await publishEvent(
    tx,
    'payment.failed',
    {
      paymentId: attempt.id,
      guardianId: attempt.guardianId,
      amount: attempt.amount,
      wallet: attempt.wallet as PaymentMethodValue,
      provider: attempt.provider as PaymentChannelValue,
      payerPhone: attempt.payerPhone,
      outcome: attempt.status,
      reason: attempt.failureReason,
      failedAt: attempt.updatedAt.toISOString(),
      invoices: await findAttemptInvoiceStudents(tx, attempt.id),
    },
    { organizationId: attempt.organizationId, aggregateId: attempt.id },
  );
}
