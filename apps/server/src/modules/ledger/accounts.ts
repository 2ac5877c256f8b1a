/**
 * The SYSCOHADA révisé accounts Écolage posts to (research/accounting-and-market.md §4.3). Schools
 * will be able to remap them for their accountant; these are the defaults.
 */
export const LedgerAccounts = {
  /** Clients: what families owe (auxiliary = the student's matricule, never changed). */
  studentsReceivable: '4111',
  /** Advances and overpayments received: the family's credit (auxiliary = the guardian's id). */
  familyCredit: '4191',
  /** Mobile money wallets, one sub-account per provider. */
  wallet: {
    YAS_TG: '5521',
    MOOV_TG: '5522',
    ORANGE: '5523',
    MTN: '5524',
    WAVE: '5525',
    CARD: '5211',
    // Taken at the cash desk: the drawer, cheques to cash, the bank.
    CASH: '571',
    CHEQUE: '513',
    BANK_TRANSFER: '5211',
  } as Record<string, string>,
  /** Cash desk. */
  cash: '571',
  /** Cheques received, to cash. */
  cheques: '513',
  /** Bank. */
  bank: '5211',
  /** Mobile money fees. */
  walletFees: '6317',
  /** Écolage's commission on each payment (Rémunérations d'intermédiaires et de conseils). */
  platformCommission: '6322',
  /** Virements de fonds: payouts on their way from the wallets to the bank. */
  transfersInTransit: '585',
  /** Créditeurs divers — encaissements à affecter: money in that no student is known for yet. */
  unassignedCredits: '4712',
  /** Fee revenue (706 Services vendus): inscription, écolage, other school fees. */
  revenue: {
    registration: '70611',
    tuition: '70612',
    /** Exam fees, uniforms, badges… billed as one-off invoices (« autres frais »). */
    otherFees: '70618',
  },
  /** RRR accordés: scholarships and sibling reductions, kept gross (the fee stays in 706). */
  discounts: '7069',
  /** Late-payment penalties (Autres produits divers); a waiver reverses them. */
  lateFees: '7588',
} as const;

/** Journal codes (SYSCOHADA practice, research §4.3). */
export const LedgerJournals = {
  /** Ventes: invoices issued, late fees. */
  sales: 'VE',
  /** Opérations diverses: discounts after issue, waivers, voids, family credit used. */
  adjustments: 'OD',
  cash: 'CA1',
  bank: 'BQ1',
} as const;

/**
 * The journal of a treasury account: one per wallet (`MM1` for 5521, `MM2` for 5522…), the cash
 * desk, the bank; `OD` otherwise.
 */
export function journalForAccount(account: string): string {
  if (/^552\d$/.test(account)) return `MM${account.slice(3)}`;
  if (account.startsWith('57')) return LedgerJournals.cash;
  if (account.startsWith('52')) return LedgerJournals.bank;
  return LedgerJournals.adjustments;
}
