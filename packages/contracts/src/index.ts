import { z } from 'zod';

// Validation messages people read are French (DESIGN.md §1.6): every schema built from this package
// — on the server and in the web app — reports its built-in errors in French.
z.config(z.locales.fr());

export * from './errors';
export * from './error-codes';
export * from './public';
export * from './health';
export * from './organizations';
export * from './permissions';
export * from './auth';
export * from './audit';
export * from './audit-details';
export * from './audit-detail-lines';
export * from './access';
export * from './common';
export * from './days';
export * from './french-text';
export * from './phone';
export * from './programmes';
export * from './students';
export * from './billing';
export * from './student-import';
export * from './payments';
export * from './payment-records';
export * from './payment-amounts';
export * from './payment-amounts-schema';
export * from './receipts';
export * from './live';
export * from './cash-desk';
export * from './dashboard';
export * from './payer';
export * from './admissions';
export * from './school-finder';
export * from './school-pages';
export * from './search';
export * from './events';
export * from './operator';
export * from './plans';
export * from './bank-account';
export * from './settings';
export * from './automations';
export * from './automation-runs';
export * from './sms-text';
export * from './short-links';
export * from './messages';
export * from './notifications';
