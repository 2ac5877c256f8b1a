/**
 * Every table of every module, for drizzle-kit (migrations) and for the typed database client.
 * This is the composition root of the schema: platform/ never imports modules.
 */
export * from './modules/organizations/organizations.tables';
export * from './modules/organizations/slug-redirects.tables';
export * from './modules/audit/audit.tables';
export * from './modules/public/public.tables';
export * from './modules/public/page-analytics/page-analytics.tables';
export * from './modules/auth/auth.tables';
export * from './modules/access/access.tables';
export * from './modules/messaging/messaging.tables';
export * from './modules/messaging/short-links/short-links.tables';
export * from './modules/messaging/opt-outs/opt-outs.tables';
export * from './modules/programmes/programmes.tables';
export * from './modules/students/students.tables';
export * from './modules/billing/billing.tables';
export * from './modules/billing/coupons/coupons.tables';
export * from './modules/ledger/ledger.tables';
export * from './modules/payments/payments.tables';
export * from './modules/payments/incoming-credits/incoming-credits.tables';
export * from './platform/outbox/outbox.tables';
export * from './modules/receipts/receipts.tables';
export * from './modules/cash-desk/cash-desk.tables';
export * from './modules/payer/payer.tables';
export * from './modules/marketing/campaigns/campaigns.tables';
export * from './modules/marketing/sending/sending.tables';
export * from './modules/admissions/admissions.tables';
export * from './modules/settings/settings.tables';
export * from './modules/operator/operator.tables';
export * from './platform/test-clock/test-clock.tables';
export * from './platform/http/rate-budgets.tables';
export * from './modules/automations/sends/workflow-sends.tables';
export * from './modules/notifications/notifications.tables';
export * from './modules/automations/workflows/workflows.tables';
export * from './modules/accounting/settlements/settlements.tables';
export * from './modules/accounting/payouts/payouts.tables';
export * from './modules/accounting/reconciliation/reconciliation.tables';
export * from './modules/ledger/numbering/numbering.tables';
export * from './modules/ledger/periods/periods.tables';
export * from './modules/accounting/journal/journal.tables';
export * from './modules/accounting/settlement-list/settlement-totals.tables';
export * from './modules/analytics/rollups/rollups.tables';
