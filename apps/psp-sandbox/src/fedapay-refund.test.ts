import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import { harness, type Harness } from './sandbox.test-support';

const auth = { authorization: `Bearer ${DEMO_CREDENTIALS.fedapay.secretKey}` };
let h: Harness;
afterEach(() => h.app.close());

/** A transaction of 150 000 XOF, paid at once when `paid` (FedaPay's momo_test mode). */
async function transaction(app: FastifyInstance, paid = true): Promise<number> {
  const created = await app.inject({
    method: 'POST',
    url: '/fedapay/v1/transactions',
    headers: auth,
    payload: { description: 'Frais scolarite T1', amount: 150000, currency: { iso: 'XOF' } },
  });
  const id = created.json()['v1/transaction'].id as number;
  if (!paid) return id;
  const token = await app.inject({
    method: 'POST',
    url: `/fedapay/v1/transactions/${id}/token`,
    headers: auth,
  });
  await app.inject({
    method: 'POST',
    url: '/fedapay/v1/momo_test',
    headers: auth,
    payload: { token: token.json().token, phone_number: { number: '64000001', country: 'bj' } },
  });
  return id;
}

const refund = (app: FastifyInstance, id: number, body: object = {}, headers = auth) =>
  app.inject({
    method: 'POST',
    url: `/fedapay/v1/transactions/${id}/refund`,
    headers,
    payload: body,
  });

const statusOf = async (app: FastifyInstance, id: number) =>
  (
    await app.inject({ method: 'GET', url: `/fedapay/v1/transactions/${id}`, headers: auth })
  ).json()['v1/transaction'].status;

describe('FedaPay refunds (modelled: FedaPay documents no endpoint)', () => {
  it('refunds part of a transaction, then the rest, in the transaction’s status', async () => {
    h = await harness();
    const id = await transaction(h.app);
    const part = await refund(h.app, id, { amount: 50000 });
    expect(part.statusCode).toBe(200);
    expect(part.json()['v1/transaction']).toMatchObject({
      id,
      amount: 150000,
      status: 'approved_partially_refunded',
    });
    expect(await statusOf(h.app, id)).toBe('approved_partially_refunded');
    const tooMuch = await refund(h.app, id, { amount: 100001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amount).toEqual(['Le montant ne peut pas dépasser 100000']);
    // Without an amount: everything that is left.
    const rest = await refund(h.app, id);
    expect(rest.json()['v1/transaction'].status).toBe('refunded');
    const again = await refund(h.app, id, { amount: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Cette transaction ne peut pas être remboursée' });
    const stored = h.app.sandbox.store.find<{ refunds?: { amount: number }[] }>(
      'fedapay',
      String(id),
    );
    expect(stored?.data.refunds?.map((entry) => entry.amount)).toEqual([50000, 100000]);
    expect(stored?.timeline.map((entry) => entry.event)).toContain('approved_partially_refunded');
  });

  it('refuses a wrong key, an unknown or unpaid transaction and a bad amount', async () => {
    h = await harness();
    const unpaid = await transaction(h.app, false);
    expect((await refund(h.app, unpaid, {}, { authorization: 'Bearer sk_other' })).statusCode).toBe(
      401,
    );
    expect((await refund(h.app, 999_999)).statusCode).toBe(404);
    expect((await refund(h.app, unpaid)).json()).toEqual({
      message: 'Cette transaction ne peut pas être remboursée',
    });
    const paid = await transaction(h.app);
    const bad = await refund(h.app, paid, { amount: 10.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('amount');
    expect(await statusOf(h.app, paid)).toBe('approved');
  });

  it('refund_fail refuses the next refund and leaves the transaction approved', async () => {
    h = await harness();
    const id = await transaction(h.app);
    await h.app.inject({
      method: 'POST',
      url: '/__sim/faults',
      payload: { provider: 'fedapay', fault: 'refund_fail', options: { times: 1 } },
    });
    const refused = await refund(h.app, id, { amount: 50000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Remboursement refusé par l’opérateur' });
    expect(await statusOf(h.app, id)).toBe('approved');
    expect((await refund(h.app, id, { amount: 50000 })).statusCode).toBe(200);
  });
});
