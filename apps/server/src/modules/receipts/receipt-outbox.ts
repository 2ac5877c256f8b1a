import { paymentChannelValues, paymentMethodValues } from '@ecolage/contracts';
import { formatFrancsAscii } from '@ecolage/money';
import { z } from 'zod';
import type { Transaction } from '../../platform/db/database';
import type { OutboxHandler } from '../../platform/outbox/outbox';
import type { OutboxEventRow } from '../../platform/outbox/outbox.tables';
import { queueEmail, queueSms } from '../messaging';
import { findGuardian } from '../students';
import {
  issueReceipt,
  markReceiptRefunded,
  type ReceiptPaymentFacts,
} from './issue-receipt.service';
import { formatSchoolDate, formatSchoolDateTime } from './receipt-format';
import { markReceiptNotified } from './receipts.repository';
import type { ReceiptRow } from './receipts.tables';

/** The `payment.succeeded` payload as written by payments (`confirm-successes.ts`) or the desk. */
const paymentSucceededSchema = z.object({
  paymentId: z.uuid(),
  guardianId: z.uuid(),
  amount: z.number().int().positive(),
  wallet: z.enum(paymentMethodValues),
  provider: z.enum(paymentChannelValues),
  providerRef: z.string().nullish(),
  providerTxnId: z.string().nullish(),
  payerPhone: z.string().nullish(),
  succeededAt: z.iso.datetime({ offset: true }).nullish(),
  allocations: z.array(z.object({ invoiceId: z.uuid(), amount: z.number().int() })).default([]),
  creditAmount: z.number().int().default(0),
  cashierName: z.string().nullish(),
});

/** The `payment.refunded` payload (refund-settlement.service.ts): what the payment has paid back. */
const paymentRefundedSchema = z.object({
  paymentId: z.uuid(),
  refundedAmount: z.number().int().nonnegative(),
});

/** The receipt's facts from the event: the provider's own reference first (the payer's SMS has it). */
export function factsOfEvent(event: OutboxEventRow): ReceiptPaymentFacts {
  const payload = paymentSucceededSchema.parse(event.payload);
  return {
    organizationId: event.organizationId,
    paymentId: payload.paymentId,
    guardianId: payload.guardianId,
    amount: payload.amount,
    wallet: payload.wallet,
    provider: payload.provider,
    providerRef: payload.providerTxnId ?? payload.providerRef ?? null,
    payerPhone: payload.payerPhone ?? null,
    paidAt: payload.succeededAt ? new Date(payload.succeededAt) : event.createdAt,
    allocations: payload.allocations,
    creditAmount: payload.creditAmount,
    cashierName: payload.cashierName ?? null,
  };
}

/**
 * Sends the payer the receipt's link, once: by SMS (GSM-7, ASCII amounts) to the phone that paid
 * or the guardian's, and by e-mail when the guardian has an address. Receipts are exempt from the
 * quiet hours (DESIGN.md §8b).
 */
export async function notifyPayer(
  tx: Transaction,
  receipt: ReceiptRow,
  guardianId: string,
  now: Date,
): Promise<void> {
  if (receipt.notifiedAt) return;
  const { content } = receipt;
  const guardian = await findGuardian(tx, receipt.organizationId, guardianId);
  const phone = content.payer.phone ?? guardian?.phone ?? null;
  const metadata = { receiptId: receipt.id, paymentId: receipt.paymentId, number: receipt.number };
  if (phone) {
    await queueSms(tx, {
      organizationId: receipt.organizationId,
      recipient: phone,
      body:
        `${content.school.name}: paiement de ${formatFrancsAscii(receipt.amount)} recu le ` +
        `${formatSchoolDate(content.paidAt, content.timeZone)}. ` +
        `Recu ${receipt.number}: ${content.verificationUrl}`,
      template: 'receipt.issued',
      metadata,
    });
  }
  if (guardian?.email) {
    await queueEmail(tx, {
      organizationId: receipt.organizationId,
      to: guardian.email,
      subject: `Votre reçu ${receipt.number} — ${content.school.name}`,
      text: [
        `Bonjour ${content.payer.name},`,
        '',
        `${content.school.name} a bien reçu votre paiement de ${formatFrancsAscii(receipt.amount)}` +
          ` le ${formatSchoolDateTime(content.paidAt, content.timeZone)}.`,
        `Élève(s) : ${content.students.map((student) => student.name).join(', ') || '—'}`,
        `Reçu n° ${receipt.number}`,
        '',
        `Consultez et vérifiez votre reçu : ${content.verificationUrl}`,
        '',
        'Merci.',
      ].join('\n'),
      template: 'receipt.issued',
      metadata,
    });
  }
  await markReceiptNotified(tx, receipt.organizationId, receipt.id, now);
}

/** `payment.succeeded` → the receipt (idempotent), then the payer's message (once). */
export async function issueReceiptOfEvent(
  tx: Transaction,
  event: OutboxEventRow,
  now: Date,
): Promise<ReceiptRow> {
  const facts = factsOfEvent(event);
  const receipt = await issueReceipt(tx, facts, { now });
  await notifyPayer(tx, receipt, facts.guardianId, now);
  return receipt;
}

/**
 * The receipts' outbox handlers, by event type, for whoever dispatches the outbox (the payments
 * worker). `now` is the worker's clock.
 */
export function receiptOutboxHandlers(
  now: () => Date = () => new Date(),
): ReadonlyMap<string, readonly OutboxHandler[]> {
  const onPaymentSucceeded: OutboxHandler = async (tx, event) => {
    await issueReceiptOfEvent(tx, event, now());
  };
  // The refund service marks the receipt itself; this catches a receipt issued after the refund.
  const onPaymentRefunded: OutboxHandler = async (tx, event) => {
    const payload = paymentRefundedSchema.parse(event.payload);
    await markReceiptRefunded(tx, event.organizationId, payload.paymentId, payload.refundedAmount);
  };
  return new Map([
    ['payment.succeeded', [onPaymentSucceeded]],
    ['payment.refunded', [onPaymentRefunded]],
  ]);
}
