import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import { basicAuthorization } from './signing';
import { form, harness, HOOK, type Harness } from './sandbox.test-support';

const ORANGE = DEMO_CREDENTIALS.orange;
const BASE = '/orange/orange-money-webpay/dev/v1';
let h: Harness;
afterEach(() => h.app.close());

async function orangeToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/orange/oauth/v3/token',
    ...form(
      { grant_type: 'client_credentials' },
      { authorization: basicAuthorization(ORANGE.clientId, ORANGE.clientSecret) },
    ),
  });
  return response.json<{ access_token: string }>().access_token;
}

function webpayment(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: `${BASE}/webpayment`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      merchant_key: ORANGE.merchantKey,
      currency: 'OUV',
      order_id: 'ST-2026-0001-a1',
      amount: 150000,
      return_url: 'http://127.0.0.1:3000/payer/retour',
      cancel_url: 'http://127.0.0.1:3000/payer/annule',
      notif_url: `${HOOK}/orange`,
      lang: 'fr',
      reference: 'Ecole Demo',
      ...overrides,
    },
  });
}

describe('Orange Money WebPay', () => {
  it('issues tokens only to form-encoded requests with the right client', async () => {
    h = await harness();
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/orange/oauth/v3/token',
      ...form(
        { grant_type: 'client_credentials' },
        { authorization: basicAuthorization(ORANGE.clientId, 'nope') },
      ),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    const json = await h.app.inject({
      method: 'POST',
      url: '/orange/oauth/v3/token',
      headers: { authorization: basicAuthorization(ORANGE.clientId, ORANGE.clientSecret) },
      payload: { grant_type: 'client_credentials' },
    });
    expect(json.statusCode).toBe(400);
    const ok = await h.app.inject({
      method: 'POST',
      url: '/orange/oauth/v3/token',
      ...form(
        { grant_type: 'client_credentials' },
        { authorization: basicAuthorization(ORANGE.clientId, ORANGE.clientSecret) },
      ),
    });
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: '7776000' });
  });

  it('answers the API gateway’s 401s and WebPay’s rules (OUV in dev, order_id ≤ 30)', async () => {
    h = await harness();
    const missing = await h.app.inject({ method: 'POST', url: `${BASE}/webpayment`, payload: {} });
    expect(missing.json()).toMatchObject({ code: 40 });
    expect((await webpayment(h.app, 'wrong')).json()).toMatchObject({
      code: 41,
      message: 'Invalid credentials',
    });
    const token = await orangeToken(h.app);
    expect((await webpayment(h.app, token, { currency: 'XOF' })).statusCode).toBe(400);
    const uuid = await webpayment(h.app, token, {
      order_id: '0b7f6a3e-4d2c-4e8f-9a1b-2c3d4e5f6a7b',
    });
    expect(uuid.statusCode).toBe(400);
    expect((await webpayment(h.app, token, { merchant_key: 'nope' })).statusCode).toBe(401);
    expect((await webpayment(h.app, token)).statusCode).toBe(201);
    expect((await webpayment(h.app, token)).json()).toMatchObject({
      description: 'Duplicate order_id.',
    });
  });

  it('is paid on the hosted page: redirect to return_url, notification with notif_token, status SUCCESS', async () => {
    h = await harness();
    const token = await orangeToken(h.app);
    const created = await webpayment(h.app, token);
    expect(created.statusCode).toBe(201);
    const body = created.json<{ pay_token: string; payment_url: string; notif_token: string }>();
    expect(body).toMatchObject({ status: 201, message: 'OK' });
    expect(body.pay_token).toMatch(/^v1/);
    const status = () =>
      h.app.inject({
        method: 'POST',
        url: `${BASE}/transactionstatus`,
        headers: { authorization: `Bearer ${token}` },
        payload: { order_id: 'ST-2026-0001-a1', amount: 150000, pay_token: body.pay_token },
      });
    expect((await status()).json()).toEqual({ status: 'INITIATED', order_id: 'ST-2026-0001-a1' });

    const pagePath = new URL(body.payment_url).pathname;
    const pageHtml = await h.app.inject({ method: 'GET', url: pagePath });
    expect(pageHtml.body).toContain('Ecole Demo');
    expect((await status()).json()).toMatchObject({ status: 'PENDING' });

    const paid = await h.app.inject({
      method: 'POST',
      url: pagePath,
      ...form({ action: 'pay', pin: '2580' }),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://127.0.0.1:3000/payer/retour');
    await h.flush();
    const final = (await status()).json();
    expect(final).toMatchObject({ status: 'SUCCESS' });
    expect(final.txnid).toMatch(/^MP\d{6}\.\d{4}\.A\d{5}$/);
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]!.url).toBe(`${HOOK}/orange`);
    expect(JSON.parse(h.calls[0]!.body)).toEqual({
      status: 'SUCCESS',
      notif_token: body.notif_token,
      txnid: final.txnid,
    });
  });

  it('refusing notifies FAILED and sends the payer to cancel_url; expiry only shows in the status', async () => {
    h = await harness();
    const token = await orangeToken(h.app);
    const refused = (await webpayment(h.app, token)).json<{ payment_url: string }>();
    const answer = await h.app.inject({
      method: 'POST',
      url: new URL(refused.payment_url).pathname,
      ...form({ action: 'refuse' }),
    });
    expect(answer.headers.location).toBe('http://127.0.0.1:3000/payer/annule');
    await h.flush();
    expect(JSON.parse(h.calls[0]!.body)).toMatchObject({ status: 'FAILED' });

    const late = (await webpayment(h.app, token, { order_id: 'ST-2026-0002' })).json<{
      pay_token: string;
    }>();
    h.advance(601);
    const status = await h.app.inject({
      method: 'POST',
      url: `${BASE}/transactionstatus`,
      headers: { authorization: `Bearer ${token}` },
      payload: { order_id: 'ST-2026-0002', amount: 150000, pay_token: late.pay_token },
    });
    expect(status.json()).toMatchObject({ status: 'EXPIRED' });
    await h.flush();
    expect(h.calls).toHaveLength(1);
  });

  it('bad_signature sends a notif_token that is not the stored one; remote notif_url is never called', async () => {
    h = await harness();
    await h.app.inject({
      method: 'POST',
      url: '/__sim/faults',
      payload: { provider: 'orange', fault: 'bad_signature' },
    });
    const token = await orangeToken(h.app);
    const created = (await webpayment(h.app, token)).json<{
      payment_url: string;
      notif_token: string;
    }>();
    await h.app.inject({
      method: 'POST',
      url: new URL(created.payment_url).pathname,
      ...form({ action: 'pay', pin: '1234' }),
    });
    await h.flush();
    const notified = JSON.parse(h.calls[0]!.body);
    expect(notified.status).toBe('SUCCESS');
    expect(notified.notif_token).not.toBe(created.notif_token);

    const remote = (
      await webpayment(h.app, token, {
        order_id: 'ST-2026-0003',
        notif_url: 'https://example.com/notify',
      })
    ).json<{ pay_token: string; payment_url: string }>();
    await h.app.inject({
      method: 'POST',
      url: new URL(remote.payment_url).pathname,
      ...form({ action: 'pay', pin: '1234' }),
    });
    await h.flush();
    expect(h.calls).toHaveLength(1);
    const events = h.app.sandbox.store
      .find('orange', remote.pay_token)!
      .timeline.map((entry) => entry.event);
    expect(events).toContain('callback_refused');
  });
});
