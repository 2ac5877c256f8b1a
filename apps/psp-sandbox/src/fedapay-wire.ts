// FedaPay wire details (psp-apis.md §5.1): the transaction object and its `v1/transaction`
// envelope, mobile-money modes, validation, and the signed events (X-FEDAPAY-SIGNATURE).
import { z } from 'zod';
import type { Delivery } from './callbacks';
import type { Sandbox } from './engine';
import { fedapaySignature, wrongSecret } from './signing';
import type { Resolution, SimState, SimTransaction } from './state';

export type FedaStatus =
  'pending' | 'approved' | 'declined' | 'canceled' | 'refunded' | 'approved_partially_refunded';

export interface FedaData {
  id: number;
  reference: string;
  description: string;
  callbackUrl: string | null;
  customMetadata: Record<string, unknown> | null;
  merchantReference: string | null;
  customer: z.infer<typeof customerSchema> | null;
  customerId: number | null;
  status: FedaStatus;
  mode: string | null;
  token: string | null;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  declinedAt: string | null;
  canceledAt: string | null;
  /** reorder: the transaction.created event, held back until after the final event. */
  heldCreated: Delivery | null;
  /** Refunds made on the transaction, oldest first (FedaPay shows them only in `status`). */
  refunds?: { amount: number; at: string }[];
}

/** Mobile-money modes of `POST /v1/{mode}` (fedapay-node AVAILABLE_MOBILE_MONEY, plus momo_test). */
export const MODES: Record<string, string> = {
  togocel: 'Mixx by Yas',
  moov_tg: 'Moov Money (Flooz)',
  mtn: 'MTN MoMo',
  mtn_open: 'MTN MoMo',
  mtn_ci: 'MTN MoMo',
  mtn_open_ci: 'MTN MoMo',
  mtn_ecw: 'MTN MoMo',
  moov: 'Moov Money',
  airtel_ne: 'Airtel Money',
  free_sn: 'Free Money',
  wave_direct_ci: 'Wave',
  momo_test: 'FedaPay test',
};

/** Numbers that succeed in the `momo_test` mode; every other number fails. */
export const MOMO_TEST_SUCCESS = ['64000001', '66000001'];

const customerSchema = z.object({
  firstname: z.string().optional(),
  lastname: z.string().optional(),
  email: z.email().optional(),
  phone_number: z.object({ number: z.string(), country: z.string() }).optional(),
});

export const createTransactionSchema = z.object({
  description: z.string().min(1).max(255),
  amount: z.number().int().positive(),
  currency: z.object({ iso: z.literal('XOF') }),
  callback_url: z.url().optional(),
  custom_metadata: z.record(z.string(), z.unknown()).optional(),
  merchant_reference: z.string().max(255).optional(),
  customer: customerSchema.optional(),
});

export const pushSchema = z.object({
  token: z.string().min(1),
  phone_number: z.object({ number: z.string(), country: z.string() }).optional(),
});

export const ERRORS = {
  auth: { message: "Erreur d'authentification" },
  notFound: { message: 'Transaction introuvable' },
  token: { message: 'Jeton de paiement invalide' },
  phone: { message: 'Paramètre manquant ou la valeur est vide phone_number' },
  mode: { message: 'Mode de paiement non disponible' },
  done: { message: 'Transaction déjà traitée' },
  // Refund refusals: sandbox wording, in FedaPay's `{message, errors}` shape.
  notRefundable: { message: 'Cette transaction ne peut pas être remboursée' },
  refundAmount: (left: number) => ({
    message: 'Échec du remboursement de la transaction',
    errors: { amount: [`Le montant ne peut pas dépasser ${left}`] },
  }),
  refundRefused: { message: 'Remboursement refusé par l’opérateur' },
};

/** [unverified] The refund body: an amount in whole francs, everything that is left without one. */
export const refundSchema = z.object({ amount: z.number().int().positive().optional() });

/** What is left to give back on a transaction. */
export function refundable(transaction: SimTransaction<FedaData>): number {
  const given = (transaction.data.refunds ?? []).reduce((sum, refund) => sum + refund.amount, 0);
  return transaction.reportedAmount - given;
}

/** FedaPay's validation error: a sentence and the faulty fields. */
export function validationError(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  return { message: 'Échec de la création de la transaction', errors };
}

/** The transaction as FedaPay shows it (amount as reported under amount_mismatch). */
export function transactionObject(transaction: SimTransaction<FedaData>) {
  const data = transaction.data;
  return {
    klass: 'v1/transaction',
    id: data.id,
    reference: data.reference,
    amount: transaction.reportedAmount,
    description: data.description,
    callback_url: data.callbackUrl,
    status: data.status,
    customer_id: data.customerId,
    currency_id: 1,
    mode: data.mode,
    operation: 'payment',
    custom_metadata: data.customMetadata,
    merchant_reference: data.merchantReference,
    last_error_code: null,
    fees: 0,
    commission: 0,
    receipt_url: null,
    created_at: data.createdAt,
    updated_at: data.updatedAt,
    approved_at: data.approvedAt,
    declined_at: data.declinedAt,
    canceled_at: data.canceledAt,
  };
}

export const envelope = (transaction: SimTransaction<FedaData>) => ({
  'v1/transaction': transactionObject(transaction),
});

/** A webhook event, signed `t=…,s=hex(HMAC(secret, t + "." + body))`. */
export function event(
  sandbox: Sandbox,
  name: string,
  transaction: SimTransaction<FedaData>,
): Delivery {
  const body = JSON.stringify({
    id: sandbox.store.next(),
    name,
    entity: transactionObject(transaction),
  });
  const secret = sandbox.credentials.fedapay.webhookSecret;
  return {
    label: name,
    url: sandbox.config.webhookUrls.fedapay,
    method: 'POST',
    body,
    retry: true,
    sign: (timestamp, tamper) => ({
      'x-fedapay-signature': fedapaySignature(
        tamper ? wrongSecret(secret) : secret,
        timestamp,
        body,
      ),
    }),
  };
}

const OUTCOMES: Record<Resolution, { status: FedaStatus; state: SimState }> = {
  paid: { status: 'approved', state: 'succeeded' },
  wrong_pin: { status: 'declined', state: 'failed' },
  refused: { status: 'canceled', state: 'cancelled' },
  // FedaPay documents no `expired` status; an unanswered payment ends canceled.
  expired: { status: 'canceled', state: 'expired' },
};

export function resolveFedapay(
  sandbox: Sandbox,
  transaction: SimTransaction<FedaData>,
  resolution: Resolution,
): void {
  const data = transaction.data;
  const outcome = OUTCOMES[resolution];
  const now = sandbox.now().toISOString();
  data.status = outcome.status;
  data.updatedAt = now;
  if (outcome.status === 'approved') data.approvedAt = now;
  if (outcome.status === 'declined') data.declinedAt = now;
  if (outcome.status === 'canceled') data.canceledAt = now;
  transaction.state = outcome.state;
  const deliveries = [event(sandbox, `transaction.${outcome.status}`, transaction)];
  if (data.heldCreated) deliveries.push(data.heldCreated);
  data.heldCreated = null;
  sandbox.dispatch(transaction, deliveries);
}
