import type { z } from 'zod';
import { PayerMessages } from './payer';
import { PaymentMessages } from './payments';
import {
  checkPaymentAmount,
  type PaymentAmountCase,
  type PaymentAmountCode,
  type PaymentAmountRefusal,
} from './payment-amounts';

/** The French sentence of each refusal, as the server says it. */
export const paymentAmountMessages: Record<PaymentAmountCode, string> = {
  AMOUNT_NOT_WHOLE_FRANCS: 'Le montant doit être un nombre entier de francs (pas de centimes).',
  PARTIAL_PAYMENT_NOT_ALLOWED: PayerMessages.partialNotAllowed,
  NOTHING_TO_PAY: PaymentMessages.nothingToPay,
  AMOUNT_ABOVE_BALANCE: PaymentMessages.amountAboveBalance,
  AMOUNT_BELOW_MINIMUM: PayerMessages.amountBelowMinimum,
};

/**
 * The amount rules as a zod refinement, for a form whose values say what is paid against what:
 * `schema.superRefine(paymentAmountRefinement((values) => ({ amount, balance, capped })))`.
 * `caseOf` answers null when another issue already speaks for the amount. The issue carries the
 * refusal's `code` and parameters in `params`, so that the form shows the reader's language.
 * `pathOf` puts it on a field (`amount` unless told otherwise).
 */
export function paymentAmountRefinement<T>(
  caseOf: (values: T) => PaymentAmountCase | null,
  pathOf: (refusal: PaymentAmountRefusal) => string = () => 'amount',
) {
  return (values: T, context: z.RefinementCtx<T>) => {
    const rules = caseOf(values);
    if (!rules) return;
    const verdict = checkPaymentAmount(rules);
    if (verdict.ok) return;
    const refusal = { code: verdict.code, params: verdict.params } as PaymentAmountRefusal;
    context.addIssue({
      code: 'custom',
      path: [pathOf(refusal)],
      message: paymentAmountMessages[refusal.code],
      params: { code: refusal.code, ...refusal.params },
    });
  };
}
