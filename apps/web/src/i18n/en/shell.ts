import type { Translation } from '../fr';

type Shell = Pick<
  Translation,
  | 'meta'
  | 'common'
  | 'skipLink'
  | 'nav'
  | 'language'
  | 'footer'
  | 'newsletter'
  | 'honeypot'
  | 'cookies'
  | 'notFound'
>;

export const shell: Shell = {
  meta: {
    brand: 'Écolage',
    titleSuffix: 'Écolage',
    home: 'Écolage — School fees made easy',
  },
  common: {
    networkError: 'Something went wrong. Please try again later.',
    invalidEmail: 'The e-mail address is not valid.',
    loading: 'Loading…',
    close: 'Close',
    required: 'required',
  },
  skipLink: 'Skip to content',
  nav: {
    label: 'Main navigation',
    home: 'Écolage, home',
    features: 'Features',
    pricing: 'Pricing',
    contact: 'Contact',
    login: 'Log in',
    signup: 'Sign up',
    openMenu: 'Open the menu',
    closeMenu: 'Close the menu',
  },
  language: {
    label: 'Language',
    fr: 'FR – Français',
    en: 'EN – English',
  },
  footer: {
    tagline:
      'The school-fee payment platform for private schools in Togo and French-speaking West Africa.',
    productTitle: 'Product',
    companyTitle: 'Company',
    legalTitle: 'Legal',
    about: 'About us',
    services: 'Services',
    contactPage: 'Contact us',
    privacy: 'Privacy policy',
    terms: 'Terms of use',
    cookies: 'Cookie settings',
    copyright: '© 2025 Écolage. All rights reserved.',
  },
  newsletter: {
    title: 'Stay informed',
    text: 'Get Écolage news and our advice on collecting school fees more easily.',
    label: 'E-mail address',
    placeholder: 'you@example.tg',
    submit: 'Subscribe',
    submitting: 'Subscribing…',
    success: 'Subscription successful!',
    failure: 'Subscription failed. Please try again.',
  },
  honeypot: 'Leave this field empty',
  cookies: {
    title: 'Cookie settings',
    intro:
      'Écolage only uses cookies that are strictly necessary for the service to work. No advertising trackers, no third-party analytics, no sharing with ad networks.',
    necessaryTitle: 'Strictly necessary cookies (always on)',
    necessaryText:
      'The session cookie keeps you securely signed in to your account (scripts cannot read it and it expires when you log out). These cookies are essential: they need no consent and cannot be switched off.',
    storageTitle: 'Preferences saved on your device',
    storageText:
      'Your language choice is kept in your browser’s local storage. It never leaves your device.',
    noTrackers: 'Advertising cookies and third-party trackers: none.',
    ok: 'Got it',
  },
  notFound: {
    title: 'Page not found',
    code: 'Error 404',
    text: 'The page you are looking for does not exist or has moved. Check the address or go back to the home page.',
    home: 'Back to the home page',
    contact: 'Contact us',
  },
};
