import {
  providerLabels,
  walletLabels,
  type ProviderValue,
  type WalletValue,
} from '@ecolage/contracts';
import type { Transaction } from '../../platform/db/database';
import { recordOutboxEvent } from '../../platform/outbox/outbox';
import { recordAuditEntries, type AuditEntryInput } from '../audit';
import { allocatePayment } from '../billing';
import { LedgerAccounts } from '../ledger';
import { schoolToday } from '../organizations';
import type { PaymentFailure, PaymentStatus, ReportedMoney } from '../psp';
import {
  lockAttempt,
  recordTransition,
  releaseInvoices,
  updateAttempt,
} from './attempts.repository';
import { nextCheck, nextWatchCheck, watchDeadline } from './deadlines';
import type { PaymentsContext } from './payments-context';
import type { PaymentAttemptRow } from './payments.tables';
import { markEventProcessed } from './provider-events.repository';
import { flagForReview } from './reviews.repository';
import { isActive, transition, type PaymentState } from './state-machine';

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

const causeActors: Record<TransitionCause, string> = {
  initiation: 'Demande de paiement',
  webhook: 'Notification du prestataire',
  poll: 'Rapprochement automatique',
  refresh: 'Vérification manuelle',
  expiry: 'Rapprochement automatique',
};

/** One status to apply to one attempt (from a notification, a poll, a manual check). */
export interface ApplyJob {
  attemptId: string;
  observed: ObservedStatus;
  cause: TransitionCause;
  /** The notification that triggered it: marked processed in the same transaction. */
  eventId?: string;
  /** The payer, when known: a batch takes the payers' locks in one order. */
  guardianId?: string;
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
): Promise<{ outcome: ApplyOutcome; attempt: PaymentAttemptRow }> {
  const [result] = await applyObservedStatuses(context, [
    { attemptId, observed, cause, ...(eventId ? { eventId } : {}) },
  ]);
  if (!result || 'error' in result) throw result?.error ?? new Error('nothing applied');
  return result;
}

/**
 * Applies a batch of statuses in one transaction, each in its own savepoint (one that fails is
 * rolled back alone and reported), payers locked in one order, and the audit entries appended
 * last, one lock and one insert per school: a batch of confirmations commits once.
 */
