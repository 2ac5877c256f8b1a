import { z } from 'zod';
import type { PaymentsContext } from '../payments-context';
import type { ProviderEventRow } from '../payments.tables';
import { markEventProcessed } from '../intake/provider-events.repository';
import { flagForReview } from '../reviews/flag-for-review';
import { recordIncomingCredit } from './incoming-credits.service';
import { findMerchantAccount } from './incoming-credits.repository';

/**
 * Payments a customer starts from the wallet's own menu (« payer un marchand ») to the school's
 * merchant account, notified by the provider. Wave is the provider whose protocol notifies them
 * (research/psp-apis.md §4.3: the `merchant.payment_received` event, signed like every Wave
 * webhook): its `data` is the transaction — id, amount (a string of whole francs), currency, the
 * sender's mobile, the merchant account it was paid to, when — and the reference the customer
 * typed (`client_reference`; `custom_fields.reference` is read too).
 */
const MERCHANT_PAYMENT_EVENTS: Record<string, string> = { wave: 'merchant.payment_received' };

const waveMerchantPaymentSchema = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.literal('merchant.payment_received'),
  data: z.looseObject({
    id: z.string().min(1).max(200),
    amount: z.union([z.string().regex(/^[1-9]\d{0,14}$/), z.number().int().positive()]),
    currency: z.string(),
    sender_mobile: z.string().max(40).nullish(),
    merchant_id: z.string().min(1).max(200),
    client_reference: z.string().max(500).nullish(),
    custom_fields: z.looseObject({ reference: z.string().max(500).nullish() }).nullish(),
    sender_name: z.string().max(200).nullish(),
    when_created: z.string().nullish(),
  }),
});

/** Whether a stored notification is one of a provider's customer-initiated merchant payments. */
export function isMerchantPayment(event: ProviderEventRow): boolean {
  return MERCHANT_PAYMENT_EVENTS[event.provider] === event.eventType;
}

/** What the review shows for a merchant payment that cannot be credited on its own. */
async function flag(
  context: PaymentsContext,
  event: ProviderEventRow,
  reason: 'unauthenticated' | 'unknown_attempt' | 'currency_mismatch',
  detail: string,
  organizationId: string | null = null,
  reportedAmount: number | null = null,
) {
  await context.db.transaction(async (tx) => {
    await flagForReview(tx, {
      organizationId,
      reason,
      provider: event.provider,
      eventId: event.id,
      reportedAmount,
      detail,
    });
    await markEventProcessed(tx, event.id, 'flagged');
  });
}

/**
 * Applies a stored merchant-payment notification: a verified one (signature or token — there is
 * no status to fetch for a payment we never started) paid to a school's merchant account becomes
 * that school's incoming credit (`recordIncomingCredit`: matched to a student, or « à affecter »),
 * in one transaction with the event marked processed. Anything else waits for a person: an
 * unverified notification, an unknown merchant account, another currency.
 */
export async function applyMerchantPayment(
  context: PaymentsContext,
  event: ProviderEventRow,
): Promise<void> {
  const parsed = waveMerchantPaymentSchema.safeParse(safeJson(event.rawBody));
  if (!parsed.success) {
    await flag(context, event, 'unknown_attempt', 'Paiement marchand illisible');
    return;
  }
  const payment = parsed.data.data;
  const amount = Number(payment.amount);
  const account = await findMerchantAccount(context.db, event.provider, payment.merchant_id);
  if (!account) {
    await flag(
      context,
      event,
      'unknown_attempt',
      `Paiement marchand vers un compte inconnu : ${payment.merchant_id}`,
      null,
      Number.isSafeInteger(amount) ? amount : null,
    );
    return;
  }
  if (event.authenticity === 'unauthenticated') {
    await flag(
      context,
      event,
      'unauthenticated',
      'Paiement marchand non authentifié : rien n’a été crédité',
      account.organizationId,
      Number.isSafeInteger(amount) ? amount : null,
    );
    return;
  }
  if (payment.currency.toUpperCase() !== 'XOF') {
    await flag(
      context,
      event,
      'currency_mismatch',
      `Paiement marchand en ${payment.currency}`,
      account.organizationId,
    );
    return;
  }
  const receivedAt = payment.when_created ? new Date(payment.when_created) : event.receivedAt;
  await context.db.transaction(async (tx) => {
    await recordIncomingCredit(tx, {
      organizationId: account.organizationId,
      source: 'provider_notification',
      provider: event.provider,
      wallet: null,
      providerTxnId: payment.id,
      amount,
      reference: payment.client_reference ?? payment.custom_fields?.reference ?? null,
      payerPhone: payment.sender_mobile ?? null,
      payerName: payment.sender_name ?? null,
      receivedAt: Number.isNaN(receivedAt.getTime()) ? event.receivedAt : receivedAt,
      eventId: event.id,
    });
    await markEventProcessed(tx, event.id, 'applied');
  });
}

function safeJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}
