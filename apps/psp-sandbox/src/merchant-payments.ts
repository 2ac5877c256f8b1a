// Payments a customer makes from the wallet's own menu (« Payer un marchand »): the merchant
// code, the amount, a reference the customer types (the student's matricule), the PIN. The
// provider records the transaction (it is in the journal, so its statements list it) and notifies
// the merchant: Wave's signed `merchant.payment_received` event (psp-apis.md §4.3) to the webhook
// URL, as its other events. From the téléphone page, or `POST /__sim/merchant-payments`.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Delivery } from './callbacks';
import type { Sandbox } from './engine';
import { readPayerAnswer, WRONG_PIN } from './hosted-page';
import { esc } from './html';
import { waveSignature, wrongSecret } from './signing';
import { newTransaction, note, phoneDigits, randomHex, type SimTransaction } from './state';

/** The providers whose customers can pay a merchant from their menu, here: Wave. */
export const MERCHANT_PAYMENT_PROVIDERS = ['wave'] as const;
export type MerchantPaymentProvider = (typeof MERCHANT_PAYMENT_PROVIDERS)[number];

/** Wave's transaction as `merchant.payment_received` carries it. */
export interface WaveMerchantPayment {
  id: string;
  amount: string;
  currency: 'XOF';
  sender_mobile: string;
  merchant_id: string;
  client_reference: string | null;
  when_created: string;
}

/** What the sandbox keeps of a merchant payment (`data` of its transaction). */
export interface MerchantPaymentData {
  kind: 'merchant_payment';
  transaction: WaveMerchantPayment;
}

export const merchantPaymentSchema = z.object({
  provider: z.enum(MERCHANT_PAYMENT_PROVIDERS).default('wave'),
  merchantCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,40}$/, 'merchant code: 3 to 40 letters, digits, - or _'),
  amount: z.coerce.number().int().positive().max(100_000_000),
  reference: z.string().trim().max(100).optional(),
  /** The customer's number (E.164 or the local digits). */
  msisdn: z
    .string()
    .trim()
    .regex(/^\+?\d{8,15}$/, 'a phone number of 8 to 15 digits'),
  pin: z.string().regex(/^\d{4}$/, 'a 4-digit PIN'),
});
export type MerchantPaymentRequest = z.input<typeof merchantPaymentSchema>;

/** `+22890123456` from `90123456` (a Togolese number typed locally), as Wave sends it. */
function e164(msisdn: string): string {
  const digits = phoneDigits(msisdn);
  return `+${digits.length === 8 ? `228${digits}` : digits}`;
}

