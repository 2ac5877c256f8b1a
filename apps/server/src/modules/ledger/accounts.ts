/**
 * The SYSCOHADA révisé accounts Écolage posts to (research/accounting-and-market.md §4.3). Schools
 * will be able to remap them for their accountant; these are the defaults.
 */
export const LedgerAccounts = {
  /** Clients: what families owe (auxiliary = matricule). */
  studentsReceivable: '4111',
  /** Advances and overpayments received: the family's credit. */
  familyCredit: '4191',
  /** Mobile money wallets, one sub-account per provider. */
  wallet: {
    YAS_TG: '5521',
    MOOV_TG: '5522',
    ORANGE: '5523',
    MTN: '5524',
    WAVE: '5525',
    CARD: '5211',
  } as Record<string, string>,
  /** Cash desk. */
  cash: '571',
  /** Bank. */
  bank: '5211',
  /** Mobile money fees. */
  walletFees: '6317',
} as const;
