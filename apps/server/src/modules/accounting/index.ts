/**
 * « Comptabilité »: what the school is owed for each payment (gross, the platform's commission,
 * the provider's fee, net), the payouts to its bank account, the reconciliation with the
 * providers' statements, the journal exports and the accounting reports.
 */
export {
  settlementStatusValues,
  type PaymentSettlementRow,
  type SettlementStatus,
} from './settlements/settlements.tables';
export { accountingReportsRoutes } from './reports/reports.routes';
