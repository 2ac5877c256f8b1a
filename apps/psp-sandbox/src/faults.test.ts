import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import {
  answerOnPhone,
  form,
  harness,
  START,
  verifySignature,
  type Harness,
} from './sandbox.test-support';
import { mtnStatus, mtnToken, requestToPay } from './mtn.test-support';

let h: Harness;
afterEach(() => h.app.close());

const fault = (app: FastifyInstance, provider: string, name: string, options?: object) =>
  app.inject({ method: 'POST', url: '/__sim/faults', payload: { provider, fault: name, options } });
const wave = { authorization: `Bearer ${DEMO_CREDENTIALS.wave.apiKey}` };
const fedapay = { authorization: `Bearer ${DEMO_CREDENTIALS.fedapay.secretKey}` };
const sessionBody = {
  amount: '150000',
  currency: 'XOF',
  success_url: 'http://127.0.0.1:3000/ok',
  error_url: 'http://127.0.0.1:3000/ko',
  client_reference: 'attempt-1',
};
const createSession = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/wave/v1/checkout/sessions',
    headers: wave,
    payload: sessionBody,
  });
const payWave = async (app: FastifyInstance, id: string) =>
  app.inject({ method: 'POST', url: `/wave/c/${id}`, ...form({ action: 'pay', pin: '1234' }) });
async function paidMtn(h: Harness) {
  const token = await mtnToken(h.app);
  const { referenceId } = await requestToPay(h.app, token, '22997000000');
  await answerOnPhone(h.app, '22997000000', 'pay');
  await h.flush();
  return { token, referenceId };
}
const statuses = (h: Harness) => h.calls.map((call) => JSON.parse(call.body).status);

describe('fault switches', () => {
  it('delay waits before API answers or before callbacks', async () => {
    h = await harness();
    await fault(h.app, 'mtn', 'delay', { ms: 1500, target: 'responses' });
    await fault(h.app, 'wave', 'delay', { ms: 2500, target: 'callbacks' });
    await paidMtn(h);
    expect(h.sleeps).toContain(1500);
    const session = (await createSession(h.app)).json();
    await payWave(h.app, session.id);
    await h.flush();
    expect(h.sleeps).toContain(2500);
  });

  it('drop sends nothing; duplicate sends the same callback twice', async () => {
    h = await harness();
    await fault(h.app, 'mtn', 'drop', { times: 1 });
    await paidMtn(h);
    expect(h.calls).toHaveLength(0);
    const dropped = h.app.sandbox.store.transactions[0]!.timeline.map((entry) => entry.event);
    expect(dropped).toContain('callback_dropped');
    await fault(h.app, 'mtn', 'duplicate');
    await paidMtn(h);
    expect(h.calls).toHaveLength(2);
    expect(h.calls[0]!.body).toBe(h.calls[1]!.body);
  });

  it('reorder delivers the final callback before a pending one', async () => {
    h = await harness();
    await fault(h.app, 'all', 'reorder');
    await paidMtn(h);
    expect(statuses(h)).toEqual(['SUCCESSFUL', 'PENDING']);

    h.calls.length = 0;
    const created = await h.app.inject({
      method: 'POST',
      url: '/fedapay/v1/transactions',
      headers: fedapay,
      payload: { description: 'Frais', amount: 150000, currency: { iso: 'XOF' } },
    });
    const id = created.json()['v1/transaction'].id;
    await h.app.inject({
      method: 'POST',
      url: `/__sim/transactions/${h.app.sandbox.store.find('fedapay', String(id))!.id}/resolve`,
      payload: { action: 'paid' },
    });
    await h.flush();
    expect(h.calls.map((call) => JSON.parse(call.body).name)).toEqual([
      'transaction.approved',
      'transaction.created',
    ]);

    const auth_token = DEMO_CREDENTIALS.paygate.authToken;
    await h.app.inject({
      method: 'POST',
      url: '/paygate/api/v1/pay',
      payload: {
        auth_token,
        phone_number: '90123456',
        amount: 5000,
        identifier: 'pg-1',
        network: 'FLOOZ',
      },
    });
    await answerOnPhone(h.app, '90123456', 'pay');
    const status = () =>
      h.app.inject({
        method: 'POST',
        url: '/paygate/api/v2/status',
        payload: { auth_token, identifier: 'pg-1' },
      });
    expect((await status()).json().status).toBe(2);
    expect((await status()).json().status).toBe(0);
  });

  it('error_after_create answers 5xx but keeps the payment, which the status finds', async () => {
    h = await harness();
    await fault(h.app, 'mtn', 'error_after_create', { times: 1, status: 503 });
    const token = await mtnToken(h.app);
    const { referenceId, response } = await requestToPay(h.app, token, '22997000000');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'INTERNAL_PROCESSING_ERROR' });
    expect((await mtnStatus(h.app, token, referenceId)).json()).toMatchObject({
      status: 'PENDING',
    });
    expect((await requestToPay(h.app, token, '22997000000')).response.statusCode).toBe(202);
    expect((await h.app.inject({ method: 'GET', url: '/__sim/faults' })).json().faults).toEqual([]);
  });

  it('timeout_after_create closes the connection without an answer, after storing', async () => {
    h = await harness();
    await fault(h.app, 'wave', 'timeout_after_create', { ms: 10 });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = h.app.server.address() as AddressInfo;
    const attempt = fetch(`http://127.0.0.1:${port}/wave/v1/checkout/sessions`, {
      method: 'POST',
      headers: { ...wave, 'content-type': 'application/json' },
      body: JSON.stringify(sessionBody),
    });
    await expect(attempt).rejects.toThrow();
    expect(h.sleeps).toContain(10);
    const search = await h.app.inject({
      method: 'GET',
      url: '/wave/v1/checkout/sessions/search?client_reference=attempt-1',
      headers: wave,
    });
    expect(search.json().result).toHaveLength(1);
  });

  it('late_success turns an expired payment into a success later', async () => {
    h = await harness();
    await fault(h.app, 'mtn', 'late_success', { afterSeconds: 90 });
    const token = await mtnToken(h.app);
    const { referenceId } = await requestToPay(h.app, token, '22997000000');
    await answerOnPhone(h.app, '22997000000', 'expire');
    expect((await mtnStatus(h.app, token, referenceId)).json()).toMatchObject({
      status: 'FAILED',
      reason: 'COULD_NOT_PERFORM_TRANSACTION',
    });
    h.advance(91);
    await h.app.inject({ method: 'POST', url: '/__sim/tick' });
    await h.flush();
    expect((await mtnStatus(h.app, token, referenceId)).json()).toMatchObject({
      status: 'SUCCESSFUL',
    });
    expect(statuses(h)).toEqual(['FAILED', 'SUCCESSFUL']);
  });

  it('bad_signature breaks the HMAC (Wave); stale_timestamp signs an old t (FedaPay)', async () => {
    h = await harness();
    await fault(h.app, 'wave', 'bad_signature');
    const session = (await createSession(h.app)).json();
    await payWave(h.app, session.id);
    await h.flush();
    const call = h.calls[0]!;
    expect(
      verifySignature(
        'wave',
        call.headers['wave-signature'],
        DEMO_CREDENTIALS.wave.webhookSecret,
        call.body,
      ).valid,
    ).toBe(false);

    h.calls.length = 0;
    await fault(h.app, 'fedapay', 'stale_timestamp', { ageSeconds: 600 });
    await h.app.inject({
      method: 'POST',
      url: '/fedapay/v1/transactions',
      headers: fedapay,
      payload: { description: 'Frais', amount: 1000, currency: { iso: 'XOF' } },
    });
    await h.flush();
    const signed = verifySignature(
      'fedapay',
      h.calls[0]!.headers['x-fedapay-signature'],
      DEMO_CREDENTIALS.fedapay.webhookSecret,
      h.calls[0]!.body,
    );
    expect(signed).toEqual({ valid: true, timestamp: START.getTime() / 1000 - 600 });
  });

  it('amount_mismatch makes the status and the callback report another amount', async () => {
    h = await harness();
    await fault(h.app, 'mtn', 'amount_mismatch', { difference: -5000 });
    const { token, referenceId } = await paidMtn(h);
    expect((await mtnStatus(h.app, token, referenceId)).json()).toMatchObject({
      amount: '145000',
      status: 'SUCCESSFUL',
    });
    expect(JSON.parse(h.calls[0]!.body)).toMatchObject({ amount: '145000' });
  });
});