function merchantEvent(sandbox: Sandbox, payment: WaveMerchantPayment): Delivery {
  const body = JSON.stringify({
    id: `EV_${randomHex(10)}`,
    type: 'merchant.payment_received',
    data: payment,
  });
  const secret = sandbox.credentials.wave.webhookSecret;
  const bearer = sandbox.config.wave.webhookAuth === 'bearer';
  return {
    label: 'merchant.payment_received',
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
 * The customer confirms a merchant payment with their PIN: a right PIN records a succeeded
 * transaction and notifies the merchant; the wrong PIN (« 0000 ») records a failed one and
 * notifies nothing (Wave has no event for it).
 */
export function payMerchant(
  sandbox: Sandbox,
  request: z.output<typeof merchantPaymentSchema>,
): SimTransaction<MerchantPaymentData> {
  const now = sandbox.now();
  const payment: WaveMerchantPayment = {
    id: `T_${randomHex(8).toUpperCase()}`,
    amount: String(request.amount),
    currency: 'XOF',
    sender_mobile: e164(request.msisdn),
    merchant_id: request.merchantCode,
    client_reference: request.reference || null,
    when_created: now.toISOString(),
  };
  const transaction = newTransaction<MerchantPaymentData>(sandbox.store, now, {
    provider: request.provider,
    ref: payment.id,
    lookup: { merchantCode: request.merchantCode, transactionId: payment.id },
    amount: request.amount,
    currency: 'XOF',
    merchant: request.merchantCode,
    description: request.reference ?? '',
    msisdn: phoneDigits(request.msisdn),
    operator: 'Wave',
    data: { kind: 'merchant_payment', transaction: payment },
  });
  note(transaction, now, 'request', { merchantCode: request.merchantCode });
  const paid = request.pin !== WRONG_PIN;
  transaction.state = paid ? 'succeeded' : 'failed';
  transaction.resolution = paid ? 'paid' : 'wrong_pin';
  transaction.settledAt = now;
  note(transaction, now, paid ? 'paid' : 'wrong_pin');
  if (paid) sandbox.dispatch(transaction, [merchantEvent(sandbox, payment)]);
  return transaction;
}

/** The téléphone page's « Payer un marchand » form, for `number`. */
export function merchantPaymentForm(number: string): string {
  return `<section class="card" aria-labelledby="payer-marchand">
<h2 id="payer-marchand">Payer un marchand</h2>
<p class="muted">Comme depuis le menu Wave : le paiement part sans demande du marchand, avec la référence que vous tapez (le matricule de l’élève).</p>
<form method="post" action="/telephone/marchand">
<input type="hidden" name="numero" value="${esc(number)}">
<label for="marchand-code">Code marchand</label>
<input id="marchand-code" name="merchantCode" required pattern="[A-Za-z0-9_\\-]{3,40}" autocomplete="off">
<label for="marchand-montant">Montant (FCFA)</label>
<input id="marchand-montant" name="amount" type="number" min="1" step="1" inputmode="numeric" required>
<label for="marchand-reference">Référence (matricule)</label>
<input id="marchand-reference" name="reference" maxlength="100" autocomplete="off">
<label for="marchand-pin">Code secret Wave</label>
<input id="marchand-pin" name="pin" type="password" inputmode="numeric" pattern="[0-9]{4}" maxlength="4" autocomplete="off" required aria-describedby="marchand-pin-aide">
<p class="muted" id="marchand-pin-aide">4 chiffres. « ${WRONG_PIN} » simule un code faux.</p>
<div class="actions"><button class="primary" name="action" value="pay">Payer</button></div>
</form>
</section>`;
}

/** Messages of the téléphone page after a merchant payment, by the code in the redirect. */
export const MERCHANT_PAYMENT_MESSAGES: Record<string, { text: string; error?: boolean }> = {
  marchand: { text: 'Paiement au marchand effectué : le marchand est notifié.' },
  'marchand-pin': {
    text: 'Code secret incorrect : le paiement au marchand a échoué.',
    error: true,
  },
  'marchand-invalide': {
    text: 'Paiement au marchand refusé : vérifiez le code marchand, le montant et le code secret.',
    error: true,
  },
};

/** `POST /telephone/marchand` (the page's form) and `POST /__sim/merchant-payments` (journeys). */
export function merchantPaymentRoutes(sandbox: Sandbox): FastifyPluginAsync {
  return async (app) => {
    app.post('/telephone/marchand', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const number = typeof form.numero === 'string' ? form.numero.trim().slice(0, 30) : '';
      const back = (code: string) =>
        reply.redirect(`/telephone?numero=${encodeURIComponent(number)}&message=${code}`, 303);
      const answer = readPayerAnswer(form);
      const parsed = merchantPaymentSchema.safeParse({ ...form, msisdn: number });
      if (!answer.ok || !parsed.success) return back('marchand-invalide');
      const transaction = payMerchant(sandbox, parsed.data);
      return back(transaction.state === 'succeeded' ? 'marchand' : 'marchand-pin');
    });

    app.post('/__sim/merchant-payments', async (request, reply) => {
      const parsed = merchantPaymentSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        return reply.code(400).send({
          error: 'invalid merchant payment',
          issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
        });
      }
      const transaction = payMerchant(sandbox, parsed.data);
      return reply.code(201).send({
        id: transaction.id,
        state: transaction.state,
        transaction: transaction.data.transaction,
      });
    });
  };
}
