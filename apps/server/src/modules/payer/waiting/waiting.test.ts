import { randomUUID } from 'node:crypto';
import { PayerMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { usePaymentsHarness } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import {
  familyOfTwo,
  formKey,
  linkOf,
  openLinkPage,
  postLinkForm,
} from '../links/payer-link.test-support';

describe('The waiting screen and its status', () => {
  const harness = usePaymentsHarness();

  /** A payment started from a new family's link; its waiting screen's address. */
  async function startPayment(phone: string, wallet = 'YAS_TG') {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, phone);
    const link = await linkOf(context, family);
    const posted = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(await openLinkPage(app, link.token)),
      invoiceIds: family.kossiInvoices[0]!.id,
      wallet,
      phone,
    });
    expect(posted.statusCode, posted.body).toBe(303);
    const address = posted.headers.location as string;
    const attemptId = address.split('/').pop()!;
    return { family, link, address, attemptId };
  }

  const status = (attemptId: string) =>
    harness().app.inject({ method: 'GET', url: `/api/payer/payments/${attemptId}` });

  it('knows no unknown payment: 404 for a UUID nobody has or an id that is not one', async () => {
    const { app } = harness();
    for (const id of [randomUUID(), 'pas-un-paiement', '1']) {
      const json = await status(id);
      expect(json.statusCode).toBe(404);
      expect(json.json().message).toBe(PayerMessages.paymentNotFound);
      const page = await app.inject({ method: 'GET', url: `/payer/retour/${id}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain(escapeHtml(PayerMessages.paymentNotFound));
    }
  });

  it('says why a payment failed, in French, and « Réessayer » goes back to the link', async () => {
    const { app, context, sandbox, clock } = harness();
    const { family, link, address, attemptId } = await startPayment('+22890556601');
    sandbox.sandbox.resolve(harness().simTransaction(attemptId), 'refused');
    await harness().settle();
    // PayGate calls back the refusal; the screen's polling would ask after 10 s of silence anyway.
    clock.advance(11);

    const failed = await ok(status(attemptId));
    expect(failed).toMatchObject({ outcome: 'failure', receiptUrl: null, redirectUrl: null });
    expect(failed.failureReason).toBe(
      'Le paiement n’a pas été validé sur le téléphone : code secret incorrect ou demande refusée.',
    );
    const page = await app.inject({ method: 'GET', url: address });
    expect(page.body).toContain('Le paiement n’a pas abouti');
    expect(page.body).toContain(escapeHtml(failed.failureReason));
    expect(page.body).toContain(`href="/payer/l/${link.token}">Réessayer`);
    expect(page.body).not.toContain('http-equiv="refresh"');

    // Once the link has expired, « Réessayer » leads to the school's pay page.
    await context.db.execute(
      sql`update payment_links set expires_at = now() - interval '1 minute' where id = ${link.id}`,
    );
    const later = await app.inject({ method: 'GET', url: address });
    expect(later.body).toContain(`href="/payer/${family.slug}">Réessayer`);
  });

  it('sends a redirect flow to the provider’s page (Continuer without script)', async () => {
    const { app } = harness();
    const { address, attemptId } = await startPayment('+22890556602', 'WAVE');
    const waiting = await ok(status(attemptId));
    expect(waiting.outcome).toBe('waiting');
    expect(waiting.redirectUrl).toMatch(/^https?:\/\//);
    const page = await app.inject({ method: 'GET', url: address });
    expect(page.body).toContain('Vous allez être redirigé vers Wave');
    expect(page.body).toContain(`href="${escapeHtml(waiting.redirectUrl)}" data-redirect`);
    expect(page.body).toContain('>Continuer</a>');
  });

  it('asks the provider itself when a waiting payment’s confirmation was lost', async () => {
    const { sandbox, clock } = harness();
    const { attemptId } = await startPayment('+22890556603');
    sandbox.sandbox.faults.set('paygate', 'drop');
    try {
      sandbox.sandbox.resolve(harness().simTransaction(attemptId), 'paid');
      await harness().settle();
    } finally {
      sandbox.sandbox.faults.clear();
    }
    // Heard of a moment ago: not asked yet.
    expect((await ok(status(attemptId))).outcome).toBe('waiting');
    clock.advance(11);
    const asked = await ok(status(attemptId));
    expect(asked).toMatchObject({ status: 'succeeded', outcome: 'success', receiptUrl: null });
    // The receipt follows from the outbox.
    await harness().worker.dispatchOutbox();
    const receipt = await ok(status(attemptId));
    expect(receipt.receiptUrl).toMatch(/^\/api\/public\/receipts\/[A-Za-z0-9_-]+\/pdf$/);
  });

  it('serves a receipt’s PDF by its code only, with a neutral 404 otherwise', async () => {
    const { app } = harness();
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/public/receipts/code-inconnu-0000000/pdf',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
  });
});
