import type { Translation } from '../fr';

type PaymentLinks = Pick<Translation, 'paymentLinks'>;

export const paymentLinks: PaymentLinks = {
  paymentLinks: {
    title: 'Online payment',
    lead: '{{name}} ({{phone}}), the paying guardian, pays the family’s invoices online, without an account.',
    noPayer: 'Add a paying guardian so that the family can pay online.',
    send: 'Send the link by SMS',
    sending: 'Sending…',
    sent: 'Payment link sent by SMS to {{phone}}.',
    sendFailure: 'The link could not be sent.',
    copy: 'Copy the link',
    copying: 'Creating the link…',
    copied: 'Payment link copied.',
    copyFailure: 'The link could not be created.',
    copyBlocked: 'The browser did not allow copying: copy the link below.',
    link: 'Payment link',
    linkHint: 'Valid until {{date}}. It opens the invoices of all of {{name}}’s children.',
    qr: 'QR code',
    qrTitle: 'Payment QR code of {{name}}',
    qrLead:
      'Scanned with a phone, it opens {{name}}’s invoices. It stays the same while it is valid: you can print it.',
    qrAlt: 'Payment QR code of {{name}}',
    qrLoading: 'Preparing the QR code…',
    qrFailure: 'The QR code could not be prepared.',
    qrDownload: 'Download the QR code (SVG)',
    close: 'Close',
    sheet: 'QR code sheet (PDF)',
    sheetLabel: 'Download the payment QR code sheet of {{name}} (PDF)',
    sheetPending: 'Preparing…',
    sheetFailure: 'The QR code sheet of {{name}} could not be downloaded.',
    poster: 'School QR poster (PDF)',
    posterPending: 'Preparing the poster…',
    posterFailure: 'The poster could not be downloaded.',
  },
};
