/**
 * Payments: attempts and their forward-only state machine, provider notifications stored first
 * and processed by the worker, reconciliation with the providers, allocation to invoices and the
 * ledger posting in one transaction, and the review of what cannot be applied.
 */
export { paymentsRoutes } from './payments.routes';
export { webhookRoutes } from './intake/webhooks.routes';
export {
  createPaymentsWorker,
  type PaymentsWorker,
  type PaymentsWorkerOptions,
} from './processing/payments.worker';
export type { PaymentsContext } from './payments-context';
export { requestPayment } from './requests/request-payment.service';
export { checkAttempt } from './processing/check-attempt.service';
export { getPayment } from './processing/check-now.service';
export type { PaymentAttemptRow } from './payments.tables';
/** Any school's attempt by id (the payer's waiting screen), and a payer's active claim. */
export { findAttempt, findActiveClaim } from './attempts.repository';
export { paymentLiveTopic } from './payment-live.repository';
export { checkIdempotencyKey, isIdempotencyKeyTaken } from './requests/idempotency-keys';
export {
  findDeskPaymentByKey,
  recordDeskPayment,
  type DeskPaymentInput,
} from './desk/desk-payment.service';
export {
  findSessionPayments,
  sumDeskPaymentsBySession,
  type MethodTotal,
} from './desk/desk-payments.reads';
export { paymentsListRoutes } from './list/payments-list.routes';
export {
  countAttemptOutcomes,
  sumCollected,
  sumCollectedByWallet,
  type AttemptOutcomes,
  type CollectedByWallet,
} from './list/payment-figures.repository';
export { collectedBySchools, type SchoolVolume } from './list/school-volumes.repository';
// Platform-wide figures for the metrics (composition/database-gauges.ts).
export {
  paymentsInFlight,
  providerEventBacklog,
  recentPaymentTransitions,
} from './payment-backlog.repository';
export { listSessionPayments } from './list/payment-list.service';
export { searchPaymentsByReference } from './list/payment-search.repository';
export {
  usePaymentReceipts,
  type PaymentReceipts,
  type PaymentReceiptRef,
  type PaymentReceiptSummary,
} from './list/payment-receipts';
export {
  recordIncomingCredit,
  assignIncomingCredit,
  returnIncomingCredit,
  type IncomingCreditInput,
  type IncomingCreditRecorded,
} from './incoming-credits/incoming-credits.service';
export { incomingCreditsRoutes } from './incoming-credits/incoming-credits.routes';
export { ensureMerchantAccount } from './incoming-credits/merchant-accounts.service';
