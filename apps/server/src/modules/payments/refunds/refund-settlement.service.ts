import {
  paymentMethodLabels,
  providerLabels,
  type PaymentMethodValue,
  type ProviderValue,
} from '@ecolage/contracts';
import type { Transaction } from '../../../platform/db/database';
import { publishEvent } from '../../../platform/outbox/outbox';
import { recordAuditEntries, type AuditEntryInput } from '../../audit';
import { refundPaymentAllocations } from '../../billing';
import { LedgerAccounts } from '../../ledger';
import {
  isOutcomeUnknown,
  ProviderError,
  ProviderNotFoundError,
  ProviderRejectedError,
  type PaymentProvider,
  type StatusResult,
} from '../../psp';
import { findAttempt, lockAttempt, recordTransition, updateAttempt } from '../attempts.repository';
import { pieceRef } from '../processing/confirm-successes';
import type { PaymentsContext } from '../payments-context';
import type { PaymentAttemptRow, PaymentRefundRow } from '../payments.tables';
import { findDueRefunds, findRefund, lockRefund, updateRefund } from './refunds.repository';
import type { PaymentState } from '../state-machine';

/** What the provider (or the person, for a manual refund) says of a refund. */
export type RefundOutcome =
  | { kind: 'succeeded'; providerStatus: string | null; providerRef?: string }
  | { kind: 'failed'; providerStatus: string; reason: string }
  | { kind: 'pending'; providerStatus: string; providerRef?: string };

/** Who the audit names for a refund's end. */
export type RefundActor = AuditEntryInput['actor'];
export interface RefundOrigin {
  ip?: string | null;
  userAgent?: string | null;
}

/** A refund's entry in the audit journal, on its payment. */
export function refundAudit(
  attempt: Pick<PaymentAttemptRow, 'id' | 'organizationId'>,
  action: 'payment.refund_requested' | 'payment.refunded' | 'payment.refund_failed',
  actor: RefundActor,
  origin: RefundOrigin,
  details: Record<string, unknown>,
): AuditEntryInput {
  return {
    organizationId: attempt.organizationId,
    actor,
    action,
    resourceType: 'payment',
    resourceId: attempt.id,
    category: 'refund',
    details,
    ip: origin.ip ?? null,
    userAgent: origin.userAgent ?? null,
  };
}

/** « manuel » or « prestataire », as the audit details name a refund's way. */
export const refundMethodWord = (method: PaymentRefundRow['method']) =>
  method === 'manual' ? 'manuel' : 'prestataire';

/** The payment moves with a refund: its new state (and `changes`) and the timeline's row. */
export async function moveForRefund(
  tx: Transaction,
  attempt: PaymentAttemptRow,
  to: PaymentState,
  now: Date,
  providerStatus: string | null,
  changes: Parameters<typeof updateAttempt>[2] = {},
): Promise<PaymentAttemptRow> {
  const moved = await updateAttempt(tx, attempt.id, { ...changes, status: to });
  await recordTransition(tx, {
    organizationId: attempt.organizationId,
    attemptId: attempt.id,
    fromStatus: attempt.status,
    toStatus: to,
    cause: 'refund',
    providerStatus,
    at: now,
  });
  return moved;
}

/** The provider's French reason (adapters word refund failures for the staff), or ours. */
function refusal(reason: string | undefined): string {
  return (reason || 'Remboursement refusé par le prestataire').slice(0, 500);
}

/** A provider's answer about a refund, in our three words. */
export function refundOutcomeOf(result: StatusResult): RefundOutcome {
  const providerStatus = `refund:${result.providerStatus}`;
  const providerRef = result.providerRef ? { providerRef: result.providerRef } : {};
  switch (result.status) {
    case 'refunded':
    case 'partially_refunded':
    case 'succeeded':
      return { kind: 'succeeded', providerStatus, ...providerRef };
    case 'failed':
    case 'cancelled':
    case 'expired':
      return { kind: 'failed', providerStatus, reason: refusal(result.failure?.reason) };
    default:
      return { kind: 'pending', providerStatus, ...providerRef };
  }
}

/**
 * Calls the provider about a refund. A refusal is a failed refund with the provider's French
 * reason; no answer (timeout, 5xx) or anything unexpected leaves it pending for the poller.
 */
