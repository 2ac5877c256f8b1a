import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logIn } from '../../../test/auth-helpers';
import { expectLedgerAgrees, openInvoices } from '../../../test/payments-harness';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { addMemberWithSystemRole } from '../../access/access.service';
import { ensureAccount } from '../../auth';
import { familyCreditBalance } from '../../billing';
import { askToPay, payerApproves, paymentOf } from '../faults/faults.test-support';
import { useRefunds } from './refunds.test-support';

const { harness, family, refund, paid, invoice, facts } = useRefunds();

describe('Refunding a payment: the rules and the books', () => {
  it('refunds by hand in two parts: partly refunded, then refunded, the books agreeing', async () => {
    const h = harness();
    const school = await family();
    const [registration] = school.invoices;
    const payment = await paid(school, 'mtn');

    const above = await refund(school, payment.id, {
      amount: payment.amount + 1,
      reason: 'Erreur de saisie',
      method: 'manual',
    });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      code: 'REFUND_ABOVE_REFUNDABLE',
      params: { refundable: payment.amount },
    });
    expect(above.json().issues).toEqual([
      {
        path: 'amount',
        message: 'Le remboursement dépasse ce qui reste remboursable sur ce paiement.',
      },
    ]);
    expect(await facts(payment.id)).toMatchObject({ refunds: 0, postings: 0, audits: null });

    const first = await ok(
      refund(school, payment.id, { amount: 20_000, reason: 'Remise accordée', method: 'manual' }),
      201,
    );
    expect(first).toMatchObject({ method: 'manual', status: 'succeeded', amount: 20_000 });
    expect(await paymentOf(school, payment.id)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 20_000,
    });
    expect(await invoice(school, registration!.id)).toMatchObject({
      status: 'partially_paid',
      paid: payment.amount - 20_000,
    });
    await expectLedgerAgrees(h.context, school.organizationId);

    const tooMuch = await refund(school, payment.id, {
      amount: payment.amount - 20_000 + 1,
      reason: 'Le reste',
      method: 'manual',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 'REFUND_ABOVE_REFUNDABLE',
      params: { refundable: payment.amount - 20_000 },
    });
    await ok(
      refund(school, payment.id, {
        amount: payment.amount - 20_000,
        reason: 'Le reste',
        method: 'manual',
      }),
      201,
    );
    expect(await paymentOf(school, payment.id)).toMatchObject({
      status: 'refunded',
      refundedAmount: payment.amount,
    });
    expect(await invoice(school, registration!.id)).toMatchObject({ status: 'open', paid: 0 });
    await expectLedgerAgrees(h.context, school.organizationId);
    expect(await facts(payment.id)).toMatchObject({
      refunds: 2,
      postings: 2,
      outbox: 2,
      states: [
        'initiated',
        'pending',
        'succeeded',
        'refund_pending',
        'partially_refunded',
        'refund_pending',
        'refunded',
      ],
    });
  });

  it('takes the money back from the family credit first, then from spent credit', async () => {
    const h = harness();
    const school = await family();
    const owed = school.invoices.reduce((sum, item) => sum + item.total - item.paid, 0);
    const payment = await ok(
      h.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${school.token}` },
        payload: { guardianId: school.guardianId, wallet: 'MTN', amount: owed + 60_000 },
      }),
      201,
    );
    payerApproves(h, payment.id);
    await h.settle();
    expect(await paymentOf(school, payment.id)).toMatchObject({
      status: 'succeeded',
      creditAmount: 60_000,
    });
    const credit = () =>
      familyCreditBalance(h.context.db, school.organizationId, school.guardianId);
    expect(await credit()).toBe(60_000);

    // 10 000 of the credit, unused: nothing else moves.
    await ok(
      refund(school, payment.id, { amount: 10_000, reason: 'Trop-perçu', method: 'manual' }),
      201,
    );
    expect(await credit()).toBe(50_000);
    expect(await openInvoices(school.call, school.student.id)).toEqual([]);
    await expectLedgerAgrees(h.context, school.organizationId);

    // A brother enrolled: the remaining credit pays his registration (50 000).
    const brother = await ok(school.call('POST', '/api/students', { fullName: 'Yao Frère' }), 201);
    // Same phone, same guardian: the family's payer.
    const { payerPhone } = await paymentOf(school, payment.id);
    await ok(
      school.call('POST', `/api/students/${brother.id}/guardians`, {
        fullName: 'Parent',
        phone: payerPhone,
        relation: 'father',
        mainPayer: true,
      }),
      201,
    );
    await ok(
      school.call('POST', `/api/students/${brother.id}/enrolments`, {
        levelId: school.l1.id,
        academicYearId: school.year.id,
      }),
      201,
    );
    expect(await credit()).toBe(0);
    const brotherInvoices = (
      await ok(school.call('GET', `/api/invoices?studentId=${brother.id}&pageSize=50`))
    ).items as { id: string; status: string; paid: number }[];
    const paidByCredit = brotherInvoices.filter((item) => item.paid > 0);
    expect(paidByCredit).toMatchObject([{ status: 'paid', paid: 50_000 }]);

    // The rest of the payment back: its invoices and the brother's, paid by its credit, owed again.
    await ok(
      refund(school, payment.id, {
        amount: payment.amount - 10_000,
        reason: 'Départ de la famille',
        method: 'manual',
      }),
      201,
    );
    expect(await paymentOf(school, payment.id)).toMatchObject({ status: 'refunded' });
    expect(await credit()).toBe(0);
    expect(await invoice(school, paidByCredit[0]!.id)).toMatchObject({
      status: 'open',
      paid: 0,
    });
    const reopened = await openInvoices(school.call, school.student.id);
    expect(reopened).toHaveLength(school.invoices.length);
    expect(reopened.every((item) => item.paid === 0)).toBe(true);
    await expectLedgerAgrees(h.context, school.organizationId);
  });

  it('refuses a failed payment, another school’s payment, and a member without the permission', async () => {
    const h = harness();
    const school = await family();
    const payment = await askToPay(h, school, 'mtn');
    h.sandbox.sandbox.resolve(h.simTransaction(payment.id), 'refused');
    await h.settle();
    expect((await paymentOf(school, payment.id)).status).toBe('failed');
    const failed = await refund(school, payment.id, { amount: 1_000, reason: 'Essai' });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toBe(
      'Seul un paiement réussi (ou déjà partiellement remboursé) peut être remboursé.',
    );
    expect(await facts(payment.id)).toMatchObject({ refunds: 0, audits: null });

    const succeeded = await paid(school, 'mtn', school.invoices[1]!.id);
    const other = await signUpSchool(h.app, 'Autre école');
    const foreign = await refund(
      school,
      succeeded.id,
      { amount: 1_000, reason: 'Intrus' },
      other.token,
    );
    expect(foreign.statusCode).toBe(404);
    const foreignList = await other.call('GET', `/api/payments/${succeeded.id}/refunds`);
    expect(foreignList.statusCode).toBe(404);

    const email = `lecteur.${Math.random().toString(36).slice(2)}@ecole.tg`;
    await h.context.db.transaction(async (tx) => {
      const { user } = await ensureAccount(tx, { email, name: 'Lecteur', password: 'motdepasse' });
      await addMemberWithSystemRole(
        tx,
        {
          organizationId: school.organizationId,
          userId: user.id,
          roleKey: 'reader',
          userLabel: 'L',
        },
        { actor: { type: 'system', label: 'Test' }, ip: null },
      );
    });
    const reader = (await logIn(h.app, email, 'motdepasse')).accessToken;
    const forbidden = await refund(school, succeeded.id, { amount: 1_000, reason: 'Non' }, reader);
    expect(forbidden.statusCode).toBe(403);
    const readable = await h.app.inject({
      method: 'GET',
      url: `/api/payments/${succeeded.id}/refunds`,
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(readable.statusCode).toBe(200);
    expect(await facts(succeeded.id)).toMatchObject({ refunds: 0, audits: null });
  });

  it('lets one of two simultaneous refunds through', async () => {
    const h = harness();
    const school = await family();
    const payment = await paid(school, 'mtn');
    // Each more than half: both cannot be given back.
    const half = Math.floor(payment.amount / 2) + 1;
    const answers = await Promise.all(
      [1, 2].map(() =>
        refund(school, payment.id, { amount: half, reason: 'Double clic', method: 'manual' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(await paymentOf(school, payment.id)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: half,
    });
    expect(await facts(payment.id)).toMatchObject({ refunds: 1, postings: 1 });
    await expectLedgerAgrees(h.context, school.organizationId);
  });

  it('gives cash back by hand for a desk payment: the drawer (571) pays, the receipt shows it', async () => {
    const h = harness();
    const school = await family();
    const [registration] = school.invoices;
    const session = await ok(school.call('POST', '/api/cash-sessions', { openingFloat: 0 }), 201);
    const taken = await ok(
      school.call('POST', `/api/cash-sessions/${session.id}/payments`, {
        studentId: school.student.id,
        invoiceIds: [registration!.id],
        amount: registration!.total,
        method: 'CASH',
      }),
      201,
    );
    const provider = await refund(school, taken.payment.id, {
      amount: 5_000,
      reason: 'Monnaie mal rendue',
      method: 'provider',
    });
    expect(provider.statusCode).toBe(400);
    const done = await ok(
      refund(school, taken.payment.id, { amount: 5_000, reason: 'Monnaie mal rendue' }),
      201,
    );
    expect(done).toMatchObject({ method: 'manual', status: 'succeeded' });
    const { rows } = await h.context.db.execute<{ account: string; credit: number }>(sql`
      select e.account, e.credit::int as credit from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id
      where t.idempotency_key = ${`refund:${done.id}`} and e.credit > 0`);
    expect(rows).toEqual([{ account: '571', credit: 5_000 }]);
    const receipt = await h.context.db.execute<{ refunded: number }>(sql`
      select refunded_amount::int as refunded from receipts where id = ${taken.receiptId}`);
    expect(receipt.rows).toEqual([{ refunded: 5_000 }]);
    await expectLedgerAgrees(h.context, school.organizationId);
  });
});
