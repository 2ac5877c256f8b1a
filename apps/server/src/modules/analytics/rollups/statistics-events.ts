import type { Transaction } from '../../../platform/db/database';
import type { AnyEventHandler, EventHandler } from '../../../platform/outbox/event-dispatch';
import { dueDaysOfInvoices } from './payment-slices.reads';
import { lockSchoolStatistics } from './rollups.repository';
import { rebuildPaymentFacts, rebuildReceivableDays } from './refresh-statistics.service';

/**
 * A payment's facts and the receivable rows of the invoices it changed, rebuilt at once under the
 * school's statistics lock (idempotent: a second delivery rebuilds the same rows).
 */
async function refreshPayment(
  tx: Transaction,
  organizationId: string,
  paymentId: string | null,
  invoiceIds: readonly string[],
): Promise<void> {
  await lockSchoolStatistics(tx, organizationId);
  if (paymentId) await rebuildPaymentFacts(tx, organizationId, [paymentId]);
  const days = await dueDaysOfInvoices(tx, organizationId, invoiceIds);
  await rebuildReceivableDays(tx, organizationId, days);
}

/** `payment.succeeded` → its slices, and its invoices' due days. */
export const paymentSucceededStatistics: EventHandler<'payment.succeeded'> = {
  name: 'analytics.payment-succeeded',
  event: 'payment.succeeded',
  async handle(tx, event) {
    const { paymentId, allocations } = event.payload;
    await refreshPayment(
      tx,
      event.organizationId,
      paymentId,
      allocations.map((allocation) => allocation.invoiceId),
    );
  },
};

/** `payment.refunded` → its slices with the refund's, and the due days of the invoices reopened. */
export const paymentRefundedStatistics: EventHandler<'payment.refunded'> = {
  name: 'analytics.payment-refunded',
  event: 'payment.refunded',
  async handle(tx, event) {
    const { paymentId, invoices } = event.payload;
    await refreshPayment(
      tx,
      event.organizationId,
      paymentId,
      invoices.map((invoice) => invoice.invoiceId),
    );
  },
};

/** `student.enrolled` → the due days of the invoices the enrolment issued. */
export const studentEnrolledStatistics: EventHandler<'student.enrolled'> = {
  name: 'analytics.student-enrolled',
  event: 'student.enrolled',
  async handle(tx, event) {
    await refreshPayment(tx, event.organizationId, null, event.payload.invoiceIds);
  },
};

export const statisticsEventHandlers: AnyEventHandler[] = [
  paymentSucceededStatistics,
  paymentRefundedStatistics,
  studentEnrolledStatistics,
];
