// Orange Money WebPay wire details (psp-apis.md §3): statuses, currencies per environment, request
// schemas, the gateway's error bodies, and what the payer's answer sends to notif_url.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Delivery } from './callbacks';
import type { Sandbox } from './engine';
import {
  randomDigits,
  randomHex,
  type Resolution,
  type SimState,
  type SimTransaction,
} from './state';

export type OrangeStatus = 'INITIATED' | 'PENDING' | 'SUCCESS' | 'FAILED' | 'EXPIRED';

export interface OrangeData {
  env: string;
  orderId: string;
  returnUrl: string;
  cancelUrl: string;
  notifUrl: string;
  lang?: string;
  reference?: string;
  payToken: string;
  notifToken: string;
  txnid?: string;
  status: OrangeStatus;
}

/** Currency of each WebPay environment: `dev` takes Orange's test currency OUV. */
export const ENVIRONMENT_CURRENCY: Record<string, string> = {
  dev: 'OUV',
  ci: 'XOF',
  sn: 'XOF',
  ml: 'XOF',
  bf: 'XOF',
  ne: 'XOF',
  gw: 'XOF',
  cm: 'XAF',
  gn: 'GNF',
  mg: 'MGA',
  cd: 'CDF',
};

export const OUTCOMES: Record<Resolution, { status: OrangeStatus; state: SimState }> = {
  paid: { status: 'SUCCESS', state: 'succeeded' },
  wrong_pin: { status: 'FAILED', state: 'failed' },
  refused: { status: 'FAILED', state: 'cancelled' },
  expired: { status: 'EXPIRED', state: 'expired' },
};

export const TOKEN_SECONDS = 7_776_000; // about 90 days, as seen in the wild
export const webPaymentSchema = z.object({
  merchant_key: z.string().min(1),
  currency: z.string(),
  order_id: z.string().min(1).max(30),
  amount: z.number().int().positive(),
  return_url: z.url(),
  cancel_url: z.url(),
  notif_url: z.url(),
  lang: z.string().max(5).optional(),
  reference: z.string().max(30).optional(),
});
export const statusSchema = z.object({
  order_id: z.string(),
  amount: z.number(),
  pay_token: z.string(),
});

/** Errors of Orange's API gateway (missing, invalid, expired credentials; unknown resource). */
export const GATEWAY_ERRORS = {
  missing: {
    code: 40,
    message: 'Missing credentials',
    description: 'The requested service needs credentials, but none were provided.',
  },
  invalid: {
    code: 41,
    message: 'Invalid credentials',
    description: 'The requested service needs credentials, but the ones provided were invalid.',
  },
  expired: {
    code: 42,
    message: 'Expired credentials',
    description: 'The requested service needs credentials, but the ones provided were out-of-date.',
  },
  notFound: {
    code: 60,
    message: 'Resource not found',
    description: 'The requested URI or the requested resource does not exist.',
  },
};

export const webpayError = (reply: FastifyReply, status: number, description: string) =>
  reply
    .code(status)
    .send({ status, message: status === 404 ? 'Not Found' : 'Bad Request', description });

/** Orange's transaction id format: `MP150709.1341.A00073`. */
export function newTxnid(now: Date): string {
  const iso = now.toISOString();
  return `MP${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}.${iso.slice(11, 13)}${iso.slice(14, 16)}.A${randomDigits(5)}`;
}

export function resolveOrange(
  sandbox: Sandbox,
  transaction: SimTransaction<OrangeData>,
  resolution: Resolution,
): void {
  const data = transaction.data;
  const outcome = OUTCOMES[resolution];
  data.status = outcome.status;
  transaction.state = outcome.state;
  if (outcome.status === 'SUCCESS') data.txnid = newTxnid(sandbox.now());
  // Orange notifies successes and failures; an expiry is only seen by asking.
  if (outcome.status === 'EXPIRED') return;
  // bad_signature: Orange has no HMAC, so the fault sends a notif_token that is not the stored one.
  const notifToken = sandbox.faults.take('orange', 'bad_signature')
    ? randomHex(16)
    : data.notifToken;
  const notification = (status: OrangeStatus): Delivery => ({
    label: status,
    url: data.notifUrl,
    method: 'POST',
    body: JSON.stringify({
      status,
      notif_token: notifToken,
      ...(data.txnid && status === 'SUCCESS' ? { txnid: data.txnid } : {}),
    }),
  });
  const deliveries = [notification(outcome.status)];
  if (sandbox.faults.take('orange', 'reorder')) deliveries.push(notification('PENDING'));
  sandbox.dispatch(transaction, deliveries);
}
