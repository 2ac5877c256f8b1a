import { z } from 'zod';
import type { FedaPayConfig } from '../config';
import { describeFailure } from '../failure-reasons';
import type {
  CollectRequest,
  InboundWebhook,
  ParsedEvent,
  PaymentStatus,
  RefundRequest,
  StatusResult,
  Wallet,
} from '../provider';
import { refundFailureOf } from '../refund-failures';
import { headerValue, signedEventDedupeKey, verifyTimestampedSignature } from '../signatures';
import {
  jsonOf,
  lookup,
  parseProviderDate,
  parseWireAmount,
  plainNote,
  textOf,
  wireAmount,
} from '../wire';

/** FedaPay (research §5.1): pure translations, tested with snapshots. */

export const fedapayTransactionSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  reference: z.string().nullish(),
  amount: z.union([z.number(), z.string()]).nullish(),
  status: z.string(),
  currency: z.looseObject({ iso: z.string().nullish() }).nullish(),
  custom_metadata: z.record(z.string(), z.unknown()).nullish(),
  approved_at: z.string().nullish(),
  last_error_code: z.string().nullish(),
});
export type FedaPayTransaction = z.infer<typeof fedapayTransactionSchema>;

/** Objects come wrapped under a typed key: `{"v1/transaction": {…}}` (seen in the SDK fixtures). */
export const fedapayEnvelopeSchema = z.looseObject({ 'v1/transaction': fedapayTransactionSchema });

/** `GET /v1/transactions`: the latest transactions, newest first. */
export const fedapayListSchema = z.looseObject({
  'v1/transactions': z.array(fedapayTransactionSchema),
});

export const fedapayTokenSchema = z.looseObject({
  token: z.string().min(1),
  url: z.string().min(1),
});

/** Push modes for Togo's wallets; a card (or no wallet) goes to the hosted page. */
export const FEDAPAY_MODES: Partial<Record<Wallet, string>> = {
  YAS_TG: 'togocel',
  MOOV_TG: 'moov_tg',
};

const STATUSES: Record<string, PaymentStatus> = {
  pending: 'pending',
  approved: 'succeeded',
  transferred: 'succeeded',
  declined: 'failed',
  canceled: 'cancelled',
  expired: 'expired',
  refunded: 'refunded',
  approved_partially_refunded: 'partially_refunded',
  transferred_partially_refunded: 'partially_refunded',
};

const PAID = new Set(['succeeded', 'refunded', 'partially_refunded']);

// FedaPay wants an ISO country beside the number; the calling code gives it for the region.
const COUNTRY_BY_CALLING_CODE: Record<string, string> = {
  '228': 'tg',
  '229': 'bj',
  '225': 'ci',
  '221': 'sn',
  '223': 'ml',
  '226': 'bf',
  '227': 'ne',
};

export function fedapayTransactionBody(request: CollectRequest, config: FedaPayConfig) {
  const customer: Record<string, unknown> = {};
  const [firstname, ...rest] = (request.payer?.name ?? '').trim().split(/\s+/).filter(Boolean);
  if (firstname) customer.firstname = firstname;
  if (rest.length > 0) customer.lastname = rest.join(' ');
  if (request.payer?.email) customer.email = request.payer.email;
  const msisdn = request.payer?.msisdnE164;
  if (msisdn) {
    const country = lookup(COUNTRY_BY_CALLING_CODE, msisdn.slice(1, 4)) ?? config.defaultCountry;
    customer.phone_number = { number: msisdn, country };
  }
  return {
    description: plainNote(request.description, 255),
    amount: wireAmount(request.money),
    currency: { iso: request.money.currency },
    ...(request.returnUrl ? { callback_url: request.returnUrl } : {}),
    custom_metadata: {
      ...request.metadata,
      attempt_id: request.attemptId,
      invoice_id: request.invoiceId,
    },
    ...(Object.keys(customer).length > 0 ? { customer } : {}),
  };
}

