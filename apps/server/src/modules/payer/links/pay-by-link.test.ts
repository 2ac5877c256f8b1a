import { PayerMessages, PaymentMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { expectLedgerAgrees, simsFor, usePaymentsHarness } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import {
  familyOfTwo,
  formKey,
  linkOf,
  openLinkPage,
  postLinkForm,
} from './payer-link.test-support';

const attemptOf = (location: string | undefined) =>
  /^\/payer\/retour\/([0-9a-f-]{36})$/.exec(location ?? '')?.[1];

describe('Paying from a payment link', () => {
  const harness = usePaymentsHarness();

  const attempts = async (organizationId: string) => {
    const rows = await harness().context.db.execute<{ id: string; amount: string }>(
      sql`select id, amount from payment_attempts where organization_id = ${organizationId}`,
    );
    return rows.rows;
  };

  it('pays two children’s invoices with Mixx by Yas: waiting screen, approval, receipt', async () => {
    const { app, context, sandbox } = harness();
    const family = await familyOfTwo(app, context, '+22890445501');
    const link = await linkOf(context, family);
    const page = await openLinkPage(app, link.token);
    const chosen = [family.kossiInvoices[0]!, family.amaInvoices[0]!];
    const balance = chosen.reduce((sum, invoice) => sum + invoice.total - invoice.paid, 0);

    const posted = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(page),
      invoiceIds: chosen.map((invoice) => invoice.id),
      wallet: 'YAS_TG',
      phone: '90 44 55 01',
      // Tampering is ignored: what is owed comes from the server.
      coupon: 'GRATUIT',
      total: '100',
    });
    expect(posted.statusCode, posted.body).toBe(303);
    const attemptId = attemptOf(posted.headers.location);
    expect(attemptId).toBeDefined();
    const [attempt] = await attempts(family.organizationId);
    expect(attempt).toEqual({ id: attemptId, amount: String(balance) });
    const payment = await ok(family.call('GET', `/api/payments/${attemptId}`));
    expect(payment).toMatchObject({
      wallet: 'YAS_TG',
      payerPhone: '+22890445501',
      invoiceIds: expect.arrayContaining(chosen.map((invoice) => invoice.id)),
      createdBy: 'Payeur en ligne : Afi Agbéko',
    });

    const waiting = await app.inject({ method: 'GET', url: posted.headers.location! });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toContain(escapeHtml(PayerMessages.waitPush));
    expect(waiting.body).toContain('http-equiv="refresh" content="5"');
    expect(waiting.body).toContain('aria-live="polite"');
    const pending = await ok(
      app.inject({ method: 'GET', url: `/api/payer/payments/${attemptId}` }),
    );
    expect(pending).toMatchObject({ outcome: 'waiting', amount: balance, receiptUrl: null });

    sandbox.sandbox.resolve(harness().simTransaction(attemptId!), 'paid');
    await harness().settle();
    const done = await ok(app.inject({ method: 'GET', url: `/api/payer/payments/${attemptId}` }));
    expect(done).toMatchObject({
      id: attemptId,
      status: 'succeeded',
      outcome: 'success',
      amount: balance,
      wallet: 'YAS_TG',
      failureReason: null,
      redirectUrl: null,
    });
    expect(done.receiptNumber).toMatch(/^REC-\d{4}-\d{6}$/);
    // Nothing personal in what anyone holding the id can read.
    expect(JSON.stringify(done)).not.toMatch(/Agbéko|90445501/);
    const pdf = await app.inject({ method: 'GET', url: done.receiptUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const success = await app.inject({ method: 'GET', url: `/payer/retour/${attemptId}` });
    expect(success.body).toContain('Paiement réussi');
    expect(success.body).toContain(done.receiptNumber);
    expect(success.body).toContain(`href="${done.receiptUrl}">Télécharger le reçu (PDF)`);
    expect(success.body).toContain('Le reçu vous a été envoyé par SMS.');
    expect(success.body).not.toContain('http-equiv="refresh"');
    const linked = await context.db.execute<{ link_id: string }>(
      sql`select link_id from payment_link_attempts where attempt_id = ${attemptId}`,
    );
    expect(linked.rows).toEqual([{ link_id: link.id }]);
    // The paid invoices leave the page.
    const after = await openLinkPage(app, link.token);
    for (const invoice of chosen) expect(after).not.toContain(invoice.id);
    await expectLedgerAgrees(context, family.organizationId);
  });

  it('a double tap (the same form twice) is one payment; a second form meets it under way', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890445502');
    const link = await linkOf(context, family);
    const page = await openLinkPage(app, link.token);
    const form = {
      idempotencyKey: formKey(page),
      invoiceIds: family.kossiInvoices[0]!.id,
      wallet: 'YAS_TG',
      phone: '+228 90 44 55 02',
    };
    const taps = await Promise.all([
      postLinkForm(app, link.token, form),
      postLinkForm(app, link.token, form),
    ]);
    expect(taps.map((tap) => tap.statusCode)).toEqual([303, 303]);
    expect(taps[0]!.headers.location).toBe(taps[1]!.headers.location);
    const again = await postLinkForm(app, link.token, form);
    expect(again.headers.location).toBe(taps[0]!.headers.location);
    expect(await attempts(family.organizationId)).toHaveLength(1);
    // The provider was asked once.
    expect(simsFor(harness().sandbox, attemptOf(taps[0]!.headers.location)!)).toHaveLength(1);

    // Another page (another key) for the same invoice: the payment under way, not a second one.
    const other = await postLinkForm(app, link.token, {
      ...form,
      idempotencyKey: formKey(await openLinkPage(app, link.token)),
    });
    expect(other.statusCode).toBe(303);
    expect(other.headers.location).toBe(taps[0]!.headers.location);
    expect(await attempts(family.organizationId)).toHaveLength(1);
  });

  it('refuses a phone of the wrong country, showing the form again with what was typed', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890445503');
    const link = await linkOf(context, family);
    const page = await openLinkPage(app, link.token);
    const invoice = family.kossiInvoices[0]!;
    const refused = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(page),
      invoiceIds: invoice.id,
      wallet: 'MOOV_TG',
      // A Beninese number: Moov Flooz Togo takes Togolese ones only.
      phone: '+229 01 97 12 34 56',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(escapeHtml(PayerMessages.phoneWrongCountry));
    expect(refused.body).toContain('value="+229 01 97 12 34 56"');
    expect(refused.body).toContain('aria-invalid="true"');
    expect(refused.body).toMatch(/id="moyen-MOOV_TG"\s+name="wallet"\s+value="MOOV_TG"\s+checked/);
    // MTN works across West Africa: the same number is fine there.
    const mtn = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(refused.body),
      invoiceIds: invoice.id,
      wallet: 'MTN',
      phone: '+229 01 97 12 34 56',
    });
    expect(mtn.statusCode, mtn.body).toBe(303);
    const french = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(refused.body),
      invoiceIds: family.amaInvoices[0]!.id,
      wallet: 'MTN',
      phone: '+33 6 12 34 56 78',
    });
    expect(french.statusCode).toBe(400);
    expect(french.body).toContain(escapeHtml(PayerMessages.phoneWrongCountry));
    const unreadable = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(refused.body),
      invoiceIds: family.amaInvoices[0]!.id,
      wallet: 'YAS_TG',
      phone: '12',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.body).toContain('numéro de téléphone n&#39;est pas valide');
    const none = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(refused.body),
      wallet: 'YAS_TG',
      phone: '90445503',
    });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(escapeHtml(PayerMessages.nothingChosen));
  });

  it('keeps to the school’s amount rules: partial allowed or not, minimum, balance', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890445504');
    const link = await linkOf(context, family);
    const invoice = family.amaInvoices[0]!;
    const balance = invoice.total - invoice.paid;
    const pay = async (amount: string) =>
      postLinkForm(app, link.token, {
        idempotencyKey: formKey(await openLinkPage(app, link.token)),
        invoiceIds: invoice.id,
        wallet: 'YAS_TG',
        phone: '90445504',
        amount,
      });

    const notAllowed = await pay('20 000');
    expect(notAllowed.statusCode).toBe(422);
    expect(notAllowed.body).toContain(escapeHtml(PayerMessages.partialNotAllowed));

    const settings = await ok(family.call('GET', '/api/billing/settings'));
    await ok(
      family.call('PUT', '/api/billing/settings', {
        ...settings,
        onlinePayment: { partialAllowed: true, minimumAmount: 10_000 },
      }),
    );
    const below = await pay('5 000');
    expect(below.statusCode).toBe(422);
    expect(below.body).toContain(escapeHtml(PayerMessages.amountBelowMinimum));
    expect(below.body).toContain('value="5 000"');
    const above = await pay(String(balance + 1));
    expect(above.statusCode).toBe(422);
    expect(above.body).toContain(escapeHtml(PaymentMessages.amountAboveBalance));
    const unreadable = await pay('12,5');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.body).toContain(escapeHtml(PayerMessages.amountInvalid));
    expect(await attempts(family.organizationId)).toHaveLength(0);

    const part = await pay('20 000 FCFA');
    expect(part.statusCode, part.body).toBe(303);
    expect((await attempts(family.organizationId))[0]!.amount).toBe('20000');
  });

  it('refuses invoices outside the link: another family’s, a sibling on a student’s link', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890445505');
    // Another family of the same school.
    const neighbour = await ok(
      family.call('POST', '/api/students', { fullName: 'Yao Mensah' }),
      201,
    );
    await ok(
      family.call('POST', `/api/students/${neighbour.id}/guardians`, {
        fullName: 'Koffi Mensah',
        phone: '+22890445599',
        relation: 'father',
        mainPayer: true,
      }),
      201,
    );
    await ok(
      family.call('POST', `/api/students/${neighbour.id}/enrolments`, {
        levelId: family.l1.id,
        academicYearId: family.year.id,
      }),
      201,
    );
    const theirs = await ok(family.call('GET', `/api/invoices?studentId=${neighbour.id}`));
    const link = await linkOf(context, family);
    const injected = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(await openLinkPage(app, link.token)),
      invoiceIds: [family.kossiInvoices[0]!.id, theirs.items[0].id],
      wallet: 'YAS_TG',
      phone: '90445505',
    });
    expect(injected.statusCode).toBe(422);
    expect(injected.body).toContain(escapeHtml(PayerMessages.invoiceNotInLink));

    const amasLink = await linkOf(context, family, { studentId: family.ama.id, purpose: 'qr' });
    const sibling = await postLinkForm(app, amasLink.token, {
      idempotencyKey: formKey(await openLinkPage(app, amasLink.token)),
      invoiceIds: family.kossiInvoices[0]!.id,
      wallet: 'YAS_TG',
      phone: '90445505',
    });
    expect(sibling.statusCode).toBe(422);
    expect(sibling.body).toContain(escapeHtml(PayerMessages.invoiceNotInLink));

    // Voided since the page was shown: « déjà payée », and the list is read again.
    const page = await openLinkPage(app, amasLink.token);
    const voided = family.amaInvoices[1]!;
    await ok(family.call('POST', `/api/invoices/${voided.id}/void`, { reason: 'Erreur' }));
    const stale = await postLinkForm(app, amasLink.token, {
      idempotencyKey: formKey(page),
      invoiceIds: voided.id,
      wallet: 'YAS_TG',
      phone: '90445505',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain(escapeHtml(PayerMessages.invoiceAlreadyPaid));
    expect(stale.body).not.toContain(`value="${voided.id}"`);
    expect(await attempts(family.organizationId)).toHaveLength(0);
  });
});
