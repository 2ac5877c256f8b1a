import type { Translation } from '../fr';

type Legal = Pick<Translation, 'privacy' | 'terms'>;

export const legal: Legal = {
  privacy: {
    title: 'Privacy policy',
    lead: "This policy explains what data Écolage processes, why, for how long and how to exercise your rights, in accordance with Togo's law no. 2019-014 of 29 October 2019 on the protection of personal data.",
    sections: [
      {
        title: 'Who processes your data',
        body: [
          'Écolage, Lomé (Togo), reachable at contact@ecolage.tg, is the controller for processing related to its website and customer accounts (newsletter, contact requests, school staff accounts).',
          'For student, parent and payment data, the school is the controller; Écolage acts as a processor and only uses that data to provide the service to that school.',
        ],
      },
      {
        title: 'What data',
        body: [
          'Identity and contact: name, e-mail address, phone number, role in the school.',
          'Schooling: student ID (matricule), class or programme, fees billed, due dates.',
          'Payments: amount, date, provider, payer phone number and transaction reference. We never keep a full card number or the secret code of a mobile-money account.',
          'Technical logs: IP address, date and action performed, for security and traceability.',
        ],
      },
      {
        title: 'Why',
        body: [
          'To provide the service: billing, collecting, issuing receipts, sending reminders and producing the accounting exports the school asks for.',
          'To answer your messages and, if you subscribed, send you the newsletter.',
          'To secure the platform, prevent fraud and meet our legal obligations, including accounting ones.',
        ],
      },
      {
        title: 'For how long',
        body: [
          'Accounting records (invoices, payments, receipts) are kept for ten years, as OHADA accounting law requires.',
          'User accounts are kept while the school uses Écolage, then deleted or anonymised.',
          'Contact requests are kept for three years at most; the newsletter subscription lasts until you unsubscribe.',
        ],
      },
      {
        title: 'Sharing and security',
        body: [
          'Your data is never sold. It is only shared with the providers the service needs (payment providers, SMS and e-mail delivery, hosting), who are bound to confidentiality.',
          'Connections are encrypted, access is limited by role and every sensitive action is logged.',
        ],
      },
      {
        title: 'Your rights',
        body: [
          'You have the right to information, access, rectification, erasure and objection regarding your data. Write to contact@ecolage.tg; we answer within one month.',
          "For data managed by a school, contact the school first; we help it answer you. You may also refer the matter to Togo's personal data protection authority (IPDCP).",
        ],
      },
      {
        title: 'Cookies',
        body: [
          'Écolage only uses strictly necessary cookies (session and security) and no advertising trackers. Details are in the cookie settings at the bottom of every page.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of use',
    lead: 'These terms govern the use of the Écolage platform by schools, their staff and the parents who make payments on it.',
    sections: [
      {
        title: 'Purpose',
        body: [
          'Écolage provides an online service to bill and collect school fees, issue receipts, send reminders, export accounts and analyse figures. Using the platform means accepting these terms.',
        ],
      },
      {
        title: 'Accounts and access',
        body: [
          'The school appoints its staff members and their roles. Everyone keeps their credentials confidential and reports any suspicious access without delay.',
          'The school guarantees that the information it enters is accurate: students, fees, due dates and parent contact details.',
        ],
      },
      {
        title: 'Payments',
        body: [
          'Payments are carried out by licensed providers (mobile money, bank cards). A payment only counts as successful once the provider confirms it; the receipt is then issued.',
          "Amounts are in CFA francs (XOF). Any refunds follow the school's own policy and are recorded in the platform.",
        ],
      },
      {
        title: 'Pricing',
        body: [
          "The Découverte, Croissance and Personnalisé plans are described in the pricing section. The applicable payment commissions and subscription fees are set out in the school's contract.",
        ],
      },
      {
        title: 'Availability and liability',
        body: [
          'We do our utmost to keep the service available around the clock, except for announced maintenance. Écolage is not liable for outages specific to payment or telecom providers.',
        ],
      },
      {
        title: 'Personal data',
        body: [
          'Data processing is described in our privacy policy, written in accordance with law no. 2019-014 on the protection of personal data.',
        ],
      },
      {
        title: 'Governing law',
        body: [
          'These terms are governed by Togolese law. Failing an amicable settlement, any dispute falls under the competent courts of Lomé. We may change these terms; client schools are informed in advance.',
        ],
      },
    ],
  },
};
