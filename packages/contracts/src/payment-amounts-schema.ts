import type { z } from 'zod';
import { domainErrorMessage } from './error-codes';
import {
  checkPaymentAmount,
  type PaymentAmountCase,
  type PaymentAmountRefusal,
} from './payment-amounts';

/** The French sentence of a refusal, from the error catalogue (as the server says it). */
export function paymentAmountMessage(refusal: PaymentAmountRefusal): string {
  return domainErrorMessage(refusal.code, refusal.params as never);
}

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
      message: paymentAmountMessage(refusal),
      params: { code: refusal.code, ...refusal.params },
    });
  };
}
