// PayGate Global wire details (psp-apis.md §5.3): numeric status codes, networks, the status body
// and the unsigned callback sent when a payment succeeds.
import { z } from 'zod';
import type { Sandbox } from './engine';
import {
  newTransaction,
  phoneDigits,
  randomDigits,
  type Resolution,
  type SimState,
  type SimTransaction,
} from './state';

export type Network = 'FLOOZ' | 'TMONEY';

export interface PayGateData {
  identifier: string;
  phoneNumber: string;
  network: Network;
  txReference: string;
  paymentReference: string | null;
  /** 0 paid, 2 in progress, 4 expired, 6 cancelled. */
  status: 0 | 2 | 4 | 6;
  datetime: string;
  /** Hosted page: where the payer goes back. */
  returnUrl?: string;
  /** reorder: status requests still answering « in progress » after the callback. */
  statusLag: number;
}

export const NETWORKS: Record<Network, { operator: string; method: string }> = {
  TMONEY: { operator: 'Mixx by Yas (T-Money)', method: 'T-Money' },
  FLOOZ: { operator: 'Moov Money (Flooz)', method: 'FLOOZ' },
};

/** Init answers: 0 registered, 2 invalid auth token, 4 invalid parameters, 6 duplicate identifier. */
export const INIT = { ok: 0, badToken: 2, badParams: 4, duplicate: 6 } as const;

export const payRequestSchema = z.object({
  phone_number: z
    .union([z.string(), z.number()])
    .transform((value) => phoneDigits(String(value)))
    .refine((digits) => /^(228)?\d{8}$/.test(digits)),
  amount: z
    .union([z.number(), z.string().regex(/^\d+$/)])
    .transform(Number)
    .refine((amount) => Number.isSafeInteger(amount) && amount > 0),
  description: z.string().max(255).optional(),
  identifier: z.string().min(1).max(100),
  network: z.enum(['FLOOZ', 'TMONEY']),
});
export type PayRequest = z.infer<typeof payRequestSchema>;

export const NOT_FOUND = { error_code: 403, error_message: 'Transaction non trouvée.' };
export const BAD_TOKEN = { error_code: 401, error_message: "Token d'authentification invalide." };

/** PayGate's date format: `2024-09-15 22:57:15` (Lomé is on UTC). */
export function paygateDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Stores a USSD push request (from /api/v1/pay or the hosted page). */
export function createPayment(
  sandbox: Sandbox,
  request: PayRequest,
  returnUrl?: string,
): SimTransaction<PayGateData> {
  const now = sandbox.now();
  const txReference = String(1_000_000 + sandbox.store.next());
  return newTransaction<PayGateData>(sandbox.store, now, {
    provider: 'paygate',
    ref: txReference,
    lookup: { identifier: request.identifier },
    amount: request.amount,
    currency: 'XOF',
    merchant: sandbox.config.merchantName,
    description: request.description ?? '',
    operator: NETWORKS[request.network].operator,
    msisdn: request.phone_number,
    awaiting: 'phone',
    expiresAt: sandbox.expiryFrom('paygate', now),
    data: {
      identifier: request.identifier,
      phoneNumber: request.phone_number,
      network: request.network,
      txReference,
      paymentReference: null,
      status: 2,
      datetime: paygateDate(now),
      returnUrl,
      statusLag: 0,
    },
  });
}

/** Body of /api/v1/status and /api/v2/status. */
export function statusBody(transaction: SimTransaction<PayGateData>) {
  const data = transaction.data;
  let status = data.status;
  if (data.statusLag > 0) {
    data.statusLag -= 1;
    status = 2;
  }
  return {
    tx_reference: data.txReference,
    identifier: data.identifier,
    payment_reference: status === 0 ? data.paymentReference : '',
    status,
    datetime: data.datetime,
    payment_method: NETWORKS[data.network].method,
    amount: transaction.reportedAmount,
  };
}

const OUTCOMES: Record<Resolution, { status: 0 | 4 | 6; state: SimState }> = {
  paid: { status: 0, state: 'succeeded' },
  wrong_pin: { status: 6, state: 'failed' },
  refused: { status: 6, state: 'cancelled' },
  expired: { status: 4, state: 'expired' },
};

/**
 * Applies the payer's answer. A payment, and a payment the payer did not validate (wrong secret
 * code, refusal), are called back (unsigned JSON, a trigger to ask the status): the merchant
 * learns the failure at once rather than at its next status query.
 */
export function resolvePaygate(
  sandbox: Sandbox,
  transaction: SimTransaction<PayGateData>,
  resolution: Resolution,
): void {
  const data = transaction.data;
  const outcome = OUTCOMES[resolution];
  data.status = outcome.status;
  transaction.state = outcome.state;
  if (resolution === 'expired') return;
  const now = sandbox.now();
  data.datetime = paygateDate(now);
  const paid = outcome.status === 0;
  if (paid) data.paymentReference = randomDigits(10);
  // reorder: the callback says paid while the status API still says « in progress » once.
  if (paid && sandbox.faults.take('paygate', 'reorder')) data.statusLag = 1;
  const body = {
    tx_reference: data.txReference,
    identifier: data.identifier,
    payment_reference: data.paymentReference,
    amount: transaction.reportedAmount,
    datetime: data.datetime,
    payment_method: NETWORKS[data.network].method,
    phone_number: data.phoneNumber,
  };
  sandbox.dispatch(transaction, [
    {
      label: paid ? 'payment' : 'not_validated',
      url: sandbox.config.webhookUrls.paygate,
      method: 'POST',
      body: JSON.stringify(body),
    },
  ]);
}
