/** Enrolment billing, invoices, discounts (scholarships, siblings), late fees, billing rules. */
export { billingRoutes } from './billing.routes';
export { scheduleLateFees } from './late-fees.job';
export { applyLateFees } from './late-fees.service';
export { enrolStudent, issueEnrolmentInvoices, withdrawEnrolment } from './enrolment.service';
export { findBillingRules } from './billing-settings.service';
export { invoices, invoiceLines, invoiceAllocations } from './billing.tables';
export { allocateToInvoice } from './invoices.repository';
export { invoicesExportRoutes } from './invoices-export.routes';
export { getBillingSettings, saveBillingSettings } from './billing-settings.service';
export { createScholarship } from './scholarships.service';
