import { formatFrancsAscii } from '@ecolage/money';
import type { Transaction } from '../../platform/db/database';
import type { AnyEventHandler, EventHandler } from '../../platform/outbox/event-dispatch';
import type { InTransactionSubscriber, PublishedEvent } from '../../platform/outbox/outbox';
import { queueEmail, queueSms, shortLinkFor } from '../messaging';
import { findGuardian } from '../students';
import {
  issueReceipt,
  markReceiptRefunded,
  type ReceiptPaymentFacts,
} from './issue-receipt.service';
import { formatSchoolDate, formatSchoolDateTime } from './receipt-format';
import { markReceiptNotified } from './receipts.repository';
import type { ReceiptRow } from './receipts.tables';

/** The receipt's facts from the event: the provider's own reference first (the payer's SMS has it). */
export function factsOfEvent(event: PublishedEvent<'payment.succeeded'>): ReceiptPaymentFacts {
  const { payload } = event;
  return {
    organizationId: event.organizationId,
    paymentId: payload.paymentId,
    guardianId: payload.guardianId,
    amount: payload.amount,
    wallet: payload.wallet,
    provider: payload.provider,
    providerRef: payload.providerTxnId ?? payload.providerRef ?? null,
    payerPhone: payload.payerPhone ?? null,
    paidAt: new Date(payload.succeededAt),
    allocations: payload.allocations.map(({ invoiceId, amount }) => ({ invoiceId, amount })),
    creditAmount: payload.creditAmount,
    cashierName: payload.cashierName ?? null,
  };
}

/** The payer's SMS of a receipt, as `receiptSms` writes it. */
export interface ReceiptSmsFacts {
  schoolName: string;
  /** Whole francs. */
  amount: number;
  /** `dd/mm/yyyy` in the school's time zone. */
  paidOn: string;
  number: string;
  /** The receipt's check, as our short link (`/s/<code>`). */
  url: string;
}

/**
 * « École : paiement de 150 000 FCFA enregistré le 12/01/2027. Justificatif REC-2027-000123 :
 * https://…/s/Ab3xY9Qk12 » — GSM-7 with its accents (é è à ù stay; nothing that forces UCS-2: no
 * « reçu », no narrow spaces in amounts), one SMS for a school name of up to 40 characters or so
 * (DESIGN.md §8b).
 */
export function receiptSms(facts: ReceiptSmsFacts): string {
  return (
    `${facts.schoolName} : paiement de ${formatFrancsAscii(facts.amount)} enregistré le ` +
    `${facts.paidOn}. Justificatif ${facts.number} : ${facts.url}`
  );
}

/**
 * Sends the payer the receipt's link, once: by SMS (GSM-7, ASCII amounts, the check behind our
 * short link) to the phone that paid or the guardian's, and by e-mail when the guardian has an
 * address. Receipts are exempt from the quiet hours and from opt-outs (DESIGN.md §8b).
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
    const check = await shortLinkFor(tx, {
      organizationId: receipt.organizationId,
      targetPath: new URL(content.verificationUrl).pathname,
      purpose: 'receipt',
      expiresAt: null,
      now,
    });
    await queueSms(tx, {
      organizationId: receipt.organizationId,
      recipient: phone,
      body: receiptSms({
        schoolName: content.school.name,
        amount: receipt.amount,
        paidOn: formatSchoolDate(content.paidAt, content.timeZone),
        number: receipt.number,
        url: check.url,
      }),
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
  event: PublishedEvent<'payment.succeeded'>,
  now: Date,
): Promise<ReceiptRow> {
  const facts = factsOfEvent(event);
  const receipt = await issueReceipt(tx, facts, { now });
  await notifyPayer(tx, receipt, facts.guardianId, now);
  return receipt;
}

/**
 * The receipts' handlers of payments' events, registered at the composition root (the worker's
 * dispatcher runs them after commit). `now` is the worker's clock.
 */
export function receiptEventHandlers(now: () => Date = () => new Date()): AnyEventHandler[] {
  const issue: EventHandler<'payment.succeeded'> = {
    name: 'receipts.issue-receipt',
    event: 'payment.succeeded',
    handle: async (tx, event) => void (await issueReceiptOfEvent(tx, event, now())),
  };
  // The subscriber below shows a refund at once; this catches a receipt issued after the refund.
  const showLateRefund: EventHandler<'payment.refunded'> = {
    name: 'receipts.show-refund',
    event: 'payment.refunded',
    handle: (tx, event) => showRefund(tx, event),
  };
  return [issue, showLateRefund];
}

/** What the payment has paid back, on its receipt (never lowered by a late or replayed notice). */
async function showRefund(tx: Transaction, event: PublishedEvent<'payment.refunded'>) {
  const { paymentId, refundedAmount } = event.payload;
  await markReceiptRefunded(tx, event.organizationId, paymentId, refundedAmount);
}

/**
 * The receipt shows a refund in the refund's own transaction (the answer to the refund and the
 * receipt's page agree at once): an in-transaction subscriber, registered at the composition root.
 */
export const receiptRefundSubscriber: InTransactionSubscriber<'payment.refunded'> = {
  name: 'receipts.show-refund-at-once',
  event: 'payment.refunded',
  handle: showRefund,
};
