import { randomUUID } from 'node:crypto';
import type { Refund, RefundMethodValue, refundRequestSchema } from '@ecolage/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../platform/db/database';
import { isUniqueViolation, violatedConstraint } from '../../../platform/db/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { notFound, domainError } from '../../../platform/errors';
import { recordAuditEntries } from '../../audit';
import type { PaymentProvider, PaymentProviders } from '../../psp';
import { findSchoolAttempt, lockAttempt } from '../attempts.repository';
import type { PaymentsContext } from '../payments-context';
import type { PaymentAttemptRow, PaymentRefundRow } from '../payments.tables';
import {
  askProviderAboutRefund,
  completeRefund,
  moveForRefund,
  nextRefundCheck,
  refundAudit,
  refundMethodWord,
  refundSucceeded,
  sendRefund,
} from './refund-settlement.service';
import { findPaymentRefunds, insertRefund } from './refunds.repository';

type RefundRequestInput = z.output<typeof refundRequestSchema>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function describeRefund(row: PaymentRefundRow): Refund {
  return {
    id: row.id,
    paymentId: row.attemptId,
    amount: row.amount,
    reason: row.reason,
    method: row.method,
    status: row.status,
    failureReason: row.failureReason,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}

/** The provider that can give this payment's money back, if any (never for the cash desk). */
function refundingProvider(
  providers: PaymentProviders,
  attempt: Pick<PaymentAttemptRow, 'provider'>,
): PaymentProvider | undefined {
  if (attempt.provider === 'desk') return undefined;
  const provider = providers.get(attempt.provider as never);
  return provider?.refund && provider.capabilities.refunds !== 'none' ? provider : undefined;
}

/** How much of this payment its provider can refund: nothing, the whole payment, or any part. */
export function providerRefundOf(
  providers: PaymentProviders,
  attempt: Pick<PaymentAttemptRow, 'provider'>,
): 'none' | 'full' | 'partial' {
  return refundingProvider(providers, attempt)?.capabilities.refunds ?? 'none';
}

/** What may still be refunded: the amount less what was refunded (none may be pending then). */
export function refundableOf(
  attempt: Pick<PaymentAttemptRow, 'status' | 'amount' | 'refundedAmount'>,
) {
  if (attempt.status !== 'succeeded' && attempt.status !== 'partially_refunded') return 0;
  return attempt.amount - attempt.refundedAmount;
}

/**
 * Checks a refund request against the payment (locked) and picks the way the money goes back:
 * `manual` when asked, or when the provider cannot refund (the cash desk, Orange, PayGate);
 * otherwise the provider, within what it can (Wave: the whole payment only).
 */
function planRefund(
  providers: PaymentProviders,
  attempt: PaymentAttemptRow,
  request: RefundRequestInput,
): RefundMethodValue {
  if (attempt.status === 'refund_pending') {
    throw domainError('REFUND_ALREADY_PENDING');
  }
  if (attempt.status !== 'succeeded' && attempt.status !== 'partially_refunded') {
    throw domainError('REFUND_NOT_REFUNDABLE');
  }
  const refundable = refundableOf(attempt);
  if (request.amount > refundable) {
    throw domainError('REFUND_ABOVE_REFUNDABLE', { refundable }, { field: 'amount' });
  }
  if (request.method === 'manual') return 'manual';
  const can = providerRefundOf(providers, attempt);
  if (can === 'none') {
    if (request.method !== 'provider') return 'manual';
    throw domainError('REFUND_PROVIDER_UNAVAILABLE', {}, { field: 'method' });
  }
  // A whole-payment provider gives back all of it, so nothing may have been refunded before.
  if (can === 'full' && (request.amount !== attempt.amount || attempt.refundedAmount > 0)) {
    throw domainError('REFUND_PROVIDER_FULL_ONLY', { amount: attempt.amount }, { field: 'amount' });
  }
  return 'provider';
}

/**
 * A staff member gives money back on a succeeded payment, with a reason. The refund is saved
 * `pending` and the payment moved to `refund_pending` — one refund at a time — before the
 * provider is called (as an attempt is saved before its collect), so a crash never leaves money
 * sent and unrecorded. A manual refund is done when recorded: the same transaction completes it.
 * The provider's answer completes it in a second transaction; no answer leaves it to the poller.
 */
export async function requestRefund(
  context: PaymentsContext,
  member: ActingMember,
  paymentId: string,
  request: RefundRequestInput,
): Promise<PaymentRefundRow> {
  const { organizationId } = member;
  const found = await findSchoolAttempt(context.db, organizationId, paymentId);
  if (!found) throw notFound('PAYMENT_NOT_FOUND');
  const origin = { ip: member.ip, userAgent: member.userAgent };
  const refundId = randomUUID();
  let saved: { attempt: PaymentAttemptRow; refund: PaymentRefundRow };
  try {
    saved = await context.db.transaction(async (tx) => {
      const attempt = (await lockAttempt(tx, found.id))!;
      const method = planRefund(context.providers, attempt, request);
      const now = context.now();
      const refund = await insertRefund(tx, {
        id: refundId,
        organizationId,
        attemptId: attempt.id,
        amount: request.amount,
        reason: request.reason,
        method,
        requestedBy: member.actor.label,
        requestedByUserId: member.actor.type === 'user' ? member.actor.userId : null,
        createdAt: now,
        // Should this process stop before the provider's answer is saved, the poller asks.
        nextCheckAt: method === 'provider' ? nextRefundCheck(now, now) : null,
      });
      const pending = await moveForRefund(tx, attempt, 'refund_pending', now, null);
      const audits = [
        refundAudit(attempt, 'payment.refund_requested', member.actor, origin, {
          montant: request.amount,
          motif: request.reason,
          méthode: refundMethodWord(method),
        }),
      ];
      let result = { attempt: pending, refund };
      if (method === 'manual') {
        // Given back by hand: done as soon as it is recorded.
        const done = await refundSucceeded(
          tx,
          pending,
          refund,
          { kind: 'succeeded', providerStatus: null },
          now,
          member.actor,
          origin,
        );
        audits.push(done.audit);
        result = { attempt: done.attempt, refund: done.refund };
      }
      await recordAuditEntries(tx, audits);
      return result;
    });
  } catch (error) {
    if (
      isUniqueViolation(error) &&
      violatedConstraint(error) === 'payment_refunds_one_pending_key'
    ) {
      throw domainError('REFUND_ALREADY_PENDING');
    }
    throw error;
  }
  if (saved.refund.method === 'manual') return saved.refund;

  const provider = refundingProvider(context.providers, saved.attempt)!;
  const outcome = await askProviderAboutRefund(context, refundId, () =>
    sendRefund(provider, saved.attempt, saved.refund),
  );
  return completeRefund(context, refundId, outcome, member.actor, origin);
}

/** A payment's refunds, oldest first. */
export async function listRefunds(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
): Promise<Refund[]> {
  const attempt = await findSchoolAttempt(db, organizationId, paymentId);
  if (!attempt) throw notFound('PAYMENT_NOT_FOUND');
  return (await findPaymentRefunds(db, organizationId, paymentId)).map(describeRefund);
}
