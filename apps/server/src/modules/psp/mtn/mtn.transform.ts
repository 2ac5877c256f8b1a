import { z } from 'zod';
import { describeFailure } from '../failure-reasons';
import { describeRefundFailure } from '../refund-failures';
import type {
  CollectRequest,
  InboundWebhook,
  Money,
  ParsedEvent,
  PaymentStatus,
  RefundRequest,
  StatusResult,
} from '../provider';
import { sha256Hex } from '../signatures';
import { jsonOf, lookup, msisdnDigits, parseWireAmount, plainNote, wireAmount } from '../wire';

/** MTN MoMo Collection (research §2): pure translations, tested with snapshots. */

export const mtnTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.coerce.number(),
});

/** GET requesttopay/{id}, GET refund/{id} and the callback share this shape; all but status optional. */
export const mtnTransferSchema = z.looseObject({
  status: z.string(),
  amount: z.union([z.string(), z.number()]).nullish(),
  currency: z.string().nullish(),
  financialTransactionId: z.string().nullish(),
  externalId: z.string().nullish(),
  // A string in the docs; older and sandbox answers send {code, message}: both are read.
  reason: z
    .union([
      z.string(),
      z.looseObject({ code: z.string().nullish(), message: z.string().nullish() }),
    ])
    .nullish(),
});
export type MtnTransfer = z.infer<typeof mtnTransferSchema>;

const PAYMENT_STATUSES: Record<string, PaymentStatus> = {
  PENDING: 'pending',
  ONGOING: 'pending',
  SUCCESSFUL: 'succeeded',
  FAILED: 'failed',
  REJECTED: 'failed',
  TIMEOUT: 'expired',
};

// FAILED carries the real outcome in `reason`: the PIN window closing is an expiry, not a refusal.
const FAILED_REASON_STATUSES: Record<string, PaymentStatus> = {
  COULD_NOT_PERFORM_TRANSACTION: 'expired',
  EXPIRED: 'expired',
  TRANSACTION_CANCELED: 'cancelled',
};

export function mtnReasonCode(reason: MtnTransfer['reason']): string | undefined {
  if (!reason) return undefined;
  return typeof reason === 'string' ? reason : (reason.code ?? undefined);
}

const errorBodySchema = z.looseObject({ code: z.string().min(1) });

/** The `code` of an MTN error body (`{code, message}`), when the answer has one. */
export function mtnErrorCode(body: string): string | undefined {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = errorBodySchema.safeParse(data);
  return parsed.success ? parsed.data.code : undefined;
}

/** The request-to-pay body: amount as a string of whole francs, notes without special characters. */
export function mtnRequestToPayBody(
  request: CollectRequest,
  msisdnE164: string,
  wireCurrency?: string,
) {
  const note = plainNote(request.description, 160);
  return {
    amount: String(wireAmount(request.money)),
    currency: wireCurrency ?? request.money.currency,
    externalId: request.invoiceId,
    payer: { partyIdType: 'MSISDN', partyId: msisdnDigits(msisdnE164) },
    payerMessage: note,
    payeeNote: note,
  };
}

/** The Disbursement refund body; `referenceIdToRefund` is the original X-Reference-Id (our attempt id). */
export function mtnRefundBody(request: RefundRequest, wireCurrency?: string) {
  const note = plainNote(request.reason ?? 'Remboursement frais scolaires', 160);
  return {
    amount: String(wireAmount(request.money)),
    currency: wireCurrency ?? request.money.currency,
    externalId: request.refundId,
    payerMessage: note,
    payeeNote: note,
    referenceIdToRefund: request.attemptId,
  };
}

/**
 * A request-to-pay as a StatusResult. MTN answers 200 even for a failed payment: the status is
 * in the body. With a sandbox wire currency (EUR), that currency stands for the payment's own.
 */
export function toMtnStatusResult(
  transfer: MtnTransfer,
  options: { attemptId: string; wireCurrency?: string; expected?: Money },
): StatusResult {
  const reason = mtnReasonCode(transfer.reason);
  let status = lookup(PAYMENT_STATUSES, transfer.status) ?? 'unknown';
  if (transfer.status === 'FAILED' && reason) {
    status = lookup(FAILED_REASON_STATUSES, reason) ?? 'failed';
  }
  const result: StatusResult = {
    status,
    providerStatus: transfer.status,
    providerRef: options.attemptId,
    raw: transfer,
  };
  if (status === 'failed' || status === 'expired' || status === 'cancelled') {
    result.failure = describeFailure(reason ?? transfer.status);
  }
  if (status === 'succeeded') {
    const amount = parseWireAmount(transfer.amount);
    let currency = transfer.currency ?? undefined;
    if (currency && currency === options.wireCurrency && options.expected) {
      currency = options.expected.currency;
    }
    if (amount !== undefined && currency) result.paidAmount = { amount, currency };
    if (transfer.financialTransactionId) result.providerTxnId = transfer.financialTransactionId;
  }
  return result;
}

// A refund is a transfer of its own (GET /disbursement/v1_0/refund/{id}); its words mean:
const REFUND_STATUSES: Record<string, PaymentStatus> = {
  PENDING: 'refund_pending',
  ONGOING: 'refund_pending',
  SUCCESSFUL: 'refunded',
  FAILED: 'failed',
  REJECTED: 'failed',
  TIMEOUT: 'failed',
};

/**
 * A refund (Disbursement) as a StatusResult about THIS refund: `refund_pending` (MTN is still on
 * it), `refunded` (it went through, whatever its size) or `failed` (nothing was given back), with
 * the reason in the staff's words. Whether the payment is now refunded or partially refunded is
 * the payments service's sum of its refunds: one refund cannot tell whether earlier ones already
 * gave back the rest.
 */
export function toMtnRefundResult(transfer: MtnTransfer, refundId: string): StatusResult {
  const status = lookup(REFUND_STATUSES, transfer.status) ?? 'unknown';
  const result: StatusResult = {
    status,
    providerStatus: transfer.status,
    providerRef: refundId,
    raw: transfer,
  };
  if (status === 'failed') {
    result.failure = describeRefundFailure(mtnReasonCode(transfer.reason) ?? transfer.status);
  }
  if (status === 'refunded' && transfer.financialTransactionId) {
    result.providerTxnId = transfer.financialTransactionId;
  }
  return result;
}

/**
 * MTN's callback: unsigned, sent once, and without the X-Reference-Id, which our callback path
 * carries. Only a hint to re-fetch the status (research §2.4).
 */
export function parseMtnCallback(webhook: InboundWebhook): ParsedEvent {
  const body = jsonOf(webhook.rawBody);
  const transfer = mtnTransferSchema.safeParse(body);
  const hinted = transfer.success
    ? toMtnStatusResult(transfer.data, { attemptId: webhook.attemptId ?? '' }).status
    : undefined;
  return {
    authenticity: 'unauthenticated',
    authFailure: 'not_signed',
    dedupeKey: sha256Hex(`${webhook.attemptId ?? ''}\n${webhook.rawBody.toString('utf8')}`),
    ...(webhook.attemptId ? { attemptId: webhook.attemptId, providerRef: webhook.attemptId } : {}),
    ...(hinted && hinted !== 'unknown' ? { hintedStatus: hinted } : {}),
    eventType: 'requesttopay',
    raw: body ?? webhook.rawBody.toString('utf8'),
  };
}
