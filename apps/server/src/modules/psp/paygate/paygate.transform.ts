import { z } from 'zod';
import { ProviderRequestError } from '../errors';
import { failureOf } from '../failure-reasons';
import type {
  CollectRequest,
  InboundWebhook,
  ParsedEvent,
  PaymentFailure,
  PaymentStatus,
  StatusResult,
  Wallet,
} from '../provider';
import { sha256Hex } from '../signatures';
import {
  jsonOf,
  lookup,
  parseProviderDate,
  parseWireAmount,
  plainNote,
  textOf,
  togoNationalNumber,
  wireAmount,
} from '../wire';

/**
 * PayGate Global (research §5.3): pure translations, tested with snapshots. Its numeric statuses
 * mean different things on /pay and on /status.
 */

const code = z.union([z.number(), z.string()]).transform(String);

export const paygatePayAnswerSchema = z.looseObject({
  tx_reference: z.union([z.string(), z.number()]).nullish(),
  status: code,
});

/** /api/v2/status answers a payment, or `{error_code: 403, …}` for an unknown identifier. */
export const paygateStatusAnswerSchema = z.looseObject({
  error_code: code.nullish(),
  error_message: z.string().nullish(),
  tx_reference: z.union([z.string(), z.number()]).nullish(),
  identifier: z.string().nullish(),
  payment_reference: z.union([z.string(), z.number()]).nullish(),
  status: code.nullish(),
  datetime: z.string().nullish(),
  payment_method: z.string().nullish(),
  amount: z.union([z.string(), z.number()]).nullish(),
});
export type PaygateStatusAnswer = z.infer<typeof paygateStatusAnswerSchema>;

const NETWORKS: Partial<Record<Wallet, string>> = { YAS_TG: 'TMONEY', MOOV_TG: 'FLOOZ' };

/** /api/v1/pay answers: 0 registered, 2 bad auth token, 4 bad parameters, 6 duplicate identifier. */
export const PAY_REFUSALS: Record<string, PaymentFailure> = {
  '2': failureOf('configuration', '2'),
  '4': failureOf('invalid_request', '4'),
};
export const PAY_DUPLICATE = '6';

/**
 * /api/v2/status: 0 paid, 2 in progress, 4 expired, 6 cancelled. PayGate has no « failed »: its
 * « cancelled » is the operator's answer when the payer did not validate (wrong secret code,
 * refusal on the phone), a failed payment for the school, not one it called off.
 */
const STATUSES: Record<string, PaymentStatus> = {
  '0': 'succeeded',
  '2': 'pending',
  '4': 'expired',
  '6': 'failed',
};

/** The /api/v1/pay body without `auth_token`, which every PayGate call adds. */
export function paygatePayBody(request: CollectRequest, msisdnE164: string) {
  const network = request.wallet ? NETWORKS[request.wallet] : undefined;
  if (!network) {
    throw new ProviderRequestError(
      'PayGate encaisse seulement Mixx by Yas (TMONEY) et Moov Money (FLOOZ).',
    );
  }
  return {
    // The 8-digit national number: integrations disagree, confirm with PayGate (research §12).
    phone_number: togoNationalNumber(msisdnE164),
    amount: wireAmount(request.money),
    description: plainNote(request.description, 100),
    identifier: request.attemptId,
    network,
  };
}

export function toPaygateStatusResult(
  answer: PaygateStatusAnswer & { status: string },
): StatusResult {
  const status = lookup(STATUSES, answer.status) ?? 'unknown';
  const result: StatusResult = { status, providerStatus: answer.status, raw: answer };
  const providerRef = textOf(answer.tx_reference);
  if (providerRef) result.providerRef = providerRef;
  if (status === 'expired') result.failure = failureOf('expired', answer.status);
  if (status === 'failed') result.failure = failureOf('not_validated', answer.status);
  if (status === 'succeeded') {
    const amount = parseWireAmount(answer.amount);
    // PayGate works in FCFA only.
    if (amount !== undefined) result.paidAmount = { amount, currency: 'XOF' };
    const txnId = textOf(answer.payment_reference);
    if (txnId) result.providerTxnId = txnId;
    const paidAt = parseProviderDate(answer.datetime);
    if (paidAt) result.paidAt = paidAt;
  }
  return result;
}

const callbackSchema = z.looseObject({
  tx_reference: z.union([z.string(), z.number()]).nullish(),
  identifier: z.string().nullish(),
});

/**
 * PayGate's callback is not signed and carries no status: it only tells the worker to ask
 * /api/v2/status (after a payment, and after a payment the payer did not validate). Retries
 * repeat the same body, hence the hash as dedupe key.
 */
export function parsePaygateCallback(webhook: InboundWebhook): ParsedEvent {
  const body = jsonOf(webhook.rawBody);
  const parsed = callbackSchema.safeParse(body);
  const event: ParsedEvent = {
    authenticity: 'unauthenticated',
    authFailure: 'not_signed',
    dedupeKey: sha256Hex(webhook.rawBody),
    eventType: 'payment.callback',
    raw: body ?? webhook.rawBody.toString('utf8'),
  };
  const attemptId = (parsed.success && parsed.data.identifier) || webhook.attemptId;
  if (attemptId) event.attemptId = attemptId;
  const providerRef = parsed.success ? textOf(parsed.data.tx_reference) : undefined;
  if (providerRef) event.providerRef = providerRef;
  return event;
}
