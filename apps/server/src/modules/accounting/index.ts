/**
 * « Comptabilité »: what the school is owed for each payment (gross, the platform's commission,
 * the provider's fee, net), the payouts to its bank account, the reconciliation with the
 * providers' statements, the journal exports and the accounting reports.
 */
export type { PaymentSettlementRow, SettlementStatus } from './settlements/settlements.tables';
export { settlementListRoutes } from './settlement-list/settlement-list.routes';
export { settlementEventHandlers } from './settlements/settlement-events';
export { settlePayment, settleRefund } from './settlements/settle-payment.service';
export { settleMissingJob, SETTLE_MISSING_JOB } from './settlements/settle-missing.job';
export { settleMissing } from './settlements/settle-missing.service';
export { payoutRoutes, type PayoutRoutesOptions } from './payouts/payouts.routes';
export { payoutsJob, PAYOUTS_JOB } from './payouts/payouts.job';
export { payoutRailFromConfig, type PayoutRail } from './payouts/rails';
export type { PayoutRow, PayoutStatus } from './payouts/payouts.tables';
export { accountingReportsRoutes } from './reports/reports.routes';
export { reconciliationRoutes } from './reconciliation/reconciliation.routes';
export { journalRoutes } from './journal/journal.routes';
export { checkFec, type FecCheck } from './journal/check-fec';
