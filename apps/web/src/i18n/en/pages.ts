import type { Translation } from '../fr';

type Pages = Pick<Translation, 'about' | 'services' | 'contactPage'>;

export const pages: Pages = {
  about: {
    title: 'About us',
    lead: 'Écolage helps private schools collect school fees simply, without losing a single franc or an hour of work.',
    whoTitle: 'Who we are',
    who: [
      'Écolage is a billing and collection platform for school fees, based in Lomé. We build it for private institutions: primary schools, secondary schools, training institutes and universities.',
      'In many schools, collection still relies on receipt books, queues at the office and mobile-money statements copied by hand. Écolage connects it all: every invoice, payment and receipt is in one place, up to date.',
    ],
    missionTitle: 'Our mission',
    mission: [
      'Make paying school fees as simple as sending money to family, for parents in Togo and then across French-speaking West Africa, and give schools clear, predictable cash flow.',
      'Parents pay with the means they already use: Mixx by Yas and Moov Flooz in Togo, MTN MoMo, Orange Money and Wave in neighbouring countries, bank cards, a QR code or cash at the school office.',
    ],
    valuesTitle: 'Our commitments',
    values: [
      {
        title: 'Accuracy',
        text: 'Amounts are kept to the franc. A payment confirmed by a provider is never lost or counted twice, and every correction leaves a trace.',
      },
      {
        title: 'French first',
        text: 'The interface, receipts and messages sent to parents are written in plain French, with amounts in CFA francs.',
      },
      {
        title: 'Real-world networks',
        text: 'Our pages are light and fast, even on 3G and a modest phone. A paying parent needs neither an account nor an app.',
      },
      {
        title: 'Protected data',
        text: "Each school's data is kept separate, and we apply Togo's law no. 2019-014 on the protection of personal data.",
      },
    ],
    ctaTitle: 'Would you like to see Écolage in your school?',
    cta: 'Contact us',
  },
  services: {
    title: 'Services',
    lead: 'One platform to bill, collect, issue receipts, send reminders and keep the accounts of school fees.',
    howTitle: 'How it works',
    steps: [
      {
        title: 'Billing',
        text: 'You set up your programmes, levels and their fees (registration, monthly fees, schedule). Écolage issues each student’s invoices with continuous numbering, without gaps.',
      },
      {
        title: 'Payment',
        text: "The parent receives a link by SMS or e-mail, or uses the school's payment page. They choose Mixx by Yas, Moov Flooz, MTN MoMo, Orange Money, Wave, a bank card or a QR code, and can pay for several children at once. Cash payments are recorded at the office, in a cash desk opened and closed every day.",
      },
      {
        title: 'Receipts',
        text: 'As soon as the provider confirms the payment, a numbered PDF receipt is created, sent to the parent and archived. A QR code printed on the receipt lets anyone check that it is genuine.',
      },
      {
        title: 'Reminders',
        text: 'Before each due date, Écolage sends a polite reminder by SMS or e-mail at reasonable hours, then follows up on late payments according to the rules you set.',
      },
      {
        title: 'Accounting',
        text: 'Every payment is recorded as balanced entries. You export journals and payouts for your accountant or your software, following the SYSCOHADA chart of accounts.',
      },
      {
        title: 'Analytics',
        text: 'Dashboards, collection reports, payment rates by class and cash-flow forecasts: you always know what has been collected and what is still owed.',
      },
    ],
    audienceTitle: 'Who it is for',
    audience: [
      {
        title: 'The bursar',
        text: "Follows the day's collections, unpaid fees and reminders without re-typing anything.",
      },
      {
        title: 'Parents and guardians',
        text: 'Pay from their phone, at any time, and keep their receipts.',
      },
      {
        title: 'The accountant',
        text: 'Reconciles payments and exports journals ready to import.',
      },
      {
        title: 'The director',
        text: "Sees the school's financial health and plans cash flow ahead.",
      },
      {
        title: 'The cashier',
        text: 'Takes cash at the office and closes the cash desk with any difference explained.',
      },
    ],
    ctaTitle: 'Choose the right plan for your school',
    cta: 'See pricing',
  },
  contactPage: {
    title: 'Contact',
    lead: 'A question about Écolage, a demo for your team or a quote for a group of schools? We will get back to you quickly.',
  },
};
