import { z } from 'zod';
import type { WaveConfig } from '../config';
import { describeFailure } from '../failure-reasons';
import type {
  CollectRequest,
  InboundWebhook,
  ParsedEvent,
  PaymentStatus,
  StatusResult,
} from '../provider';
import {
  constantTimeEqual,
  headerValue,
  signedEventDedupeKey,
  verifyTimestampedSignature,
} from '../signatures';
import { jsonOf, parseProviderDate, parseWireAmount, requireReturnUrl, wireAmount } from '../wire';

/** Wave Checkout (research §4): pure translations, tested with snapshots. */

export const waveSessionSchema = z.looseObject({
  id: z.string().min(1),
  amount: z.union([z.string(), z.number()]).nullish(),
  currency: z.string().nullish(),
  checkout_status: z.string(),
  payment_status: z.string().nullish(),
  client_reference: z.string().nullish(),
  last_payment_error: z
    .looseObject({ code: z.string().nullish(), message: z.string().nullish() })
    .nullish(),
  transaction_id: z.string().nullish(),
  wave_launch_url: z.string().nullish(),
  when_created: z.string().nullish(),
  when_completed: z.string().nullish(),
  when_expires: z.string().nullish(),
});
export type WaveSession = z.infer<typeof waveSessionSchema>;

export const waveSearchSchema = z.looseObject({ result: z.array(waveSessionSchema) });

export function waveCheckoutBody(request: CollectRequest, config: WaveConfig) {
  const returnUrl = requireReturnUrl(request);
  return {
    // A string of whole francs: XOF has no decimals.
    amount: String(wireAmount(request.money)),
    currency: request.money.currency,
    success_url: returnUrl,
    error_url: request.cancelUrl ?? returnUrl,
    client_reference: request.attemptId,
    ...(request.payer?.msisdnE164 ? { restrict_payer_mobile: request.payer.msisdnE164 } : {}),
    ...(config.aggregatedMerchantId ? { aggregated_merchant_id: config.aggregatedMerchantId } : {}),
  };
}

/**
 * Success is `complete` + `succeeded`. An `open` session stays payable until it expires even
 * after a failed try, so it stays `pending`, with the last error as `failure` for the payer page.
 */
export function waveStatus(session: WaveSession): PaymentStatus {
  if (session.checkout_status === 'complete') {
    return session.payment_status === 'succeeded' ? 'succeeded' : 'unknown';
  }
  if (session.checkout_status === 'open') return 'pending';
  if (session.checkout_status === 'expired') return 'expired';
  return 'unknown';
}

export function toWaveStatusResult(session: WaveSession): StatusResult {
  const status = waveStatus(session);
  const result: StatusResult = {
    status,
    providerStatus: `${session.checkout_status}/${session.payment_status ?? ''}`,
    providerRef: session.id,
    raw: session,
  };
  if (session.last_payment_error?.code && status !== 'succeeded') {
    result.failure = describeFailure(session.last_payment_error.code);
  }
  if (status === 'succeeded') {
    const amount = parseWireAmount(session.amount);
    if (amount !== undefined && session.currency)
      result.paidAmount = { amount, currency: session.currency };
    if (session.transaction_id) result.providerTxnId = session.transaction_id;
    const paidAt = parseProviderDate(session.when_completed);
    if (paidAt) result.paidAt = paidAt;
  }
  return result;
}

/** Several sessions may carry one reference: the paid one wins, else the most recent. */
export function pickSession(sessions: WaveSession[]): WaveSession | undefined {
  const paid = sessions.find((session) => waveStatus(session) === 'succeeded');
  if (paid) return paid;
  return [...sessions].sort((a, b) =>
    (b.when_created ?? '').localeCompare(a.when_created ?? ''),
  )[0];
}

const eventSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string(),
  data: z.unknown(),
});

/**
 * A Wave webhook. With a signing secret: `Wave-Signature: t=…,v1=hex(HMAC(secret, t + body))`,
 * the timestamp glued to the body WITHOUT a dot (research §4.3); with the shared-secret strategy:
 * `Authorization: Bearer <secret>`. Retries share the event id.
 */
export function parseWaveWebhook(
  webhook: InboundWebhook,
  secret: string | undefined,
  now: Date,
): ParsedEvent {
  const body = jsonOf(webhook.rawBody);
  const parsed = eventSchema.safeParse(body);
  const session = parsed.success ? waveSessionSchema.safeParse(parsed.data.data) : undefined;
  const auth = authenticate(webhook, secret, now);
  const event: ParsedEvent = {
    ...auth,
    dedupeKey: signedEventDedupeKey(
      auth.authenticity !== 'unauthenticated',
      parsed.success ? parsed.data.id : undefined,
      webhook.rawBody,
    ),
    raw: body ?? webhook.rawBody.toString('utf8'),
  };
  if (parsed.success) event.eventType = parsed.data.type;
  if (session?.success) {
    event.providerRef = session.data.id;
    if (session.data.client_reference) event.attemptId = session.data.client_reference;
    if (parsed.success && parsed.data.type.startsWith('checkout.session.')) {
      const hinted = waveStatus(session.data);
      if (hinted !== 'unknown') event.hintedStatus = hinted;
    }
  }
  return event;
}

function authenticate(
  webhook: InboundWebhook,
  secret: string | undefined,
  now: Date,
): Pick<ParsedEvent, 'authenticity' | 'authFailure'> {
  if (!secret) return { authenticity: 'unauthenticated', authFailure: 'no_secret_configured' };
  const signature = headerValue(webhook.headers, 'wave-signature');
  if (signature !== undefined) {
    const check = verifyTimestampedSignature({
      header: signature,
      scheme: 'v1',
      secret,
      rawBody: webhook.rawBody,
      separator: '',
      now,
    });
    return check.ok
      ? { authenticity: 'signature_valid' }
      : { authenticity: 'unauthenticated', authFailure: check.failure };
  }
  const authorization = headerValue(webhook.headers, 'authorization');
  if (authorization?.startsWith('Bearer ')) {
    return constantTimeEqual(authorization.slice('Bearer '.length), secret)
      ? { authenticity: 'token_matched' }
      : { authenticity: 'unauthenticated', authFailure: 'token_mismatch' };
  }
  return { authenticity: 'unauthenticated', authFailure: 'missing_signature' };
}
