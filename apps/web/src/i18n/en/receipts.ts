import type { Translation } from '../fr';

type Receipts = Pick<Translation, 'receipts'>;

export const receipts: Receipts = {
  receipts: {
    status: {
      valid: 'Valid',
      partially_refunded: 'Partly refunded',
      cancelled: 'Cancelled (refunded)',
    },
    pdf: {
      print: 'Print the receipt (80 mm ticket)',
      printHint: 'The ticket opens in a new tab: print it from there.',
      a4: 'A4 receipt',
      opening: 'Opening the receipt…',
      downloading: 'Downloading…',
      tabLoading: 'Loading the receipt…',
      failure: 'The receipt could not be downloaded.',
    },
    studentList: {
      title: 'Receipts',
      caption: "The student's receipts",
      loading: 'Loading the receipts…',
      loadError: 'The receipts could not be loaded.',
      empty: 'No receipt yet.',
      hint: 'A receipt is issued for every successful payment, online or at the desk.',
      number: 'Receipt no.',
      date: 'Date',
      amount: 'Amount',
      status: 'Status',
      payer: 'Payer',
      files: 'Download',
      refunded: 'Refunded: {{amount}}',
      a4: 'A4',
      thermal: 'Ticket',
      a4Label: 'Download receipt {{number}} as A4',
      thermalLabel: 'Download receipt {{number}} as an 80 mm ticket',
    },
    verification: {
      title: 'Receipt check',
      loading: 'Checking the receipt…',
      authentic: 'Authentic receipt',
      authenticLead: 'This receipt was issued by {{school}} with Écolage.',
      cancelledLead:
        'This receipt was issued by {{school}} with Écolage, but the payment was refunded in full: it no longer proves any payment.',
      partiallyRefundedLead:
        'This receipt was issued by {{school}} with Écolage; part of the payment has since been refunded.',
      number: 'Receipt number',
      school: 'School',
      date: 'Issued on',
      amount: 'Amount paid',
      refunded: 'Amount refunded',
      status: 'Status:',
      students_one: 'Student',
      students_other: 'Students',
      notFoundTitle: 'Receipt not found',
      notFound:
        "This code matches no receipt. Check the address or scan the receipt's QR code again; if in doubt, ask the school.",
      tooManyTitle: 'Too many checks',
      tooMany: 'Too many checks, try again in a minute.',
      errorTitle: 'The receipt could not be checked',
      error: 'Check your connection, then try again.',
      retry: 'Try again',
      home: 'Back to the home page',
    },
  },
};