export async function applyObservedStatuses(
  context: PaymentsContext,
  jobs: ApplyJob[],
): Promise<ApplyResult[]> {
  const ordered = [...jobs].sort(
    (a, b) =>
      (a.guardianId ?? '').localeCompare(b.guardianId ?? '') ||
      a.attemptId.localeCompare(b.attemptId),
  );
  return context.db.transaction(async (tx) => {
    const results: ApplyResult[] = [];
    const audits: AuditEntryInput[] = [];
    for (const job of ordered) {
      try {
        const { audit, ...result } = await tx.transaction(async (savepoint) => {
          const attempt = await lockAttempt(savepoint, job.attemptId);
          if (!attempt) throw new Error(`payment attempt ${job.attemptId} not found`);
          const applied = await applyLocked(
            savepoint,
            context,
            attempt,
            job.observed,
            job.cause,
            context.now(),
            job.eventId,
          );
          if (job.eventId) await markEventProcessed(savepoint, job.eventId, applied.outcome);
          return applied;
        });
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

async function applyLocked(
  tx: Transaction,
  context: PaymentsContext,
  attempt: PaymentAttemptRow,
  observed: ObservedStatus,
  cause: TransitionCause,
  now: Date,
  eventId: string | undefined,
): Promise<{ outcome: ApplyOutcome; attempt: PaymentAttemptRow; audit?: AuditEntryInput }> {
  if (observed.status === 'succeeded' && observed.paidAmount) {
    const mismatch = moneyMismatch(attempt, observed.paidAmount);
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

  const move = transition(attempt.status, observed.status);
  const reference = {
    ...(observed.providerRef && !attempt.providerRef ? { providerRef: observed.providerRef } : {}),
    ...(observed.providerTxnId ? { providerTxnId: observed.providerTxnId } : {}),
  };
  if (move.kind === 'ignore') {
    if (Object.keys(reference).length > 0) await updateAttempt(tx, attempt.id, reference);
    return { outcome: 'unchanged', attempt };
  }

  const to = move.to;
  const changes: Parameters<typeof updateAttempt>[2] = { ...reference, status: to };
  if (observed.failure && !isActive(to) && to !== 'succeeded') {
    changes.failureCode = observed.failure.code;
    changes.failureReason = observed.failure.reason;
  }
  if (to === 'succeeded') {
    changes.succeededAt = now;
    changes.lateSuccess = move.late;
    changes.nextCheckAt = null;
    changes.watchUntil = null;
  } else if (to === 'expired') {
    const watchUntil = watchDeadline(now);
    changes.watchUntil = watchUntil;
    changes.nextCheckAt = nextWatchCheck(now, watchUntil);
  } else if (isActive(to)) {
    changes.nextCheckAt = nextCheck(now, attempt.checkCount, attempt.expiresAt);
  } else {
    changes.nextCheckAt = null;
  }
  const updated = await updateAttempt(tx, attempt.id, changes);
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

  if (to === 'succeeded') {
    const credited = await creditSuccess(tx, updated, move.late, cause, eventId);
    return { outcome: 'applied', ...credited };
  }
  if (!isActive(to)) {
    return {
      outcome: 'applied',
      attempt: updated,
      audit: await closeWithoutMoney(tx, updated, to, cause),
    };
  }
  return { outcome: 'applied', attempt: updated };
}

function moneyMismatch(attempt: PaymentAttemptRow, paid: ReportedMoney) {
  if (paid.currency.toUpperCase() !== attempt.currency) return 'currency_mismatch' as const;
  if (paid.amount !== attempt.amount) return 'amount_mismatch' as const;
  return undefined;
}

function providerActor(
  attempt: PaymentAttemptRow,
  cause: TransitionCause,
): AuditEntryInput['actor'] {
  const provider = providerLabels[attempt.provider as ProviderValue] ?? attempt.provider;
  return { type: 'system', label: `${causeActors[cause]} (${provider})` };
}

/**
 * The money is in: invoices paid, the rest to the family's credit, posted to the ledger. Returns
 * the audit entry, written last by the caller.
 */
async function creditSuccess(
  tx: Transaction,
  attempt: PaymentAttemptRow,
  late: boolean,
  cause: TransitionCause,
  eventId: string | undefined,
): Promise<{ attempt: PaymentAttemptRow; audit: AuditEntryInput }> {
  const walletLabel = walletLabels[attempt.wallet as WalletValue] ?? attempt.wallet;
  const pieceRef = attempt.providerTxnId ?? attempt.providerRef ?? attempt.id;
  const allocation = await allocatePayment(tx, attempt.organizationId, {
    paymentId: attempt.id,
    guardianId: attempt.guardianId,
    invoiceIds: attempt.invoiceIds,
    amount: attempt.amount,
    debitAccount: LedgerAccounts.wallet[attempt.wallet] ?? LedgerAccounts.bank,
    entryDate: await schoolToday(tx, attempt.organizationId),
    label: `Paiement ${walletLabel} ${pieceRef}`,
    pieceRef,
    idempotencyKey: `pay:${attempt.id}:succeeded`,
  });
  await releaseInvoices(tx, attempt.id);
  const updated = await updateAttempt(tx, attempt.id, { creditAmount: allocation.creditAmount });
  if (late) {
    await flagForReview(tx, {
      organizationId: attempt.organizationId,
      reason: 'late_success',
      provider: attempt.provider,
      eventId: null,
      attemptId: attempt.id,
      expectedAmount: attempt.amount,
      reportedAmount: attempt.amount,
      detail: `Confirmé après ${eventId ? 'notification' : 'vérification'} alors que le paiement était clos`,
    });
  }
  await recordOutboxEvent(tx, {
    organizationId: attempt.organizationId,
    type: 'payment.succeeded',
    aggregateId: attempt.id,
    payload: {
      paymentId: attempt.id,
      guardianId: attempt.guardianId,
      amount: attempt.amount,
      wallet: attempt.wallet,
      provider: attempt.provider,
      providerRef: attempt.providerRef,
      providerTxnId: attempt.providerTxnId,
      allocations: allocation.allocations,
      creditAmount: allocation.creditAmount,
      late,
    },
  });
  const audit: AuditEntryInput = {
    organizationId: attempt.organizationId,
    actor: providerActor(attempt, cause),
    action: late ? 'payment.late_success' : 'payment.succeeded',
    resourceType: 'payment',
    resourceId: attempt.id,
    category: 'payment',
    details: {
      amount: attempt.amount,
      wallet: attempt.wallet,
      provider: attempt.provider,
      reference: pieceRef,
      invoices: allocation.allocations.length,
      credit: allocation.creditAmount,
    },
  };
  return { attempt: updated, audit };
}

async function closeWithoutMoney(
  tx: Transaction,
  attempt: PaymentAttemptRow,
  to: PaymentState,
  cause: TransitionCause,
): Promise<AuditEntryInput> {
  await releaseInvoices(tx, attempt.id);
  await recordOutboxEvent(tx, {
    organizationId: attempt.organizationId,
    type: 'payment.failed',
    aggregateId: attempt.id,
    payload: {
      paymentId: attempt.id,
      guardianId: attempt.guardianId,
      amount: attempt.amount,
      status: to,
      reason: attempt.failureReason,
    },
  });
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
