import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/school-fixture';
import {
  expectLedgerAgrees,
  openInvoices,
  schoolWithFamily,
  usePaymentsHarness,
} from '../../../test/payments-harness';

describe('Requesting a payment from a guardian', () => {
  const harness = usePaymentsHarness();

  it('pushes to the phone, and the confirmed payment pays the invoice and posts the ledger', async () => {
    const { app, context, sandbox } = harness();
    const school = await schoolWithFamily(app);
    const [registration] = school.invoices;
    const payment = await ok(
      app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${school.token}`, 'idempotency-key': 'demande-0001' },
        payload: { guardianId: school.guardianId, wallet: 'MTN', invoiceIds: [registration!.id] },
      }),
      201,
    );
    expect(payment).toMatchObject({
      status: 'pending',
      provider: 'mtn',
      amount: registration!.total,
      payerPhone: '+22890112233',
      nextAction: { type: 'await_push' },
    });

    const sim = harness().simTransaction(payment.id);
    expect(sim.amount).toBe(registration!.total);
    sandbox.sandbox.resolve(sim, 'paid');
    await harness().settle();

    const paid = await ok(school.call('GET', `/api/payments/${payment.id}`));
    expect(paid).toMatchObject({
      status: 'succeeded',
      creditAmount: 0,
      allocations: [{ invoiceId: registration!.id, amount: registration!.total }],
    });
    const left = await openInvoices(school.call, school.student.id);
    expect(left.map((invoice) => invoice.id)).not.toContain(registration!.id);
    await expectLedgerAgrees(context, school.organizationId);

    const listed = await ok(school.call('GET', `/api/students/${school.student.id}/payments`));
    expect(listed).toMatchObject({ total: 1, items: [{ id: payment.id, status: 'succeeded' }] });
  });

  it('honours Idempotency-Key: same body → the same payment, another body → 422', async () => {
    const { app } = harness();
    const school = await schoolWithFamily(app, '+22890112234');
    const [first, second] = school.invoices;
    const send = (key: string, invoiceId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${school.token}`, 'idempotency-key': key },
        payload: { guardianId: school.guardianId, wallet: 'MTN', invoiceIds: [invoiceId] },
      });
    const created = await ok(send('double-tap-0001', first!.id), 201);
    const replayed = await ok(send('double-tap-0001', first!.id), 200);
    expect(replayed.id).toBe(created.id);
    const other = await send('double-tap-0001', second!.id);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/clé d’idempotence a déjà servi/);
    // The sandbox saw one request to pay, not two.
    const sims = harness().sandbox.sandbox.store.transactions.filter(
      (transaction) => transaction.ref === created.id,
    );
    expect(sims).toHaveLength(1);

    const racing = await Promise.all(
      Array.from({ length: 5 }, () => send('double-tap-0002', second!.id)),
    );
    const ids = new Set(racing.map((answer) => answer.json().id ?? answer.body));
    expect([...ids], racing.map((answer) => answer.body).join('\n')).toHaveLength(1);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
  });

  it('refuses a second active payment for the same invoice and payer, and bad requests', async () => {
    const { app } = harness();
    const school = await schoolWithFamily(app, '+22890112235');
    const [first] = school.invoices;
    const pay = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${school.token}` },
        payload: { guardianId: school.guardianId, wallet: 'MTN', ...payload },
      });
    await ok(pay({ invoiceIds: [first!.id] }), 201);
    const again = await pay({ invoiceIds: [first!.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/déjà en cours/);

    const above = await pay({ invoiceIds: [school.invoices[1]!.id], amount: 10_000_000 });
    expect(above.statusCode).toBe(400);
    expect(above.json().issues).toEqual([
      {
        path: 'amount',
        message: 'Le montant dépasse ce qui reste à payer sur les factures choisies.',
      },
    ]);
    const fraction = await pay({ invoiceIds: [school.invoices[1]!.id], amount: 1000.5 });
    expect(fraction.statusCode).toBe(400);
    const badPhone = await pay({ invoiceIds: [school.invoices[1]!.id], phone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().issues[0].path).toBe('phone');

    const elsewhere = await schoolWithFamily(app, '+22890112236');
    const foreignInvoice = await pay({ invoiceIds: [elsewhere.invoices[0]!.id] });
    expect(foreignInvoice.statusCode).toBe(400);
    expect(foreignInvoice.json().message).toMatch(/n’est pas à payer/);
    const foreignGuardian = await app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { authorization: `Bearer ${school.token}` },
      payload: { guardianId: elsewhere.guardianId, wallet: 'MTN', invoiceIds: [] },
    });
    expect(foreignGuardian.statusCode).toBe(404);
    const foreignPayment = await school.call('GET', `/api/payments/${elsewhere.guardianId}`);
    expect(foreignPayment.statusCode).toBe(404);
  });

  it('a failed payment frees its invoices and says why in French', async () => {
    const { app, sandbox } = harness();
    const school = await schoolWithFamily(app, '+22890112237');
    const [first] = school.invoices;
    const pay = () =>
      app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${school.token}` },
        payload: { guardianId: school.guardianId, wallet: 'MTN', invoiceIds: [first!.id] },
      });
    const payment = await ok(pay(), 201);
    sandbox.sandbox.resolve(harness().simTransaction(payment.id), 'refused');
    await harness().settle();
    const failed = await ok(school.call('GET', `/api/payments/${payment.id}`));
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(/refusé/i);
    await ok(pay(), 201);
  });
});
