import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import { answerOnPhone, form, harness, HOOK, type Harness } from './sandbox.test-support';

const AUTH_TOKEN = DEMO_CREDENTIALS.paygate.authToken;
let h: Harness;
afterEach(() => h.app.close());

function pay(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/paygate/api/v1/pay',
    payload: {
      auth_token: AUTH_TOKEN,
      phone_number: '90123456',
      amount: 150000,
      description: 'Frais scolarite T1',
      identifier: 'attempt-1',
      network: 'TMONEY',
      ...overrides,
    },
  });
}

const statusV2 = (app: FastifyInstance, identifier = 'attempt-1') =>
  app.inject({
    method: 'POST',
    url: '/paygate/api/v2/status',
    payload: { auth_token: AUTH_TOKEN, identifier },
  });

describe('PayGate Global', () => {
  it('answers the init codes: 2 bad token, 4 bad parameters, 0 registered, 6 duplicate', async () => {
    h = await harness();
    expect((await pay(h.app, { auth_token: 'wrong' })).json()).toEqual({ status: 2 });
    expect((await pay(h.app, { network: 'ORANGE' })).json()).toEqual({ status: 4 });
    expect((await pay(h.app, { phone_number: '1234' })).json()).toEqual({ status: 4 });
    const ok = (await pay(h.app)).json();
    expect(ok).toEqual({ tx_reference: expect.stringMatching(/^\d+$/), status: 0 });
    expect((await pay(h.app)).json()).toEqual({ status: 6 });
    const unknown = await statusV2(h.app, 'nope');
    expect(unknown.json()).toEqual({ error_code: 403, error_message: 'Transaction non trouvée.' });
  });

  it('TMONEY push accepted on the téléphone page: status 0 by reference and identifier, unsigned callback', async () => {
    h = await harness();
    const { tx_reference } = (await pay(h.app)).json();
    expect((await statusV2(h.app)).json()).toMatchObject({ status: 2, payment_method: 'T-Money' });
    expect(h.app.sandbox.store.promptsFor('+228 90 12 34 56')[0]?.operator).toBe(
      'Mixx by Yas (T-Money)',
    );
    await answerOnPhone(h.app, '90123456', 'pay');
    await h.flush();
    const v1 = (
      await h.app.inject({
        method: 'POST',
        url: '/paygate/api/v1/status',
        payload: { auth_token: AUTH_TOKEN, tx_reference },
      })
    ).json();
    expect(v1).toMatchObject({
      tx_reference,
      identifier: 'attempt-1',
      status: 0,
      amount: 150000,
      payment_method: 'T-Money',
    });
    expect(v1.payment_reference).toMatch(/^\d+$/);
    expect(v1.datetime).toBe('2026-03-02 10:00:00');
    expect((await statusV2(h.app)).json()).toEqual(v1);
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]!.url).toBe(`${HOOK}/paygate`);
    expect(Object.keys(h.calls[0]!.headers)).toEqual(['content-type']);
    expect(JSON.parse(h.calls[0]!.body)).toEqual({
      tx_reference,
      identifier: 'attempt-1',
      payment_reference: v1.payment_reference,
      amount: 150000,
      datetime: '2026-03-02 10:00:00',
      payment_method: 'T-Money',
      phone_number: '90123456',
    });
  });

  it('a wrong PIN answers 6 and calls back at once; silence expires (4) without a call', async () => {
    h = await harness();
    const { tx_reference } = (await pay(h.app, { network: 'FLOOZ' })).json();
    await answerOnPhone(h.app, '90123456', 'pay', '0000');
    expect((await statusV2(h.app)).json()).toMatchObject({ status: 6, payment_method: 'FLOOZ' });
    await h.flush();
    // The merchant learns it now, not at its next status query.
    expect(h.calls).toHaveLength(1);
    expect(JSON.parse(h.calls[0]!.body)).toMatchObject({
      tx_reference,
      identifier: 'attempt-1',
      payment_method: 'FLOOZ',
    });
    await pay(h.app, { identifier: 'attempt-2' });
    h.advance(601);
    expect((await statusV2(h.app, 'attempt-2')).json()).toMatchObject({ status: 4 });
    await h.flush();
    expect(h.calls).toHaveLength(1);
  });

  it('hosted page: choose the network, validate on the phone, back to the merchant', async () => {
    h = await harness();
    const query = new URLSearchParams({
      token: AUTH_TOKEN,
      amount: '150000',
      description: 'Frais T1',
      identifier: 'attempt-9',
      url: 'http://127.0.0.1:3000/payer/retour',
    });
    expect(
      (await h.app.inject({ method: 'GET', url: '/paygate/v1/page?token=wrong' })).statusCode,
    ).toBe(401);
    const pageHtml = await h.app.inject({ method: 'GET', url: `/paygate/v1/page?${query}` });
    expect(pageHtml.body).toContain('Mixx by Yas (T-Money)');
    const submitted = await h.app.inject({
      method: 'POST',
      url: '/paygate/v1/page',
      ...form({ ...Object.fromEntries(query), phone: '99 11 22 33', network: 'FLOOZ' }),
    });
    expect(submitted.statusCode).toBe(303);
    const waiting = await h.app.inject({
      method: 'GET',
      url: submitted.headers.location as string,
    });
    expect(waiting.body).toContain('Validez le paiement sur votre téléphone');
    await answerOnPhone(h.app, '99112233', 'pay');
    const done = await h.app.inject({ method: 'GET', url: submitted.headers.location as string });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://127.0.0.1:3000/payer/retour');
  });
});
