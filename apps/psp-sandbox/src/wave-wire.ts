// Wave Checkout wire details (psp-apis.md §4): the CheckoutSession object, its validation, error
// bodies, and the signed events sent when a payment attempt ends.
import { z } from 'zod';
import type { Delivery } from './callbacks';
import type { Sandbox } from './engine';
import { waveSignature, wrongSecret } from './signing';
import { randomHex, type Resolution, type SimTransaction } from './state';

export interface WaveSession {
  id: string;
  amount: string;
  currency: string;
  business_name: string;
  checkout_status: 'open' | 'complete' | 'expired';
  payment_status: 'processing' | 'cancelled' | 'succeeded';
  client_reference: string | null;
  last_payment_error: { code: string; message: string } | null;
  success_url: string;
  error_url: string;
  transaction_id: string | null;
  wave_launch_url: string;
  when_created: string;
  when_completed: string | null;
  when_expires: string;
  aggregated_merchant_id: string | null;
  restrict_payer_mobile: string | null;
}

export interface WaveData {
  session: WaveSession;
  refunded: boolean;
}

export const createSessionSchema = z.object({
  amount: z.string().regex(/^\d+$/, 'XOF amounts have no decimals'),
  currency: z.literal('XOF'),
  success_url: z.url(),
  error_url: z.url(),
  client_reference: z.string().max(255).optional(),
  restrict_payer_mobile: z
    .string()
    .regex(/^\+\d{8,15}$/, 'E.164 with +')
    .optional(),
  aggregated_merchant_id: z.string().optional(),
});

export const ERRORS = {
  missingAuth: {
    code: 'missing-auth-header',
    message: 'Your request should include an HTTP auth header.',
  },
  invalidAuth: { code: 'invalid-auth', message: "Your HTTP auth header can't be processed." },
  notFound: { code: 'checkout-session-not-found', message: 'Checkout session not found.' },
  notOpen: { code: 'checkout-session-not-open', message: 'Only an open session can be expired.' },
  notRefundable: {
    code: 'checkout-refund-failed',
    message: 'Only a completed and paid session can be refunded.',
  },
};

/** Wave's validation error body. */
export function validationError(issues: { path: PropertyKey[]; message: string }[]) {
  return {
    code: 'request-validation-error',
    message: 'Request invalid',
    details: issues.map((issue) => ({ loc: issue.path.map(String), msg: issue.message })),
  };
}

const INSUFFICIENT_FUNDS = { code: 'insufficient-funds', message: 'Insufficient funds.' };

/** The session as the API shows it (the amount as reported under amount_mismatch). */
export function sessionBody(transaction: SimTransaction<WaveData>): WaveSession {
  return { ...transaction.data.session, amount: String(transaction.reportedAmount) };
}

/** Event sent to the webhook URL, signed (`Wave-Signature`) or with the shared secret. */
function event(sandbox: Sandbox, type: string, session: WaveSession): Delivery {
  const body = JSON.stringify({ id: `EV_${randomHex(10)}`, type, data: session });
  const secret = sandbox.credentials.wave.webhookSecret;
  const bearer = sandbox.config.wave.webhookAuth === 'bearer';
  return {
    label: type,
    url: sandbox.config.webhookUrls.wave,
    method: 'POST',
    body,
    retry: true,
    sign: (timestamp, tamper): Record<string, string> => {
      const key = tamper ? wrongSecret(secret) : secret;
      return bearer
        ? { authorization: `Bearer ${key}` }
        : { 'wave-signature': waveSignature(key, timestamp, body) };
    },
  };
}

/**
 * Applies the payer's answer. A failed attempt leaves the session open (Wave lets the payer try
 * again) and sends checkout.session.payment_failed; refusing or letting it expire ends the session
 * without an event (Wave has none for that).
 */
export function resolveWave(
  sandbox: Sandbox,
  transaction: SimTransaction<WaveData>,
  resolution: Resolution,
): void {
  const session = transaction.data.session;
  const now = sandbox.now().toISOString();
  if (resolution === 'paid') {
    Object.assign(session, {
      checkout_status: 'complete',
      payment_status: 'succeeded',
      last_payment_error: null,
      transaction_id: `T_${randomHex(8).toUpperCase()}`,
      when_completed: now,
    });
    transaction.state = 'succeeded';
    const deliveries = [event(sandbox, 'checkout.session.completed', sessionBody(transaction))];
    if (sandbox.faults.take('wave', 'reorder')) {
      // An earlier failed attempt whose event arrives after the completion.
      const stale: WaveSession = {
        ...sessionBody(transaction),
        checkout_status: 'open',
        payment_status: 'processing',
        last_payment_error: INSUFFICIENT_FUNDS,
        transaction_id: null,
        when_completed: null,
      };
      deliveries.push(event(sandbox, 'checkout.session.payment_failed', stale));
    }
    sandbox.dispatch(transaction, deliveries);
  } else if (resolution === 'wrong_pin') {
    session.last_payment_error = INSUFFICIENT_FUNDS;
    sandbox.dispatch(transaction, [
      event(sandbox, 'checkout.session.payment_failed', sessionBody(transaction)),
    ]);
  } else {
    session.checkout_status = 'expired';
    session.payment_status = 'cancelled';
    transaction.state = resolution === 'refused' ? 'cancelled' : 'expired';
  }
}
