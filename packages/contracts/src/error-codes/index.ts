import type { ErrorDefinition } from './define';
import { accessErrors } from './access';
import { automationErrors } from './automations';
import { authErrors } from './auth';
import { billingErrors } from './billing';
import { cashDeskErrors } from './cash-desk';
import { generalErrors } from './general';
import { operatorErrors } from './operator';
import { payerErrors, receiptErrors } from './payer';
import { paymentErrors } from './payments';
import { admissionErrors, programmeErrors } from './programmes';
import { settingsErrors } from './settings';
import { importErrors, studentErrors } from './students';
import { schoolPagesErrors } from './school-pages';
import { messagingErrors } from './messaging';
import { notificationErrors } from './notifications';
import { incomingCreditErrors } from './incoming-credits';
import { journalErrors } from './journal';
import { reconciliationErrors } from './reconciliation';
import { payoutErrors } from './payouts';
import { accountingReportErrors } from './accounting-reports';
import { marketingErrors } from './marketing';
import { couponErrors } from './coupons';

export { defineError, type ErrorDefinition, type NoParams } from './define';

/**
 * Every domain error code the API answers with, by use case: its HTTP status, its parameters and
 * its French sentence (see each file for when it is raised). The web has a text per code in
 * `apps/web/src/i18n/{fr,en}/errors.ts` (a test checks both cover this list exactly).
 * To add one: a line in the module's file here (doc line: status, when), then the two web texts.
 */
export const errorCatalogue = {
  ...generalErrors,
  ...authErrors,
  ...accessErrors,
  ...programmeErrors,
  ...admissionErrors,
  ...studentErrors,
  ...importErrors,
  ...billingErrors,
  ...paymentErrors,
  ...cashDeskErrors,
  ...payerErrors,
  ...receiptErrors,
  ...operatorErrors,
  ...schoolPagesErrors,
  ...settingsErrors,
  ...messagingErrors,
  ...automationErrors,
  ...notificationErrors,
  ...incomingCreditErrors,
  ...journalErrors,
  ...reconciliationErrors,
  ...accountingReportErrors,
  ...payoutErrors,
  ...marketingErrors,
  ...couponErrors,
};

export type DomainErrorCode = keyof typeof errorCatalogue;

/** The parameters of a code: `ErrorParams<'AMOUNT_BELOW_MINIMUM'>` is `{ minimum: number }`. */
export type ErrorParams<C extends DomainErrorCode> =
  (typeof errorCatalogue)[C] extends ErrorDefinition<infer P> ? P : never;

export const domainErrorCodes = Object.keys(errorCatalogue) as DomainErrorCode[];

export function isDomainErrorCode(code: unknown): code is DomainErrorCode {
  return typeof code === 'string' && Object.hasOwn(errorCatalogue, code);
}

/** The French sentence of a code with its parameters. */
export function domainErrorMessage<C extends DomainErrorCode>(code: C, params: ErrorParams<C>) {
  return (errorCatalogue[code] as ErrorDefinition<ErrorParams<C>>).message(params);
}
