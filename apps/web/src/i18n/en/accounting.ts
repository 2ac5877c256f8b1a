import type { Translation } from '../fr';

/** Accounting: the page, its tabs and its two buttons. */
export const accounting: Pick<Translation, 'accounting'> = {
  accounting: {
    title: 'Accounting',
    lead: 'What the school collects, what the providers and the platform cost, the payouts to its bank account, the reconciliation with the statements and the exports for the accountant.',
    journal: 'Journal',
    export: 'Export',
    tabs: {
      label: 'Accounting views',
      settlements: 'Payments',
      payouts: 'Payouts',
      reconciliation: 'Reconciliation',
      incomingCredits: 'To assign',
      settings: 'Accounting settings',
    },
  },
};
