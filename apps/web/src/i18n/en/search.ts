import type { Translation } from '../fr';

/** The admin top bar's search (a combobox): its groups, hits, states. */
export const search: Pick<Translation, 'search'> = {
  search: {
    label: 'Search',
    placeholder: 'Search… ( / )',
    shortcut: 'Shortcuts: “/” or Ctrl+K',
    results: 'Search results',
    loading: 'Searching…',
    noResult: 'No results for “{{term}}”',
    tooShort: 'Type at least 2 characters.',
    error: 'The search failed. Try again.',
    count_one: '{{count}} result',
    count_other: '{{count}} results',
    more: 'more than 5: refine',
    allStudents: 'See all students for “{{term}}”',
    groups: {
      students: 'Students',
      guardians: 'Guardians',
      invoices: 'Invoices',
      receipts: 'Receipts',
      payments: 'Payments',
    },
    archived: 'Archived',
    guardianOf: 'Guardian of {{names}}',
    studentStatus: {
      active: 'Active',
      suspended: 'Suspended',
      pending: 'Pending',
    },
    invoiceStatus: {
      draft: 'Draft',
      open: 'To pay',
      partially_paid: 'Partly paid',
      paid: 'Paid',
      void: 'Void',
    },
    paymentStatus: {
      initiated: 'Initiated',
      pending: 'Pending',
      unknown: 'Being checked',
      succeeded: 'Succeeded',
      failed: 'Failed',
      cancelled: 'Cancelled',
      expired: 'Expired',
      refund_pending: 'Refund pending',
      refunded: 'Refunded',
      partially_refunded: 'Partly refunded',
    },
  },
};
