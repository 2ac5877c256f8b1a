import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import { form, harness, HOOK, START, verifySignature, type Harness } from './sandbox.test-support';

const WAVE = DEMO_CREDENTIALS.wave;
const auth = { authorization: `Bearer ${WAVE.apiKey}` };
let h: Harness;
afterEach(() => h.app.close());

function createSession(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/wave/v1/checkout/sessions',
    headers: auth,
    payload: {
      amount: '150000',
      currency: 'XOF',
      success_url: 'http://127.0.0.1:3000/payer/wave/ok',
      error_url: 'http://127.0.0.1:3000/payer/wave/erreur',
      client_reference: 'attempt-1',
      ...overrides,
    },
  });
}

describe('Wave Checkout', () => {
  it('answers Wave’s auth and validation errors', async () => {
    h = await harness();
    const none = await h.app.inject({
      method: 'POST',
      url: '/wave/v1/checkout/sessions',
      payload: {},
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'missing-auth-header' });
    const wrong = await h.app.inject({
      method: 'GET',
      url: '/wave/v1/checkout/sessions/cos-x',
      headers: { authorization: 'Bearer wave_sn_prod_other' },
    });
    expect(wrong.json()).toMatchObject({ code: 'invalid-auth' });
    const decimals = await createSession(h.app, { amount: '150000.50' });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json()).toMatchObject({
      code: 'request-validation-error',
      details: [{ loc: ['amount'] }],
    });
    const missing = await h.app.inject({
      method: 'GET',
      url: '/wave/v1/checkout/sessions/cos-nope',
      headers: auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('creates a session, is paid on the launch page and sends a signed checkout.session.completed', async () => {
    h = await harness();
    const created = await createSession(h.app);
    expect(created.statusCode).toBe(200);
    const session = created.json();
    expect(session).toMatchObject({
      amount: '150000',
      currency: 'XOF',
      business_name: 'École Démo',
      checkout_status: 'open',
      payment_status: 'processing',
      client_reference: 'attempt-1',
      last_payment_error: null,
      transaction_id: null,
      when_created: START.toISOString(),
      when_expires: new Date(START.getTime() + 1800_000).toISOString(),
    });
    expect(session.id).toMatch(/^cos-/);
    const launch = new URL(session.wave_launch_url).pathname;
    expect(launch).toBe(`/wave/c/${session.id}`);
    expect((await h.app.inject({ method: 'GET', url: launch })).body).toContain('Payer');

    const paid = await h.app.inject({
      method: 'POST',
      url: launch,
      ...form({ action: 'pay', pin: '4321' }),
    });
    expect(paid.headers.location).toBe('http://127.0.0.1:3000/payer/wave/ok');
    await h.flush();
    const after = (
      await h.app.inject({
        method: 'GET',
        url: `/wave/v1/checkout/sessions/${session.id}`,
        headers: auth,
      })
    ).json();
    expect(after).toMatchObject({ checkout_status: 'complete', payment_status: 'succeeded' });
    expect(after.transaction_id).toMatch(/^T_/);

    expect(h.calls).toHaveLength(1);
    const call = h.calls[0]!;
    expect(call.url).toBe(`${HOOK}/wave`);
    const event = JSON.parse(call.body);
    expect(event).toMatchObject({
      type: 'checkout.session.completed',
      data: { id: session.id, payment_status: 'succeeded' },
    });
    expect(event.id).toMatch(/^EV_/);
    const check = verifySignature(
      'wave',
      call.headers['wave-signature'],
      WAVE.webhookSecret,
      call.body,
    );
    expect(check).toEqual({ valid: true, timestamp: START.getTime() / 1000 });
    // The Stripe-style "t.body" variant must not verify.
    expect(
      verifySignature(
        'fedapay',
        call.headers['wave-signature']?.replace('v1=', 's='),
        WAVE.webhookSecret,
        call.body,
      ).valid,
    ).toBe(false);

    const byTransaction = await h.app.inject({
      method: 'GET',
      url: `/wave/v1/checkout/sessions?transaction_id=${after.transaction_id}`,
      headers: auth,
    });
    expect(byTransaction.json()).toMatchObject({ id: session.id });
    const search = await h.app.inject({
      method: 'GET',
      url: '/wave/v1/checkout/sessions/search?client_reference=attempt-1',
      headers: auth,
    });
    expect(search.json().result).toHaveLength(1);
    const refund = () =>
      h.app.inject({
        method: 'POST',
        url: `/wave/v1/checkout/sessions/${session.id}/refund`,
        headers: auth,
      });
    expect((await refund()).statusCode).toBe(200);
    expect((await refund()).statusCode).toBe(200);
    expect(
      h.app.sandbox.store.find(`wave`, session.id)?.timeline.filter((e) => e.event === 'refunded'),
    ).toHaveLength(1);
  });

  it('a wrong PIN sends payment_failed and keeps the session open; expire closes it', async () => {
    h = await harness({ config: { wave: { webhookAuth: 'bearer' } } });
    const session = (await createSession(h.app)).json();
    const failed = await h.app.inject({
      method: 'POST',
      url: `/wave/c/${session.id}`,
      ...form({ action: 'pay', pin: '0000' }),
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('solde insuffisant');
    await h.flush();
    expect(JSON.parse(h.calls[0]!.body)).toMatchObject({
      type: 'checkout.session.payment_failed',
      data: { checkout_status: 'open', last_payment_error: { code: 'insufficient-funds' } },
    });
    expect(h.calls[0]!.headers.authorization).toBe(`Bearer ${WAVE.webhookSecret}`);
    const expire = await h.app.inject({
      method: 'POST',
      url: `/wave/v1/checkout/sessions/${session.id}/expire`,
      headers: auth,
    });
    expect(expire.statusCode).toBe(200);
    const closed = (
      await h.app.inject({
        method: 'GET',
        url: `/wave/v1/checkout/sessions/${session.id}`,
        headers: auth,
      })
    ).json();
    expect(closed).toMatchObject({ checkout_status: 'expired', payment_status: 'cancelled' });
    const again = await h.app.inject({
      method: 'POST',
      url: `/wave/v1/checkout/sessions/${session.id}/expire`,
      headers: auth,
    });
    expect(again.statusCode).toBe(409);
  });

  it('retries a webhook that got no 2xx, with a fresh signature each time', async () => {
    h = await harness({ config: { retryDelaysMs: [1000, 5000] } });
    h.answers.push(500, 503);
    const session = (await createSession(h.app)).json();
    await h.app.inject({
      method: 'POST',
      url: `/wave/c/${session.id}`,
      ...form({ action: 'pay', pin: '1234' }),
    });
    await h.flush();
    expect(h.calls).toHaveLength(3);
    expect(h.sleeps).toEqual([1000, 5000]);
    expect(new Set(h.calls.map((call) => call.body)).size).toBe(1);
    const attempts = h.app.sandbox.store
      .find('wave', session.id)!
      .timeline.filter((entry) => entry.event === 'callback');
    expect(attempts.map((entry) => entry.detail?.status)).toEqual([500, 503, 200]);

    // /__sim/callbacks pages through every notification answered, from an index.
    const page = (from: number) =>
      h.app.inject({ method: 'GET', url: `/__sim/callbacks?provider=wave&from=${from}` });
    const first = (await page(0)).json();
    expect(first.next).toBe(3);
    expect(first.callbacks).toHaveLength(3);
    expect(first.callbacks[2]).toMatchObject({
      provider: 'wave',
      detail: { method: 'POST', body: h.calls[2]!.body },
    });
    expect((await page(3)).json()).toEqual({ callbacks: [], next: 3 });
    const other = await h.app.inject({ method: 'GET', url: '/__sim/callbacks?provider=mtn' });
    expect(other.json()).toEqual({ callbacks: [], next: 3 });
  });
});
