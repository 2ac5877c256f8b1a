import type { Translation } from '../fr';

type Marketing = Pick<Translation, 'hero' | 'features' | 'pricing' | 'contact' | 'contactForm'>;

export const marketing: Marketing = {
  hero: {
    eyebrow: 'For private schools in Togo',
    title: 'Pay school fees, hassle-free.',
    text: 'Écolage bills school fees and collects them for your school: parents pay in seconds from their phone, you follow every franc in real time, and receipts and reminders go out on their own.',
    cta: 'Start for free',
    secondaryCta: 'See pricing',
    parentPrompt: 'Are you a parent?',
    parentLink: 'Pay or pre-register a student at their school',
    imageAlt:
      'Illustration: a phone shows 75,000 FCFA of school fees to pay by mobile money, next to a validated PDF receipt and a due-date reminder.',
    brandsTitle: 'Payments accepted through',
    otherMethods: 'Bank cards · QR code · Cash at the school office',
  },
  features: {
    title: 'Everything you need to collect school fees',
    intro:
      'From enrolment to the last instalment, Écolage replaces receipt books, queues at the cash desk and spreadsheets rebuilt every month.',
    payments: {
      title: 'Digital payments',
      text: 'Parents pay whenever and wherever they want.',
      points: [
        'Mobile money: Mixx by Yas, Moov Flooz, MTN MoMo, Orange Money, Wave',
        'Bank cards and QR codes',
        'Payments possible 24/7',
        'Receipts sent automatically',
        'Reminders before every due date',
      ],
    },
    receipts: {
      title: 'PDF receipts',
      text: 'Every payment produces a numbered receipt that can be checked by QR code.',
      points: [
        'PDF receipt generated as soon as the payment is confirmed',
        'Secure archive of every receipt',
        'Complete payment history for each student',
      ],
    },
    roles: {
      title: 'Multi-role management',
      text: 'Each team member sees and does what their role allows.',
      points: [
        'Admin, accountant, cashier and director roles',
        'Import and export of students and fees',
        'Cash desk system for cash payments',
      ],
    },
    analytics: {
      title: 'Financial analytics',
      text: 'Accurate figures to decide quickly.',
      points: [
        'Real-time dashboards',
        'Collection reports',
        'Payment rates by class and programme',
        'Cash-flow forecasts',
      ],
    },
    model: {
      title: 'You earn, we earn.',
      text: 'With the Croissance plan there is no subscription: Écolage is paid through a commission on the payments you collect. As long as your school collects nothing, you pay nothing.',
    },
  },
  pricing: {
    title: 'Simple pricing, in CFA francs',
    intro: 'Start with no commitment and change plans as your school grows.',
    recommended: 'Recommended',
    perYear: '/\u00A0year',
    perMonth: '/\u00A0month',
    onQuote: 'On quote',
    plans: {
      decouverte: {
        name: 'Découverte',
        description: 'To get started with a small team.',
        cta: 'Choose Découverte',
      },
      croissance: {
        name: 'Croissance',
        description: 'No subscription: you only pay when you collect.',
        cta: 'Start for free',
      },
      personnalise: {
        name: 'Personnalisé',
        description: 'For school groups and large institutions.',
        cta: 'Request a quote',
      },
    },
    features: {
      users: '{{quantity}} users',
      usersUnlimited: 'Unlimited users',
      studentsUnlimited: 'Unlimited students',
      remindersPerMonth: '{{quantity}} reminders per month',
      remindersUnlimited: 'Unlimited reminders',
      prioritySupport: 'Priority support',
      freeUpdates: 'Free updates',
      unlimitedTraining: 'Unlimited training',
      firstAmountFree: 'First {{amount}} collected with no fees',
      noPaymentFees: 'No payment fees',
      dedicatedServer: 'Dedicated server',
      premiumSupport: '24/7 premium support',
      tailoredTraining: 'Tailored training',
    },
  },
  contact: {
    title: "Let's talk about your school",
    intro:
      'A question, a demo, a quote? Write to us: we answer in French or English, with examples that fit your school.',
    detailsTitle: 'Our contact details',
    emailLabel: 'E-mail',
    phoneLabel: 'Phone',
    addressLabel: 'Address',
    address: 'Lomé, Togo',
    formTitle: 'Send us a message',
  },
  contactForm: {
    name: 'Name',
    email: 'E-mail',
    subject: 'Subject',
    message: 'Message',
    requiredHint: 'All fields are required.',
    submit: 'Send the message',
    submitting: 'Sending…',
    success: 'Your message has been sent!',
    failure: 'The message could not be sent. Please try again.',
    fillRequired: 'Please fill in all required fields.',
  },
};
