/**
 * The cash desk (« caisse »): a cashier's sessions opened with a float, the cash, cheque,
 * transfer and hand-recorded mobile-money payments taken in them (recorded by payments, receipt
 * issued at once), the closing count and the session report (« brouillard de caisse »).
 */
export { cashDeskRoutes } from './cash-desk.routes';
export type { CashSessionRow } from './cash-desk.tables';
