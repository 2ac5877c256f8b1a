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
export {
  paymentAttempts,
  providerEvents,
  paymentReviews,
  type PaymentAttemptRow,
} from './payments.tables';
/** Any school's attempt by id (the payer's waiting screen), and a payer's active claim. */
export { findAttempt, findActiveClaim } from './attempts.repository';
export { checkIdempotencyKey, isIdempotencyKeyTaken } from './idempotency-keys';
export {
  findDeskPaymentByKey,
  recordDeskPayment,
  type DeskPaymentInput,
} from './desk-payment.service';
export {
  findSessionPayments,
  sumDeskPaymentsBySession,
  type MethodTotal,
} from './desk-payments.repository';
export { paymentsListRoutes } from './payments-list.routes';
export {
  countAttemptOutcomes,
  sumCollected,
  type AttemptOutcomes,
} from './payment-figures.repository';
export { listSessionPayments } from './payment-list.service';