describe('control endpoints', () => {
  it('validates, lists, clears faults, resets, and only calls local hosts', async () => {
    h = await harness();
    expect((await fault(h.app, 'mtn', 'explode')).statusCode).toBe(400);
    await fault(h.app, 'all', 'drop');
    expect(
      (await h.app.inject({ method: 'GET', url: '/__sim/faults' })).json().faults,
    ).toHaveLength(5);
    const cleared = await h.app.inject({ method: 'DELETE', url: '/__sim/faults?provider=mtn' });
    expect(cleared.json()).toMatchObject({ removed: 1 });
    await h.app.inject({ method: 'DELETE', url: '/__sim/faults' });

    const remote = await h.app.inject({
      method: 'POST',
      url: '/__sim/config',
      payload: { webhookUrls: { wave: 'https://example.com/hook' } },
    });
    expect(remote.statusCode).toBe(400);
    const local = await h.app.inject({
      method: 'POST',
      url: '/__sim/config',
      payload: { webhookUrls: { wave: 'http://localhost:4000/w' }, mtn: { callbackMethod: 'PUT' } },
    });
    expect(local.json()).toMatchObject({
      webhookUrls: { wave: 'http://localhost:4000/w' },
      mtn: { callbackMethod: 'PUT', autoApprove: false },
    });

    await requestToPay(h.app, await mtnToken(h.app), '46733123450', {
      headers: { 'x-callback-url': 'http://localhost:9/x' },
    });
    const state = (await h.app.inject({ method: 'GET', url: '/__sim/state?provider=mtn' })).json();
    expect(state.transactions).toHaveLength(1);
    expect((await h.app.inject({ method: 'POST', url: '/__sim/reset' })).statusCode).toBe(204);
    const after = (await h.app.inject({ method: 'GET', url: '/__sim/state' })).json();
    expect(after).toMatchObject({ transactions: [], faults: [], sms: [] });
    expect(after.config.webhookUrls.wave).toBe('http://127.0.0.1:3000/api/psp/wave');
  });
});
