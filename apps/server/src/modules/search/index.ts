/**
 * The admin top bar's search: students, guardians, invoices, receipts and payments of the school,
 * each group through its owner module's index, only the groups the member may read.
 */
export { searchRoutes } from './search.routes';
export { topBarSearch, type Searcher } from './search.service';