export function toFedapayStatusResult(transaction: FedaPayTransaction): StatusResult {
  const status = lookup(STATUSES, transaction.status) ?? 'unknown';
  const result: StatusResult = {
    status,
    providerStatus: transaction.status,
    providerRef: String(transaction.id),
    raw: transaction,
  };
  if (status === 'failed' || status === 'cancelled' || status === 'expired') {
    result.failure = describeFailure(transaction.last_error_code ?? transaction.status);
  }
  if (PAID.has(status)) {
    const amount = parseWireAmount(transaction.amount);
    // A FedaPay account in Togo works in XOF; the transaction names its currency by id unless
    // the currency object is included.
    if (amount !== undefined)
      result.paidAmount = { amount, currency: transaction.currency?.iso ?? 'XOF' };
    if (transaction.reference) result.providerTxnId = transaction.reference;
    const paidAt = parseProviderDate(transaction.approved_at);
    if (paidAt) result.paidAt = paidAt;
  }
  return result;
}

/**
 * [unverified] FedaPay's docs and SDKs name no refund endpoint, but its statuses show refunds,
 * whole (`refunded`) and partial (`*_partially_refunded`). The adapter models one on the
 * documented API: an action on the transaction like `/token`, `POST /v1/transactions/{id}/refund`
 * with the amount in whole francs, answered with the transaction in its envelope.
 */
export function fedapayRefundBody(request: RefundRequest) {
  return { amount: wireAmount(request.money) };
}

// FedaPay keeps no refund of its own: the transaction's status says how far it was given back.
const REFUND_STATUSES: Record<string, PaymentStatus> = {
  refunded: 'refunded',
  approved_partially_refunded: 'partially_refunded',
  transferred_partially_refunded: 'partially_refunded',
  // Paid and nothing given back yet: the refund has still to show.
  approved: 'refund_pending',
  transferred: 'refund_pending',
  // Never paid: there is nothing to give back.
  pending: 'failed',
  declined: 'failed',
  canceled: 'failed',
  expired: 'failed',
};

/**
 * The transaction after a refund, as a StatusResult about that refund: `refunded` and
 * `partially_refunded` both mean it went through (the latter: part of the payment remains),
 * `refund_pending` that nothing shows yet, `failed` that the payment was never paid. A second
 * partial refund cannot be told from the first by the status alone: the answer to the refund
 * call is the reliable word, a later look only a confirmation.
 */
export function toFedapayRefundResult(transaction: FedaPayTransaction): StatusResult {
  const status = lookup(REFUND_STATUSES, transaction.status) ?? 'unknown';
  const result: StatusResult = {
    status,
    providerStatus: transaction.status,
    providerRef: String(transaction.id),
    raw: transaction,
  };
  if (status === 'failed') result.failure = refundFailureOf('not_refundable', transaction.status);
  return result;
}

const eventSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).nullish(),
  name: z.string(),
  entity: fedapayTransactionSchema.partial().nullish(),
});

/**
 * A FedaPay webhook: `X-FEDAPAY-SIGNATURE: t=…,s=hex(HMAC(secret, t + "." + body))`, Stripe-like
 * with `s` for `v1`, 300 s tolerance.
 */
export function parseFedapayWebhook(
  webhook: InboundWebhook,
  secret: string | undefined,
  now: Date,
): ParsedEvent {
  const body = jsonOf(webhook.rawBody);
  const parsed = eventSchema.safeParse(body);
  const check = secret
    ? verifyTimestampedSignature({
        header: headerValue(webhook.headers, 'x-fedapay-signature'),
        scheme: 's',
        secret,
        rawBody: webhook.rawBody,
        separator: '.',
        now,
      })
    : ({ ok: false, failure: 'no_secret_configured' } as const);
  const event: ParsedEvent = {
    authenticity: check.ok ? 'signature_valid' : 'unauthenticated',
    ...(check.ok ? {} : { authFailure: check.failure }),
    dedupeKey: signedEventDedupeKey(
      check.ok,
      parsed.success ? textOf(parsed.data.id) : undefined,
      webhook.rawBody,
    ),
    raw: body ?? webhook.rawBody.toString('utf8'),
  };
  if (!parsed.success) return event;
  event.eventType = parsed.data.name;
  const entity = parsed.data.entity;
  const providerRef = textOf(entity?.id);
  if (providerRef) event.providerRef = providerRef;
  const attemptId = textOf(entity?.custom_metadata?.attempt_id);
  if (attemptId) event.attemptId = attemptId;
  const hinted = entity?.status ? lookup(STATUSES, entity.status) : undefined;
  if (hinted) event.hintedStatus = hinted;
  return event;
}
