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
export { validateLedgerThrough, entryNumberText } from './numbering/numbering.service';
export { ledgerValidationJob } from './numbering/numbering.job';
export { closeLedgerPeriod } from './periods/periods.service';
export {
  findClosedThrough,
  findFirstEntryDate,
  findPeriodClosures,
  hasPostingsSince,
} from './periods/periods.repository';
export type { LedgerPeriodClosureRow } from './periods/periods.tables';
