import { z } from 'zod';
import type { OrangeConfig } from '../config';
import { ProviderRequestError } from '../errors';
import { describeFailure } from '../failure-reasons';
import type {
  CollectRequest,
  InboundWebhook,
  ParsedEvent,
  PaymentStatus,
  StatusResult,
  WebhookExpectations,
} from '../provider';
import { constantTimeEqual, sha256Hex } from '../signatures';
import { jsonOf, lookup, plainNote, requireReturnUrl, wireAmount } from '../wire';

/** Orange Money WebPay (research §3): pure translations, tested with snapshots. */

export const orangeTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  // Orange sends it as a string ("7776000", about 90 days).
  expires_in: z.coerce.number(),
});

export const orangeWebpaySchema = z.looseObject({
  pay_token: z.string().min(1),
  payment_url: z.string().min(1),
  notif_token: z.string().min(1),
});

export const orangeStatusSchema = z.looseObject({
  status: z.string(),
  order_id: z.string().nullish(),
  txnid: z.string().nullish(),
});

const STATUSES: Record<string, PaymentStatus> = {
  INITIATED: 'pending',
  PENDING: 'pending',
  SUCCESS: 'succeeded',
  FAILED: 'failed',
  EXPIRED: 'expired',
};

/**
 * Orange's order_id is limited to about 30 characters and a UUID has 36: a UUID attempt id is
 * sent as its 128 bits in base 36 (25 characters, letters and digits), which maps back one to one.
 */
export function orangeOrderId(attemptId: string): string {
  const hex = attemptId.replace(/-/g, '');
  if (/^[0-9a-f]{32}$/i.test(hex) && attemptId.length === 36) {
    return BigInt(`0x${hex}`).toString(36).padStart(25, '0');
  }
  if (/^[A-Za-z0-9_-]{1,30}$/.test(attemptId)) return attemptId;
  throw new ProviderRequestError(
    `L'identifiant ${attemptId} ne peut pas servir de commande Orange.`,
  );
}

export function orangeWebpayBody(request: CollectRequest, config: OrangeConfig) {
  const returnUrl = requireReturnUrl(request);
  return {
    merchant_key: config.merchantKey,
    currency: config.wireCurrency ?? request.money.currency,
    order_id: orangeOrderId(request.attemptId),
    amount: wireAmount(request.money),
    return_url: returnUrl,
    cancel_url: request.cancelUrl ?? returnUrl,
    notif_url: request.notifyUrl,
    lang: 'fr',
    reference: plainNote(config.merchantLabel ?? request.description, 30),
  };
}

/** The initiation answer kept with the attempt, its notif_token masked (it is a secret). */
export function maskedWebpayAnswer(answer: z.infer<typeof orangeWebpaySchema>): unknown {
  return { ...answer, notif_token: '[masqué]' };
}

export function toOrangeStatusResult(
  answer: z.infer<typeof orangeStatusSchema>,
  payToken: string,
): StatusResult {
  const status = lookup(STATUSES, answer.status) ?? 'unknown';
  const result: StatusResult = {
    status,
    providerStatus: answer.status,
    providerRef: payToken,
    raw: answer,
  };
  if (status === 'failed' || status === 'expired') result.failure = describeFailure(answer.status);
  // The status query is bound to order_id + amount + pay_token, but the answer does not echo the
  // amount: capabilities.reportsPaidAmount is false.
  if (status === 'succeeded' && answer.txnid) result.providerTxnId = answer.txnid;
  return result;
}

const notificationSchema = z.looseObject({
  status: z.string().nullish(),
  notif_token: z.string().nullish(),
  txnid: z.string().nullish(),
});

/**
 * Orange's notification has no HMAC: it is authentic when its notif_token equals the one Orange
 * returned at initiation (stored with the attempt). Its body does not name the order; our
 * notify URL's path does.
 */
export function parseOrangeNotification(
  webhook: InboundWebhook,
  expected?: WebhookExpectations,
): ParsedEvent {
  const body = jsonOf(webhook.rawBody);
  const parsed = notificationSchema.safeParse(body);
  const notification = parsed.success ? parsed.data : {};
  const expectedToken = expected?.providerSecrets?.notifToken;
  const token = notification.notif_token ?? undefined;
  const matched = Boolean(expectedToken && token && constantTimeEqual(token, expectedToken));
  const hinted = notification.status ? lookup(STATUSES, notification.status) : undefined;
  return {
    authenticity: matched ? 'token_matched' : 'unauthenticated',
    ...(matched ? {} : { authFailure: expectedToken ? 'token_mismatch' : 'no_expected_token' }),
    dedupeKey: sha256Hex(`${webhook.attemptId ?? ''}\n${webhook.rawBody.toString('utf8')}`),
    ...(webhook.attemptId ? { attemptId: webhook.attemptId } : {}),
    ...(hinted ? { hintedStatus: hinted } : {}),
    eventType: 'webpayment.notification',
    raw: parsed.success
      ? { ...notification, notif_token: '[masqué]' }
      : webhook.rawBody.toString('utf8'),
  };
}
