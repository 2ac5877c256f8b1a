import { checkPaymentAmount, paymentAmountMessage } from '@ecolage/contracts';
import type { PaymentAmountCase, PaymentAmountRefusal } from '@ecolage/contracts';
import type { FieldValues } from 'react-hook-form';
import type { FormSchema } from '../../components/ui/form';
import type { SchemaIssue } from '../../components/ui/form-issues';

/** What a payment form needs of a contracts' schema: its parse. */
interface BodySchema<Output> {
  safeParseAsync(
    value: unknown,
    params?: { reportInput?: boolean },
  ): Promise<
    { success: true; data: Output } | { success: false; error: { issues: readonly SchemaIssue[] } }
  >;
}

/**
 * The schema of a form of the kit whose values are what the reader typed (`« 150 000 »`), built
 * on a contracts' request schema: the values are read into the request's body (`read`), checked
 * by the schema, plus the issues it says only once the rest is right (`more`) and, for a payment,
 * the payment amount rules (`checkPaymentAmount`, the server's own) — all at once, so that a
 * missing wallet and an amount above the balance are said together. `amountCase` answers null
 * when there is no amount to check; `pathOf` names the field a refusal goes to. The refusal
 * carries its domain code, so that the form says it in the reader's language.
 */
export function readFormSchema<Values extends FieldValues, Output>(
  schema: BodySchema<Output>,
  {
    read,
    amountCase = () => null,
    pathOf = () => 'amount',
    more = () => [],
    override = () => [],
  }: {
    read: (values: Values) => unknown;
    amountCase?: (values: Values) => PaymentAmountCase | null;
    pathOf?: (refusal: PaymentAmountRefusal, values: Values) => string;
    /** Issues the schema says only once the rest is right, said at once here. */
    more?: (values: Values) => SchemaIssue[];
    /** Issues said instead of the schema's on their field. */
    override?: (values: Values) => SchemaIssue[];
  },
): FormSchema<Values, Output> {
  return {
    // The kit reads the types only.
    _zod: undefined as unknown as FormSchema<Values, Output>['_zod'],
    async safeParseAsync(value, params) {
      const values = value as Values;
      const parsed = await schema.safeParseAsync(read(values), params);
      const own = override(values);
      const owned = new Set(own.map((issue) => issue.path.join('.')));
      const said = parsed.success ? [] : parsed.error.issues;
      let issues = [
        ...own,
        ...said.filter((issue) => !owned.has(issue.path.join('.'))),
        ...more(values),
      ];
      const rules = amountCase(values);
      // An amount typed wrong has the schema's issue; no amount at all is the rules' to say.
      const typedWrong = issues.some((issue) => issue.path[0] === 'amount');
      const verdict =
        rules && (rules.amount === undefined || !typedWrong) ? checkPaymentAmount(rules) : null;
      if (verdict && !verdict.ok) {
        const refusal = { code: verdict.code, params: verdict.params } as PaymentAmountRefusal;
        const path = pathOf(refusal, values);
        issues = issues.filter((issue) => issue.path[0] !== path);
        issues.push({
          code: 'custom',
          path: [path],
          message: paymentAmountMessage(refusal),
          input: rules?.amount,
          params: { code: refusal.code, ...refusal.params },
        });
      }
      if (parsed.success && issues.length === 0) return parsed;
      return { success: false, error: { issues } };
    },
  };
}

/** A payment form's schema: `readFormSchema` with the payment amount rules. */
export const paymentFormSchema = readFormSchema;
