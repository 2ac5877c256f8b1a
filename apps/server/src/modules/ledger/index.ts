/** The school's double-entry ledger: balanced, immutable, idempotent postings (SYSCOHADA accounts). */
export { LedgerAccounts, LedgerJournals, journalForAccount } from './accounts';
export {
  postLedgerTransaction,
  reverseLedgerTransaction,
  UnbalancedPostingError,
  type LedgerEntryInput,
  type LedgerPosting,
} from './ledger.service';
export { postLedgerTransactions, reverseSourcePostings } from './ledger-bulk.service';
export {
  accountBalance,
  accountBalancesByAuxiliary,
  findOrganizationsWithPostings,
  findPostedKeys,
  ledgerTotals,
} from './ledger-balances.repository';
export {
  auxiliariesWithEntries,
  auxiliaryBalancesBefore,
  auxiliaryLedgerLines,
  type AuxiliaryLedgerLine,
} from './auxiliary-ledger.repository';
