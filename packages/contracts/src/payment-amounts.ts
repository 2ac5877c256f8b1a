/**
 * The rules an amount paid must follow, written once for the staff's request, the payer's link,
 * the cash desk and the web forms that say it before the server does. Pure and without imports:
 * the payer pages' small bundle (no zod, no React) may use it as it is.
 */

/** What is being paid and against what. */
export interface PaymentAmountCase {
  /** The amount typed, in francs; absent: the whole balance. */
  amount: number | undefined;
  /** What the invoices concerned still owe, in francs. */
  balance: number;
  /**
   * An amount above the balance is refused (chosen invoices, the desk's open invoices). Without
   * it, what goes beyond the balance becomes the family's credit (a request without invoices).
   */
  capped: boolean;
  /** The school's rules for online payers: partial payments allowed or not, and their least. */
  online?: { partialAllowed: boolean; minimumAmount: number };
}

/** Why an amount is refused: a code of the error catalogue and its parameters. */
export type PaymentAmountRefusal =
  | { code: 'AMOUNT_NOT_WHOLE_FRANCS'; params: Record<string, never> }
  | { code: 'PARTIAL_NOT_ALLOWED'; params: Record<string, never> }
  | { code: 'NOTHING_TO_PAY'; params: Record<string, never> }
  | { code: 'AMOUNT_ABOVE_BALANCE'; params: { balance: number } }
  | { code: 'AMOUNT_BELOW_MINIMUM'; params: { minimum: number } };

export type PaymentAmountCode = PaymentAmountRefusal['code'];

/** Either the amount that will be paid, or why not. */
export type PaymentAmountVerdict =
  { ok: true; amount: number } | ({ ok: false } & PaymentAmountRefusal);

const none: Record<string, never> = {};

/**
 * Checks an amount against the rules, in this order: whole francs; online, an amount at all when
 * the school takes whole invoices only; something to pay; not above the balance (when capped);
 * online, not below the school's minimum — unless it pays everything that is left, which is
 * never « too little ».
 */
export function checkPaymentAmount(rules: PaymentAmountCase): PaymentAmountVerdict {
  const { amount, balance, online } = rules;
  if (amount !== undefined && !Number.isSafeInteger(amount)) {
    return { ok: false, code: 'AMOUNT_NOT_WHOLE_FRANCS', params: none };
  }
  if (online && amount !== undefined && !online.partialAllowed) {
    return { ok: false, code: 'PARTIAL_NOT_ALLOWED', params: none };
  }
  const paid = amount ?? balance;
  if (paid <= 0) return { ok: false, code: 'NOTHING_TO_PAY', params: none };
  if (rules.capped && paid > balance) {
    return { ok: false, code: 'AMOUNT_ABOVE_BALANCE', params: { balance } };
  }
  if (online && amount !== undefined && paid < online.minimumAmount && paid < balance) {
    return { ok: false, code: 'AMOUNT_BELOW_MINIMUM', params: { minimum: online.minimumAmount } };
  }
  return { ok: true, amount: paid };
}
