/** The school's double-entry ledger: balanced, immutable, idempotent postings (SYSCOHADA accounts). */
export { LedgerAccounts } from './accounts';
export {
  accountBalance,
  postLedgerTransaction,
  reverseLedgerTransaction,
  UnbalancedPostingError,
  type LedgerEntryInput,
  type LedgerPosting,
} from './ledger.service';
export { ledgerEntries, ledgerTransactions } from './ledger.tables';
