import type { PaymentStatusValue, PaymentTimeline } from '@ecolage/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { notFound } from '../../../platform/errors';
import { findSchoolAttempt } from '../attempts.repository';
import { findPaymentClaims } from './payment-list.reads';
import { claimedStudents } from './payment-list.service';
import { describePayment } from './payment-view';
import { paymentReceipts } from './payment-receipts';
import type { PaymentsContext } from '../payments-context';
import { paymentTransitions, providerEvents } from '../payments.tables';
import { describeRefund, providerRefundOf, refundableOf } from '../refunds/refund-payment.service';
import { findPaymentRefunds } from '../refunds/refunds.repository';

/** Every state the payment entered, in order. */
export async function findPaymentTransitions(
  db: DbOrTx,
  organizationId: string,
  attemptId: string,
) {
  return db
    .select({
      from: paymentTransitions.fromStatus,
      to: paymentTransitions.toStatus,
      cause: paymentTransitions.cause,
      providerStatus: paymentTransitions.providerStatus,
      at: paymentTransitions.at,
    })
    .from(paymentTransitions)
    .where(
      and(
        eq(paymentTransitions.organizationId, organizationId),
        eq(paymentTransitions.attemptId, attemptId),
      ),
    )
    .orderBy(asc(paymentTransitions.id));
}

/** The provider's notifications about the payment, as received — what they said, not their bytes. */
export async function findPaymentEvents(db: DbOrTx, organizationId: string, attemptId: string) {
  return db
    .select({
      id: providerEvents.id,
      receivedAt: providerEvents.receivedAt,
      eventType: providerEvents.eventType,
      hintedStatus: providerEvents.hintedStatus,
      authenticity: providerEvents.authenticity,
      outcome: providerEvents.outcome,
    })
    .from(providerEvents)
    .where(
      and(
        eq(providerEvents.attemptId, attemptId),
        eq(providerEvents.organizationId, organizationId),
      ),
    )
    .orderBy(asc(providerEvents.receivedAt), asc(providerEvents.id));
}

/**
 * The payment's whole story for the detail drawer: the payment with its allocations, the students
 * it pays for, its transitions, the provider's notifications, its refunds and its receipt, and
 * what may still be refunded and how (the refund service's own rules).
 */
export async function getPaymentTimeline(
  context: Pick<PaymentsContext, 'db' | 'providers'>,
  organizationId: string,
  paymentId: string,
): Promise<PaymentTimeline> {
  const { db } = context;
  const attempt = await findSchoolAttempt(db, organizationId, paymentId);
  if (!attempt) throw notFound('PAYMENT_NOT_FOUND');
  const [payment, claims, transitions, events, refunds, receipt] = await Promise.all([
    describePayment(db, attempt),
    findPaymentClaims(db, organizationId, [attempt.id]),
    findPaymentTransitions(db, organizationId, attempt.id),
    findPaymentEvents(db, organizationId, attempt.id),
    findPaymentRefunds(db, organizationId, attempt.id),
    paymentReceipts().findReceiptSummary(db, organizationId, attempt.id),
  ]);
  return {
    payment,
    students: claimedStudents(claims),
    transitions: transitions.map((transition) => ({
      from: transition.from as PaymentStatusValue | null,
      to: transition.to as PaymentStatusValue,
      cause: transition.cause,
      providerStatus: transition.providerStatus,
      at: transition.at.toISOString(),
    })),
    providerEvents: events.map((event) => ({
      ...event,
      receivedAt: event.receivedAt.toISOString(),
    })),
    refunds: refunds.map(describeRefund),
    receipt: receipt
      ? {
          id: receipt.id,
          number: receipt.number,
          issuedAt: receipt.issuedAt.toISOString(),
          verificationUrl: receipt.verificationUrl,
        }
      : null,
    refundable: refundableOf(attempt),
    providerRefund: providerRefundOf(context.providers, attempt),
  };
}
