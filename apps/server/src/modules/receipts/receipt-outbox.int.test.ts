import { smsSegments } from '@ecolage/contracts';
import { amountInFrenchWords, formatFrancsAscii } from '@ecolage/money';
import { and, eq, isNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schoolWithFamily, usePaymentsHarness } from '../../test/payments-harness';
import { ok } from '../../test/school-fixture';
import { randomUUID } from 'node:crypto';
import { publishEvent } from '../../platform/outbox/outbox';
import { outboxEvents } from '../../platform/outbox/outbox.tables';
import { outboundMessages } from '../messaging/messaging.tables';
import { receipts } from './receipts.tables';

/** Every GSM-7 basic-set character (3GPP TS 23.038) an SMS of ours may use. */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

/** The school's messages to payers (the staff's « Paiement reçu » copies are the bell's). */
const payerMessagesOf = (organizationId: string) =>
  and(
    eq(outboundMessages.organizationId, organizationId),
    like(outboundMessages.template, 'receipt.%'),
  );

describe('The receipt of a payment confirmed by the provider', () => {
  const harness = usePaymentsHarness();

  async function payInSandbox(phone: string, email?: string) {
    const { app, sandbox } = harness();
    const school = await schoolWithFamily(app, phone);
    if (email) {
      await ok(
        school.call('PATCH', `/api/guardians/${school.guardianId}`, {
          fullName: 'Afi Agbéko',
          phone,
          email,
        }),
      );
    }
    const [registration] = school.invoices;
    const payment = await ok(
      school.call('POST', '/api/payments', {
        guardianId: school.guardianId,
        wallet: 'MTN',
        invoiceIds: [registration!.id],
      }),
      201,
    );
    sandbox.sandbox.resolve(harness().simTransaction(payment.id), 'paid');
    await harness().settle();
    return { school, payment };
  }

  it('is issued once from payment.succeeded, and the payer gets its link by SMS', async () => {
    const { context } = harness();
    const { school, payment } = await payInSandbox('+22890113301');
    const issued = await context.db
      .select()
      .from(receipts)
      .where(eq(receipts.organizationId, school.organizationId));
    expect(issued).toHaveLength(1);
    const [receipt] = issued;
    expect(receipt).toMatchObject({
      paymentId: payment.id,
      amount: payment.amount,
      number: expect.stringMatching(/^REC-\d{4}-000001$/),
    });
    expect(receipt!.notifiedAt).not.toBeNull();
    expect(receipt!.content).toMatchObject({
      method: 'MTN',
      provider: 'mtn',
      payer: { name: 'Afi Agbéko', phone: '+22890113301' },
      cashierName: null,
      amountInWords: amountInFrenchWords(payment.amount),
    });
    expect(receipt!.content.providerRef).toBeTruthy();

    const messages = await context.db
      .select()
      .from(outboundMessages)
      .where(payerMessagesOf(school.organizationId));
    expect(messages).toHaveLength(1);
    const [sms] = messages;
    expect(sms).toMatchObject({
      channel: 'sms',
      status: 'captured',
      recipient: '+22890113301',
      template: 'receipt.issued',
      metadata: { receiptId: receipt!.id },
    });
    expect(sms!.body).toMatch(GSM7);
    expect(sms!.body).toContain(formatFrancsAscii(payment.amount));
    expect(sms!.body).toContain(receipt!.number);
    expect(sms!.body).toContain('enregistré le');
    expect(smsSegments(sms!.body)).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    // The receipt's check goes as our short link.
    const short = /http:\/\/127\.0\.0\.1:3000(\/s\/[0-9A-Za-z]{10})$/.exec(sms!.body)?.[1];
    expect(short).toBeDefined();
    const followed = await harness().app.inject({ method: 'GET', url: short! });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`/verifier/${receipt!.verificationCode}`);

    // The payment's detail names its receipt.
    const detail = await ok(school.call('GET', `/api/payments/${payment.id}`));
    expect(detail).toMatchObject({ receiptId: receipt!.id, receiptNumber: receipt!.number });

    // Settling again issues nothing new, sends nothing new.
    await harness().settle();
    await harness().worker.dispatchOutbox();
    const again = await context.db
      .select()
      .from(outboundMessages)
      .where(payerMessagesOf(school.organizationId));
    expect(again).toHaveLength(1);
    const waiting = await context.db
      .select()
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.organizationId, school.organizationId),
          isNull(outboxEvents.dispatchedAt),
        ),
      );
    expect(waiting).toEqual([]);
  });

  it('is also e-mailed when the guardian has an address', async () => {
    const { context } = harness();
    const { school } = await payInSandbox('+22890113302', 'afi.agbeko@example.tg');
    const messages = await context.db
      .select()
      .from(outboundMessages)
      .where(payerMessagesOf(school.organizationId));
    expect(messages.map((message) => message.channel).sort()).toEqual(['email', 'sms']);
    const email = messages.find((message) => message.channel === 'email')!;
    expect(email).toMatchObject({ recipient: 'afi.agbeko@example.tg' });
    expect(email.subject).toMatch(/^Votre reçu REC-\d{4}-000001 — /);
    expect(email.body).toContain('/verifier/');
  });

  it('shows a refund announced by payment.refunded, and a late or replayed notice never lowers it', async () => {
    const { context } = harness();
    const { school, payment } = await payInSandbox('+22890113309');
    const announce = (refundedAmount: number) =>
      context.db.transaction((tx) =>
        publishEvent(
          tx,
          'payment.refunded',
          {
            paymentId: payment.id,
            refundId: randomUUID(),
            guardianId: school.guardianId,
            amount: refundedAmount,
            refundedAmount,
            fully: false,
            method: 'manual',
            fromCredit: 0,
            invoices: [],
          },
          { organizationId: school.organizationId, aggregateId: payment.id },
        ),
      );
    const refundedOnPaper = async () => {
      const [receipt] = await context.db
        .select({ refundedAmount: receipts.refundedAmount })
        .from(receipts)
        .where(eq(receipts.paymentId, payment.id));
      return receipt?.refundedAmount;
    };
    await announce(20_000);
    await harness().settle();
    expect(await refundedOnPaper()).toBe(20_000);
    await announce(10_000);
    await harness().settle();
    expect(await refundedOnPaper()).toBe(20_000);
  });
});
