import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { expectLedgerAgrees } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import { ProviderRejectedError } from '../../psp';
import { fault, paymentOf } from '../faults/faults.test-support';
import { useRefunds } from './refunds.test-support';

const { harness, family, refund, paid, invoice, facts } = useRefunds();

describe('Refunding a payment through its provider', () => {
  it('refunds a Wave payment in full through Wave: invoice open again, ledger reversed', async () => {
    const h = harness();
    const school = await family();
    const [registration] = school.invoices;
    const payment = await paid(school, 'wave');

    // Wave gives back whole sessions only.
    const part = await refund(school, payment.id, { amount: 10_000, reason: 'Trop perçu' });
    expect(part.statusCode).toBe(400);
    expect(part.json().message).toMatch(/ne rembourse que le paiement entier/);

    const done = await ok(
      refund(school, payment.id, { amount: payment.amount, reason: 'Départ de l’élève' }),
      201,
    );
    expect(done).toMatchObject({
      paymentId: payment.id,
      amount: payment.amount,
      method: 'provider',
      status: 'succeeded',
      failureReason: null,
      reason: 'Départ de l’élève',
    });
    const sim = h.simTransaction(payment.id);
    expect(sim.timeline.filter((entry) => entry.event === 'refunded')).toHaveLength(1);

    expect(await paymentOf(school, payment.id)).toMatchObject({
      status: 'refunded',
      refundedAmount: payment.amount,
    });
    expect(await invoice(school, registration!.id)).toMatchObject({ status: 'open', paid: 0 });
    await expectLedgerAgrees(h.context, school.organizationId);
    expect(await facts(payment.id)).toMatchObject({
      refunds: 1,
      postings: 1,
      outbox: 1,
      audits: ['payment.refund_requested', 'payment.refunded'],
      states: ['initiated', 'pending', 'succeeded', 'refund_pending', 'refunded'],
    });
    const listed = await ok(school.call('GET', `/api/payments/${payment.id}/refunds`));
    expect(listed).toEqual([done]);

    const again = await refund(school, payment.id, { amount: 1, reason: 'Encore' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Seul un paiement réussi/);
  });

  it('a refund the provider refuses fails with its reason; the payment stands', async () => {
    const h = harness();
    const school = await family();
    const payment = await paid(school, 'wave');
    const wave = h.context.providers.get('wave')!;
    const spy = vi.spyOn(wave, 'refund').mockRejectedValueOnce(
      new ProviderRejectedError({
        code: 'merchant_balance_insufficient',
        providerCode: 'insufficient-funds',
        reason: 'Solde du compte marchand insuffisant pour rembourser',
      }),
    );
    try {
      const failed = await ok(
        refund(school, payment.id, { amount: payment.amount, reason: 'Annulation' }),
        201,
      );
      expect(failed).toMatchObject({
        status: 'failed',
        method: 'provider',
        failureReason: 'Solde du compte marchand insuffisant pour rembourser',
      });
    } finally {
      spy.mockRestore();
    }
    expect(await paymentOf(school, payment.id)).toMatchObject({
      status: 'succeeded',
      refundedAmount: 0,
    });
    expect(await facts(payment.id)).toMatchObject({
      refunds: 1,
      postings: 0,
      outbox: 0,
      audits: ['payment.refund_requested', 'payment.refund_failed'],
    });
    await expectLedgerAgrees(h.context, school.organizationId);
    // The payment can be refunded again.
    await ok(refund(school, payment.id, { amount: payment.amount, reason: 'Annulation' }), 201);
    expect((await paymentOf(school, payment.id)).status).toBe('refunded');
  });

  it('a refund left without answer is settled by the poller', async () => {
    const h = harness();
    const school = await family();
    const payment = await paid(school, 'wave');
    const wave = h.context.providers.get('wave')!;
    const spy = vi
      .spyOn(wave, 'refund')
      .mockResolvedValueOnce({ status: 'pending', providerStatus: 'processing', raw: null });
    try {
      const pending = await ok(
        refund(school, payment.id, { amount: payment.amount, reason: 'Annulation' }),
        201,
      );
      expect(pending.status).toBe('pending');
      expect((await paymentOf(school, payment.id)).status).toBe('refund_pending');
      const second = await refund(school, payment.id, {
        amount: 1,
        reason: 'Encore',
        method: 'manual',
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('Un remboursement de ce paiement est déjà en cours.');

      h.clock.advance(31);
      await h.worker.reconcile();
    } finally {
      spy.mockRestore();
    }
    const [settled] = await ok(school.call('GET', `/api/payments/${payment.id}/refunds`));
    expect(settled).toMatchObject({ status: 'succeeded' });
    expect(await paymentOf(school, payment.id)).toMatchObject({ status: 'refunded' });
    await expectLedgerAgrees(h.context, school.organizationId);
    const { rows } = await h.context.db.execute<{ label: string }>(
      sql`select actor_label as label from audit_entries
        where resource_id = ${payment.id} and action = 'payment.refunded'`,
    );
    expect(rows).toEqual([{ label: 'Rapprochement automatique (Wave)' }]);
  });

  it('refunds part of an MTN payment through MTN: pending, then settled by the poller', async () => {
    const h = harness();
    const school = await family();
    const [registration] = school.invoices;
    const payment = await paid(school, 'mtn');
    const pending = await ok(
      refund(school, payment.id, { amount: 15_000, reason: 'Bourse accordée' }),
      201,
    );
    expect(pending).toMatchObject({ method: 'provider', status: 'pending' });
    expect((await paymentOf(school, payment.id)).status).toBe('refund_pending');

    h.clock.advance(31);
    await h.worker.reconcile();
    const [settled] = await ok(school.call('GET', `/api/payments/${payment.id}/refunds`));
    expect(settled).toMatchObject({ status: 'succeeded', amount: 15_000 });
    expect(await paymentOf(school, payment.id)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 15_000,
    });
    expect(await invoice(school, registration!.id)).toMatchObject({
      status: 'partially_paid',
      paid: payment.amount - 15_000,
    });
    await expectLedgerAgrees(h.context, school.organizationId);

    // MTN refuses the next one (the school's disbursement account is empty): the payment stays
    // partly refunded.
    fault(h, 'mtn', 'refund_fail', { times: 1 });
    await ok(refund(school, payment.id, { amount: 5_000, reason: 'Complément' }), 201);
    h.clock.advance(31);
    await h.worker.reconcile();
    const [, failed] = await ok(school.call('GET', `/api/payments/${payment.id}/refunds`));
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'Solde du compte marchand insuffisant pour rembourser',
    });
    expect(await paymentOf(school, payment.id)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 15_000,
    });
    expect(await facts(payment.id)).toMatchObject({
      refunds: 2,
      postings: 1,
      audits: [
        'payment.refund_requested',
        'payment.refunded',
        'payment.refund_requested',
        'payment.refund_failed',
      ],
    });
    await expectLedgerAgrees(h.context, school.organizationId);
  });
});