export async function askProviderAboutRefund(
  context: PaymentsContext,
  refundId: string,
  call: () => Promise<StatusResult>,
): Promise<RefundOutcome> {
  try {
    return refundOutcomeOf(await call());
  } catch (error) {
    if (error instanceof ProviderRejectedError) {
      return {
        kind: 'failed',
        providerStatus: error.failure.providerCode,
        reason: refusal(error.message),
      };
    }
    if (error instanceof ProviderError && !isOutcomeUnknown(error)) {
      return { kind: 'failed', providerStatus: error.name, reason: refusal(error.message) };
    }
    context.logger.warn(
      { refundId, error: (error as Error).message },
      'issue inconnue du remboursement : le prestataire sera interrogé plus tard',
    );
    return { kind: 'pending', providerStatus: 'refund:unknown' };
  }
}

/** The provider's refund call for a saved refund (its id is the provider's refund reference). */
export function sendRefund(
  provider: PaymentProvider,
  attempt: PaymentAttemptRow,
  refund: PaymentRefundRow,
): Promise<StatusResult> {
  return provider.refund!({
    attemptId: attempt.id,
    ...(attempt.providerRef ? { providerRef: attempt.providerRef } : {}),
    refundId: refund.id,
    money: { amount: refund.amount, currency: 'XOF' },
    reason: refund.reason,
  });
}

/** Waits between the poller's questions about a pending refund, growing with its age. */
export function nextRefundCheck(now: Date, createdAt: Date): Date {
  const age = now.getTime() - createdAt.getTime();
  const wait = age < 5 * 60_000 ? 30_000 : age < 3_600_000 ? 5 * 60_000 : 30 * 60_000;
  return new Date(now.getTime() + wait);
}

/**
 * Ends a pending refund as the provider (or the person) says, in one transaction: the payment
 * and the refund are locked — in that order, as the request took them — and a refund that is no
 * longer pending is left as it is (a second answer changes nothing). Still pending: the next
 * question is booked.
 */
export async function completeRefund(
  context: PaymentsContext,
  refundId: string,
  outcome: RefundOutcome,
  actor: RefundActor,
  origin: RefundOrigin = {},
): Promise<PaymentRefundRow> {
  const saved = await findRefund(context.db, refundId);
  if (!saved) throw new Error(`refund ${refundId} not found`);
  return context.db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, saved.attemptId);
    const refund = await lockRefund(tx, refundId);
    if (!attempt || !refund || refund.status !== 'pending') return refund ?? saved;
    const now = context.now();
    if (outcome.kind === 'pending') {
      return updateRefund(tx, refund.id, {
        nextCheckAt: nextRefundCheck(now, refund.createdAt),
        ...(outcome.providerRef ? { providerRef: outcome.providerRef } : {}),
      });
    }
    const settled =
      outcome.kind === 'succeeded'
        ? await refundSucceeded(tx, attempt, refund, outcome, now, actor, origin)
        : await refundFailed(tx, attempt, refund, outcome, now, actor, origin);
    // Last: appending to the school's audit chain holds its lock until commit.
    await recordAuditEntries(tx, [settled.audit]);
    return settled.refund;
  });
}

/**
 * The money went back: the refund succeeded, the payment counts it (`refunded` once all of it is
 * back, `partially_refunded` before), billing takes it back off the family's credit and invoices
 * and posts the reversing transaction, `payment.refunded` is published (the receipt shows it).
 */
export async function refundSucceeded(
  tx: Transaction,
  attempt: PaymentAttemptRow,
  refund: PaymentRefundRow,
  outcome: Extract<RefundOutcome, { kind: 'succeeded' }>,
  now: Date,
  actor: RefundActor,
  origin: RefundOrigin,
): Promise<{ refund: PaymentRefundRow; attempt: PaymentAttemptRow; audit: AuditEntryInput }> {
  const refundedAmount = attempt.refundedAmount + refund.amount;
  const to = refundedAmount >= attempt.amount ? 'refunded' : 'partially_refunded';
  const reference = pieceRef(attempt);
  const method = paymentMethodLabels[attempt.wallet as PaymentMethodValue] ?? attempt.wallet;
  const reversal = await refundPaymentAllocations(tx, {
    organizationId: attempt.organizationId,
    paymentId: attempt.id,
    guardianId: attempt.guardianId,
    refundId: refund.id,
    amount: refund.amount,
    unrefunded: attempt.amount - attempt.refundedAmount,
    creditAccount: LedgerAccounts.wallet[attempt.wallet] ?? LedgerAccounts.bank,
    label: `Remboursement ${method} ${reference}`,
    pieceRef: reference,
  });
  const done = await updateRefund(tx, refund.id, {
    status: 'succeeded',
    completedAt: now,
    nextCheckAt: null,
    ...(outcome.providerRef ? { providerRef: outcome.providerRef } : {}),
  });
  const updated = await moveForRefund(tx, attempt, to, now, outcome.providerStatus, {
    refundedAmount,
  });
  // The receipt shows it at once: receipts subscribe to it in this transaction (composition root).
  await publishEvent(
    tx,
    'payment.refunded',
    {
      paymentId: attempt.id,
      refundId: refund.id,
      guardianId: attempt.guardianId,
      amount: refund.amount,
      refundedAmount,
      fully: to === 'refunded',
      method: refund.method,
      fromCredit: reversal.fromCredit,
      invoices: reversal.invoices,
    },
    { organizationId: attempt.organizationId, aggregateId: attempt.id },
  );
  return {
    refund: done,
    attempt: updated,
    audit: refundAudit(attempt, 'payment.refunded', actor, origin, {
      montant: refund.amount,
      'total remboursé': refundedAmount,
      méthode: refundMethodWord(refund.method),
      motif: refund.reason,
      référence: reference,
    }),
  };
}

