/** Enrolment billing, invoices, discounts (scholarships, siblings), late fees, billing rules. */
export { billingRoutes } from './billing.routes';
export { lateFeesJob } from './late-fees/late-fees.job';
export { applyLateFees } from './late-fees/late-fees.service';
export {
  enrolStudent,
  issueEnrolmentInvoices,
  withdrawEnrolment,
} from './enrolment/enrolment.service';
export { findBillingRules } from './settings/billing-settings.service';
export { allocateToInvoice } from './invoices/invoices.repository';
export { invoicesExportRoutes } from './exports/invoices-export.routes';
export { getBillingSettings, saveBillingSettings } from './settings/billing-settings.service';
export { createScholarship, decideScholarship } from './discounts/scholarships.service';
export {
  applyFamilyCredit,
  familyCreditBalance,
  type CreditActor,
  type CreditApplied,
} from './allocations/family-credit.service';
export {
  allocatePayment,
  allocatePayments,
  listPayableInvoices,
  type PayableInvoice,
  type PaymentAllocation,
  type PaymentToAllocate,
} from './allocations/payment-allocation.service';
export {
  checkAllSchools,
  checkLedgerAgreesWithInvoices,
  type LedgerCheck,
  type LedgerDifference,
} from './ledger-check/ledger-check.service';
export { findPaymentAllocations } from './allocations/payment-allocations.reads';
/** Money applied to students' invoices since a moment, or by given payments (campaign revenue). */
export {
  collectedAllocations,
  type CollectedAllocation,
} from './allocations/collected-money.reads';
export { searchInvoicesByNumber } from './invoices/invoice-search.repository';
/** Chosen invoices with their state and whether they are a guardian's (the payer's checks). */
export { findInvoicesForGuardian } from './allocations/payable-invoices.reads';
export { findInvoicesWithLines, type InvoiceWithLines } from './invoices/paid-invoices.reads';
/** The coupon lines of invoices (the payer's pages show them under each invoice). */
export { findCouponLines, type CouponLine } from './invoices/coupon-lines.reads';
/** A student's (or a family's) open balance: one definition, owned here. */
export {
  openBalanceOf,
  openBalanceOfStudents,
  openBalanceSum,
  studentBalanceQueries,
} from './invoices/open-balance.repository';
export {
  refundPaymentAllocations,
  type PaymentRefundReversal,
  type PaymentRefundToPost,
} from './allocations/payment-refund.service';
export {
  findReceivables,
  overdueBalanceAsOf,
  type Receivables,
} from './exports/receivables.repository';
export { findTopOverdueClasses, type OverdueClass } from './exports/overdue-classes.reads';
export { agedReceivablesAt, type AgedReceivable } from './exports/aged-receivables.repository';
/**
 * Coupons (« Marketing › Coupons »): their screen's routes and the desk's, and their uses — on one
 * invoice (pay page, payment link, desk) or held by a pre-registration until its decision.
 */
export { couponsRoutes } from './coupons/coupons.routes';
export {
  applyCouponReservation,
  redeemCoupon,
  releaseCouponReservation,
  reserveCoupon,
} from './coupons/coupon-redemption.service';
export type { AppliedCoupon } from '@ecolage/contracts';
