import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import {
  answerOnPhone,
  form,
  harness,
  HOOK,
  START,
  verifySignature,
  type Harness,
} from './sandbox.test-support';

const FEDAPAY = DEMO_CREDENTIALS.fedapay;
const auth = { authorization: `Bearer ${FEDAPAY.secretKey}` };
let h: Harness;
afterEach(() => h.app.close());

async function createTransaction(app: FastifyInstance) {
  const response = await app.inject({
    method: 'POST',
    url: '/fedapay/v1/transactions',
    headers: auth,
    payload: {
      description: 'Frais scolarite T1 - STU-001',
      amount: 150000,
      currency: { iso: 'XOF' },
      callback_url: 'http://127.0.0.1:3000/payer/fedapay/retour',
      custom_metadata: { attempt_id: 'attempt-1' },
      customer: {
        firstname: 'Ama',
        lastname: 'K',
        email: 'ama@example.tg',
        phone_number: { number: '+22890123456', country: 'tg' },
      },
    },
  });
  return { response, transaction: response.json()['v1/transaction'] };
}

const events = (h: Harness) => h.calls.map((call) => JSON.parse(call.body).name);

describe('FedaPay', () => {
  it('refuses a wrong secret key and invalid bodies', async () => {
    h = await harness();
    const wrong = await h.app.inject({
      method: 'GET',
      url: '/fedapay/v1/transactions/1',
      headers: { authorization: 'Bearer sk_sandbox_other' },
    });
    expect(wrong.statusCode).toBe(401);
    const invalid = await h.app.inject({
      method: 'POST',
      url: '/fedapay/v1/transactions',
      headers: auth,
      payload: { amount: 10.5 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toHaveProperty('amount');
  });

  it('wraps the transaction in v1/transaction and sends a signed transaction.created', async () => {
    h = await harness();
    const { response, transaction } = await createTransaction(h.app);
    expect(response.statusCode).toBe(200);
    expect(transaction).toMatchObject({
      klass: 'v1/transaction',
      amount: 150000,
      status: 'pending',
      mode: null,
      custom_metadata: { attempt_id: 'attempt-1' },
    });
    const fetched = await h.app.inject({
      method: 'GET',
      url: `/fedapay/v1/transactions/${transaction.id}`,
      headers: auth,
    });
    expect(fetched.json()['v1/transaction']).toMatchObject({
      id: transaction.id,
      reference: transaction.reference,
    });
    await h.flush();
    const call = h.calls[0]!;
    expect(call.url).toBe(`${HOOK}/fedapay`);
    expect(JSON.parse(call.body)).toMatchObject({
      name: 'transaction.created',
      entity: { id: transaction.id },
    });
    expect(
      verifySignature(
        'fedapay',
        call.headers['x-fedapay-signature'],
        FEDAPAY.webhookSecret,
        call.body,
      ),
    ).toEqual({
      valid: true,
      timestamp: START.getTime() / 1000,
    });
  });

  it('is paid on the hosted card page: redirect with id and status, transaction.approved', async () => {
    h = await harness();
    const { transaction } = await createTransaction(h.app);
    const token = await h.app.inject({
      method: 'POST',
      url: `/fedapay/v1/transactions/${transaction.id}/token`,
      headers: auth,
    });
    const { url } = token.json<{ token: string; url: string }>();
    const paid = await h.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      ...form({ action: 'pay', pin: '1111' }),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://127.0.0.1:3000/payer/fedapay/retour?id=${transaction.id}&status=approved`,
    );
    await h.flush();
    expect(events(h)).toEqual(['transaction.created', 'transaction.approved']);
    const approved = h.calls[1]!;
    expect(
      verifySignature(
        'fedapay',
        approved.headers['x-fedapay-signature'],
        FEDAPAY.webhookSecret,
        approved.body,
      ).valid,
    ).toBe(true);
    const status = await h.app.inject({
      method: 'GET',
      url: `/fedapay/v1/transactions/${transaction.id}`,
      headers: auth,
    });
    expect(status.json()['v1/transaction']).toMatchObject({
      status: 'approved',
      approved_at: START.toISOString(),
    });
  });

  it('pushes togocel to the payer’s phone; refusing ends canceled', async () => {
    h = await harness();
    const { transaction } = await createTransaction(h.app);
    const { token } = (
      await h.app.inject({
        method: 'POST',
        url: `/fedapay/v1/transactions/${transaction.id}/token`,
        headers: auth,
      })
    ).json();
    const unknownMode = await h.app.inject({
      method: 'POST',
      url: '/fedapay/v1/orange_xx',
      headers: auth,
      payload: { token },
    });
    expect(unknownMode.statusCode).toBe(400);
    const push = await h.app.inject({
      method: 'POST',
      url: '/fedapay/v1/togocel',
      headers: auth,
      payload: { token },
    });
    expect(push.statusCode).toBe(200);
    expect(h.app.sandbox.store.promptsFor('90123456')[0]?.operator).toBe('Mixx by Yas (FedaPay)');
    await answerOnPhone(h.app, '90 12 34 56', 'refuse');
    await h.flush();
    const status = await h.app.inject({
      method: 'GET',
      url: `/fedapay/v1/transactions/${transaction.id}`,
      headers: auth,
    });
    expect(status.json()['v1/transaction']).toMatchObject({ status: 'canceled', mode: 'togocel' });
    expect(events(h)).toEqual(['transaction.created', 'transaction.canceled']);
  });

  it('momo_test decides alone: 64000001 is approved, other numbers declined', async () => {
    h = await harness();
    for (const [number, expected] of [
      ['64000001', 'approved'],
      ['90123456', 'declined'],
    ] as const) {
      const { transaction } = await createTransaction(h.app);
      const { token } = (
        await h.app.inject({
          method: 'POST',
          url: `/fedapay/v1/transactions/${transaction.id}/token`,
          headers: auth,
        })
      ).json();
      await h.app.inject({
        method: 'POST',
        url: '/fedapay/v1/momo_test',
        headers: auth,
        payload: { token, phone_number: { number, country: 'bj' } },
      });
      const status = await h.app.inject({
        method: 'GET',
        url: `/fedapay/v1/transactions/${transaction.id}`,
        headers: auth,
      });
      expect(status.json()['v1/transaction'].status).toBe(expected);
    }
  });
});
