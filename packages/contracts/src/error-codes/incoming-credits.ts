import { IncomingCreditMessages } from '../incoming-credits';
import { defineError } from './define';

/** Money that arrives unasked, « à affecter » (module `payments/incoming-credits`). */
export const incomingCreditErrors = {
  /** 404 — no incoming credit with that id in the school. */
  INCOMING_CREDIT_NOT_FOUND: defineError(404, IncomingCreditMessages.notFound),
  /** 409 — assigning a credit already matched or assigned (twice, or two members at once). */
  INCOMING_CREDIT_ALREADY_ASSIGNED: defineError(409, IncomingCreditMessages.alreadyAssigned),
  /** 409 — assigning a credit returned to its sender. */
  INCOMING_CREDIT_RETURNED: defineError(409, IncomingCreditMessages.returned),
  /** 409 — returning a credit that no longer waits (matched, assigned or returned already). */
  INCOMING_CREDIT_NOT_RETURNABLE: defineError(409, IncomingCreditMessages.notReturnable),
  /** 400 — a credit handed over with an amount that is not a positive whole number of francs, or
   * without a transaction id (a statement line, a notification). */
  INCOMING_CREDIT_INVALID: defineError(400, IncomingCreditMessages.invalid),
  /** 409 — a merchant code already given to a school at that provider. */
  MERCHANT_CODE_TAKEN: defineError(409, IncomingCreditMessages.merchantCodeTaken),
};
