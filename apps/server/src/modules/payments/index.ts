/**
 * Payments: attempts and their forward-only state machine, provider notifications stored first
 * and processed by the worker, reconciliation with the providers, allocation to invoices and the
 * ledger posting in one transaction, and the review of what cannot be applied.
 */
export { paymentsRoutes } from './payments.routes';
export { webhookRoutes } from './webhooks.routes';
export { createPaymentsWorker, type PaymentsWorker } from './payments.worker';
export { startPaymentsWorkerThread } from './worker-thread';
export type { PaymentsContext } from './payments-context';
export { requestPayment } from './request-payment.service';
export { checkAttempt } from './check-attempt.service';
export { getPayment } from './payments.service';
export { paymentAttempts, providerEvents, paymentReviews } from './payments.tables';
export { checkIdempotencyKey } from './request-payment.service';
export {
  findDeskPaymentByKey,
  recordDeskPayment,
  type DeskPaymentInput,
  type DeskPaymentRecorded,
  type DeskSession,
} from './desk-payment.service';
export {
  findSessionPayments,
  sumDeskPaymentsBySession,
  type MethodTotal,
  type SessionPaymentLine,
} from './desk-payments.repository';
export {
  describeRefund,
  listRefunds,
  providerRefundOf,
  refundableOf,
  requestRefund,
} from './refund-payment.service';
export { checkRefund, completeRefund, reconcileRefunds } from './refund-settlement.service';
export { paymentsListRoutes } from './payments-list.routes';
export {
  countAttemptOutcomes,
  succeededStatuses,
  sumCollected,
  type AttemptOutcomes,
} from './payment-figures.repository';
export { listSessionPayments } from './payment-list.service';
