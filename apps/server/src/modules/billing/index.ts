/** Enrolment billing, invoices, discounts (scholarships, siblings), late fees, billing rules. */
export { billingRoutes } from './billing.routes';
export { lateFeesJob } from './late-fees.job';
export { applyLateFees } from './late-fees.service';
export { enrolStudent, issueEnrolmentInvoices, withdrawEnrolment } from './enrolment.service';
export { findBillingRules } from './billing-settings.service';
export {
  invoices,
  invoiceLines,
  invoiceAllocations,
  familyCreditMovements,
} from './billing.tables';
export { allocateToInvoice } from './invoices.repository';
export { invoicesExportRoutes } from './invoices-export.routes';
export { getBillingSettings, saveBillingSettings } from './billing-settings.service';
export { createScholarship } from './scholarships.service';
export {
  applyFamilyCredit,
  familyCreditBalance,
  type CreditActor,
  type CreditApplied,
} from './family-credit.service';
export {
  allocatePayment,
  allocatePayments,
  listPayableInvoices,
  type PayableInvoice,
  type PaymentAllocation,
  type PaymentToAllocate,
} from './payment-allocation.service';
export {
  checkAllSchools,
  checkLedgerAgreesWithInvoices,
  type LedgerCheck,
  type LedgerDifference,
} from './ledger-check.service';
export { findPaymentAllocations } from './payment-allocations.repository';
/** Chosen invoices with their state and whether they are a guardian's (the payer's checks). */
export { findInvoicesForGuardian } from './family-credit.repository';
export {
  findInvoicesWithLines,
  openBalanceOfStudents,
  type InvoiceWithLines,
} from './paid-invoices.repository';
export {
  refundPaymentAllocations,
  type PaymentRefundReversal,
  type PaymentRefundToPost,
} from './payment-refund.service';
export { findReceivables, overdueBalanceAsOf, type Receivables } from './receivables.repository';
