import { PayerMessages } from '../payer';
import { PaymentMessages } from '../payments';
import { defineError } from './define';

/** Payment requests, amounts, refunds and reviews (module `payments`). */
export const paymentErrors = {
  /** 404 — no payment with that id in the school (or behind that payer's link). */
  PAYMENT_NOT_FOUND: defineError(404, PaymentMessages.paymentNotFound),
  /** 400 — a chosen invoice is paid, voided or not the guardian's (a payment request, an allocation). */
  INVOICE_NOT_PAYABLE: defineError(400, PaymentMessages.invoiceNotPayable),
  /** 400 — a payment request with neither invoices nor an amount, or nothing left to pay on them. */
  NOTHING_TO_PAY: defineError(400, PaymentMessages.nothingToPay),
  /** 400 (422 on a payer's link) — the amount is more than the `balance` left on the invoices. */
  AMOUNT_ABOVE_BALANCE: defineError<{ balance: number }>(
    400,
    () => PaymentMessages.amountAboveBalance,
  ),
  /** 422 — an amount below the school's `minimum` for online payments (and below the balance). */
  AMOUNT_BELOW_MINIMUM: defineError<{ minimum: number }>(
    422,
    () => PayerMessages.amountBelowMinimum,
  ),
  /** 400 — an amount that is not a whole number of francs. */
  AMOUNT_NOT_WHOLE_FRANCS: defineError(400, PayerMessages.amountInvalid),
  /** 422 — an amount on a payer's link when the school takes whole invoices only online. */
  PARTIAL_NOT_ALLOWED: defineError(422, PayerMessages.partialNotAllowed),
  /** 400 — a wallet the school does not offer (staff request). */
  WALLET_UNAVAILABLE: defineError(400, PaymentMessages.walletUnavailable),
  /** 409 — a payment is already under way for these invoices and this guardian. */
  PAYMENT_ALREADY_ACTIVE: defineError(409, PaymentMessages.alreadyActive),
  /** 400 — an `Idempotency-Key` header that is not 8 to 100 plain characters. */
  IDEMPOTENCY_KEY_INVALID: defineError(400, PaymentMessages.idempotencyKeyInvalid),
  /** 422 — an `Idempotency-Key` already used for a different payment request. */
  IDEMPOTENCY_KEY_REUSED: defineError(422, PaymentMessages.idempotencyKeyReused),
  /** 409 — cancelling a payment no longer pending. */
  PAYMENT_NOT_PENDING: defineError(409, PaymentMessages.notPending),
  /** 409 — the provider could not cancel the pending request. */
  CANCEL_REFUSED_BY_PROVIDER: defineError(409, PaymentMessages.cancelRefusedByProvider),
  /** 404 — no provider notification with that id to review. */
  PAYMENT_EVENT_NOT_FOUND: defineError(404, PaymentMessages.eventNotFound),
  /** 409 — reviewing a provider notification already reviewed. */
  PAYMENT_EVENT_ALREADY_REVIEWED: defineError(409, PaymentMessages.alreadyReviewed),
  /** 400 — a refund above what is still `refundable` on the payment. */
  REFUND_ABOVE_REFUNDABLE: defineError<{ refundable: number }>(
    400,
    () => PaymentMessages.refundAboveRefundable,
  ),
  /** 409 — refunding a payment that has not succeeded (or is fully refunded). */
  REFUND_NOT_REFUNDABLE: defineError(409, PaymentMessages.refundNotRefundable),
  /** 409 — refunding while a refund of that payment is pending. */
  REFUND_ALREADY_PENDING: defineError(409, PaymentMessages.refundInProgress),
  /** 400 — a partial provider refund where the provider refunds the whole `amount` only. */
  REFUND_PROVIDER_FULL_ONLY: defineError<{ amount: number }>(
    400,
    () => PaymentMessages.refundProviderFullOnly,
  ),
  /** 400 — asking a provider refund of a payment whose provider cannot refund. */
  REFUND_PROVIDER_UNAVAILABLE: defineError(400, PaymentMessages.refundProviderUnavailable),
};