/** The provider refused: the refund failed, and the payment is back where it was. */
async function refundFailed(
  tx: Transaction,
  attempt: PaymentAttemptRow,
  refund: PaymentRefundRow,
  outcome: Extract<RefundOutcome, { kind: 'failed' }>,
  now: Date,
  actor: RefundActor,
  origin: RefundOrigin,
): Promise<{ refund: PaymentRefundRow; audit: AuditEntryInput }> {
  const done = await updateRefund(tx, refund.id, {
    status: 'failed',
    failureReason: outcome.reason,
    completedAt: now,
    nextCheckAt: null,
  });
  const back = attempt.refundedAmount > 0 ? 'partially_refunded' : 'succeeded';
  if (attempt.status !== back) await moveForRefund(tx, attempt, back, now, outcome.providerStatus);
  return {
    refund: done,
    audit: refundAudit(attempt, 'payment.refund_failed', actor, origin, {
      montant: refund.amount,
      motif: refund.reason,
      raison: outcome.reason,
    }),
  };
}

/**
 * The poller's question about one pending refund: the provider's refund status (a refund it has
 * never heard of is sent now), or — for a provider that has no such status (Wave refunds a whole
 * session, once, synchronously) — the same refund sent again under the same refund id, which it
 * does not carry out twice. The next question is booked first, so a silent provider never makes
 * the poller spin.
 */
export async function checkRefund(
  context: PaymentsContext,
  refundId: string,
): Promise<PaymentRefundRow | undefined> {
  const refund = await findRefund(context.db, refundId);
  if (!refund || refund.status !== 'pending') return refund;
  const attempt = await findAttempt(context.db, refund.attemptId);
  if (!attempt) return refund;
  const now = context.now();
  await updateRefund(context.db, refund.id, {
    nextCheckAt: nextRefundCheck(now, refund.createdAt),
  });
  const provider = context.providers.get(attempt.provider as never);
  if (!provider?.refund) return refund;
  const outcome = await askProviderAboutRefund(context, refund.id, async () => {
    if (!provider.getRefundStatus) return sendRefund(provider, attempt, refund);
    try {
      return await provider.getRefundStatus({
        refundId: refund.id,
        ...(refund.providerRef ? { providerRef: refund.providerRef } : {}),
      });
    } catch (error) {
      // The provider never received it (the first send was lost): send it now, same refund id.
      if (error instanceof ProviderNotFoundError) return sendRefund(provider, attempt, refund);
      throw error;
    }
  });
  if (outcome.kind === 'pending') return refund;
  const label = providerLabels[attempt.provider as ProviderValue] ?? attempt.provider;
  return completeRefund(context, refund.id, outcome, {
    type: 'system',
    label: `Rapprochement automatique (${label})`,
  });
}

/** Asks the providers about every refund whose check is due; returns how many. */
export async function reconcileRefunds(context: PaymentsContext, limit = 100): Promise<number> {
  const due = await findDueRefunds(context.db, context.now(), limit);
  for (const refund of due) {
    try {
      await checkRefund(context, refund.id);
    } catch (error) {
      context.logger.error(
        { refundId: refund.id, error: (error as Error).message },
        'échec du rapprochement d’un remboursement',
      );
    }
  }
  return due.length;
}
