import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { basicAuthorization } from './signing';
import { answerOnPhone, harness, type Harness } from './sandbox.test-support';
import { MTN, MTN_CALLBACK, mtnStatus, mtnToken, requestToPay } from './mtn.test-support';

let h: Harness;
afterEach(() => h.app.close());

const disbursementKey = { 'ocp-apim-subscription-key': MTN.disbursementSubscriptionKey };

async function disbursementToken(app: FastifyInstance, user = MTN.disbursementApiUser) {
  const key = user === MTN.disbursementApiUser ? MTN.disbursementApiKey : MTN.apiKey;
  return app.inject({
    method: 'POST',
    url: '/mtn/disbursement/token/',
    headers: { ...disbursementKey, authorization: basicAuthorization(user, key) },
  });
}

function headers(token: string) {
  return {
    ...disbursementKey,
    authorization: `Bearer ${token}`,
    'x-target-environment': 'mtnbenin',
  };
}

/** POST refund for `amount` of the payment `referenceIdToRefund`; returns its reference too. */
async function refund(
  app: FastifyInstance,
  token: string,
  referenceIdToRefund: string,
  amount: string,
  overrides: { headers?: Record<string, string>; body?: Record<string, unknown> } = {},
) {
  const referenceId = randomUUID();
  const response = await app.inject({
    method: 'POST',
    url: '/mtn/disbursement/v1_0/refund',
    headers: {
      ...headers(token),
      'x-reference-id': referenceId,
      'x-callback-url': `${MTN_CALLBACK}/refunds/${referenceId}`,
      ...overrides.headers,
    },
    payload: {
      amount,
      currency: 'XOF',
      externalId: referenceId,
      payerMessage: 'Remboursement trop percu',
      payeeNote: 'Remboursement trop percu',
      referenceIdToRefund,
      ...overrides.body,
    },
  });
  return { referenceId, response };
}

const refundStatus = (app: FastifyInstance, token: string, referenceId: string) =>
  app.inject({
    method: 'GET',
    url: `/mtn/disbursement/v1_0/refund/${referenceId}`,
    headers: headers(token),
  });

/** A request to pay of 150 000 XOF paid on the téléphone page, and a Disbursement token. */
async function paidPayment(h: Harness) {
  const collection = await mtnToken(h.app);
  const { referenceId } = await requestToPay(h.app, collection, '22997000000');
  await answerOnPhone(h.app, '22997000000', 'pay');
  await h.flush();
  h.calls.length = 0;
  const token = (await disbursementToken(h.app)).json<{ access_token: string }>().access_token;
  return { collection, paymentId: referenceId, token };
}

describe('MTN MoMo Disbursement: credentials of their own', () => {
  it('issues a token only to the Disbursement API user, with the Disbursement key', async () => {
    h = await harness();
    const ok = await disbursementToken(h.app);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'access_token', expires_in: 3600 });
    // The Collection user is not a Disbursement user, whatever key it comes with.
    const collectionUser = await disbursementToken(h.app, MTN.apiUser);
    expect(collectionUser.statusCode).toBe(401);
    expect(collectionUser.json()).toEqual({ error: 'login_failed' });
    const collectionKey = await h.app.inject({
      method: 'POST',
      url: '/mtn/disbursement/token/',
      headers: {
        'ocp-apim-subscription-key': MTN.subscriptionKey,
        authorization: basicAuthorization(MTN.disbursementApiUser, MTN.disbursementApiKey),
      },
    });
    expect(collectionKey.statusCode).toBe(401);
    expect(collectionKey.json()).toMatchObject({ statusCode: 401 });
  });

  it("refuses one product's token on the other product's routes", async () => {
    h = await harness();
    const { collection, paymentId, token } = await paidPayment(h);
    const withCollectionToken = await refund(h.app, collection, paymentId, '1000');
    expect(withCollectionToken.response.statusCode).toBe(401);
    const withDisbursementToken = await mtnStatus(h.app, token, paymentId);
    expect(withDisbursementToken.statusCode).toBe(401);
    const wrongKey = await refund(h.app, token, paymentId, '1000', {
      headers: { 'ocp-apim-subscription-key': MTN.subscriptionKey },
    });
    expect(wrongKey.response.statusCode).toBe(401);
  });

  it('makes an API user of the product whose key provisions it', async () => {
    h = await harness();
    const id = randomUUID();
    await h.app.inject({
      method: 'POST',
      url: '/mtn/v1_0/apiuser',
      headers: { ...disbursementKey, 'x-reference-id': id },
      payload: { providerCallbackHost: 'localhost' },
    });
    const key = await h.app.inject({
      method: 'POST',
      url: `/mtn/v1_0/apiuser/${id}/apikey`,
      headers: disbursementKey,
    });
    const basic = basicAuthorization(id, key.json<{ apiKey: string }>().apiKey);
    const asDisbursement = await h.app.inject({
      method: 'POST',
      url: '/mtn/disbursement/token/',
      headers: { ...disbursementKey, authorization: basic },
    });
    expect(asDisbursement.statusCode).toBe(200);
    const asCollection = await h.app.inject({
      method: 'POST',
      url: '/mtn/collection/token/',
      headers: { 'ocp-apim-subscription-key': MTN.subscriptionKey, authorization: basic },
    });
    expect(asCollection.statusCode).toBe(401);
  });
});

describe('MTN MoMo Disbursement: refunds', () => {
  it('refunds part of a payment, then the rest, and refuses more', async () => {
    h = await harness();
    const { collection, paymentId, token } = await paidPayment(h);
    const first = await refund(h.app, token, paymentId, '50000');
    expect(first.response.statusCode).toBe(202);
    expect(first.response.body).toBe('');
    const status = await refundStatus(h.app, token, first.referenceId);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      amount: '50000',
      currency: 'XOF',
      externalId: first.referenceId,
      payee: { partyIdType: 'MSISDN', partyId: '22997000000' },
      status: 'SUCCESSFUL',
      financialTransactionId: expect.stringMatching(/^\d{9}$/),
    });
    // Called back once, unsigned, with the GET body.
    await h.flush();
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]).toMatchObject({
      url: `${MTN_CALLBACK}/refunds/${first.referenceId}`,
      method: 'POST',
    });
    expect(JSON.parse(h.calls[0]!.body)).toEqual(status.json());

    const rest = await refund(h.app, token, paymentId, '100000');
    expect((await refundStatus(h.app, token, rest.referenceId)).json().status).toBe('SUCCESSFUL');
    const more = await refund(h.app, token, paymentId, '1');
    expect(more.response.statusCode).toBe(202);
    expect((await refundStatus(h.app, token, more.referenceId)).json()).toMatchObject({
      status: 'FAILED',
      reason: 'NOT_ALLOWED',
    });
    expect((await refundStatus(h.app, token, more.referenceId)).json()).not.toHaveProperty(
      'financialTransactionId',
    );

    // MTN leaves the request to pay SUCCESSFUL; the sandbox books what was given back.
    expect((await mtnStatus(h.app, collection, paymentId)).json().status).toBe('SUCCESSFUL');
    const payment = h.app.sandbox.store.find<{ refundedAmount?: number }>('mtn', paymentId);
    expect(payment?.data.refundedAmount).toBe(150000);
    expect(payment?.timeline.filter((entry) => entry.event === 'refund')).toHaveLength(3);
    const state = await h.app.inject({ method: 'GET', url: '/__sim/state?provider=mtn' });
    expect(state.json().refunds.map((entry: { state: string }) => entry.state)).toEqual([
      'succeeded',
      'succeeded',
      'failed',
    ]);
  });

  it('fails a refund of an unknown or unpaid payment, after accepting it', async () => {
    h = await harness();
    const { token } = await paidPayment(h);
    const unknown = await refund(h.app, token, randomUUID(), '1000');
    expect(unknown.response.statusCode).toBe(202);
    expect((await refundStatus(h.app, token, unknown.referenceId)).json()).toMatchObject({
      status: 'FAILED',
      reason: 'TRANSACTION_NOT_FOUND',
    });
    const collection = await mtnToken(h.app);
    const failed = await requestToPay(h.app, collection, '46733123450');
    const unpaid = await refund(h.app, token, failed.referenceId, '1000');
    expect((await refundStatus(h.app, token, unpaid.referenceId)).json()).toMatchObject({
      status: 'FAILED',
      reason: 'NOT_ALLOWED',
    });
  });

  it('applies MTN’s request rules: UUID, body, currency, callback host, 409, 404', async () => {
    h = await harness();
    const { paymentId, token } = await paidPayment(h);
    const badId = await refund(h.app, token, paymentId, '1000', {
      headers: { 'x-reference-id': 'ref-1' },
    });
    expect(badId.response.statusCode).toBe(400);
    const badBody = await refund(h.app, token, paymentId, '0');
    expect(badBody.response.statusCode).toBe(400);
    expect(badBody.response.headers['x-sandbox-reason']).toBe('invalid amount');
    const quotes = await refund(h.app, token, paymentId, '1000', {
      body: { payerMessage: "Trop-perçu d'inscription" },
    });
    expect(quotes.response.statusCode).toBe(400);
    const currency = await refund(h.app, token, paymentId, '1000', { body: { currency: 'EUR' } });
    expect(currency.response.json()).toMatchObject({ code: 'INVALID_CURRENCY' });
    const host = await refund(h.app, token, paymentId, '1000', {
      headers: { 'x-callback-url': 'https://evil.example/cb' },
    });
    expect(host.response.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL_HOST' });

    const once = await refund(h.app, token, paymentId, '1000');
    const twice = await h.app.inject({
      method: 'POST',
      url: '/mtn/disbursement/v1_0/refund',
      headers: { ...headers(token), 'x-reference-id': once.referenceId },
      payload: {
        amount: '1000',
        currency: 'XOF',
        referenceIdToRefund: paymentId,
      },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'RESOURCE_ALREADY_EXIST' });
    expect((await refundStatus(h.app, token, randomUUID())).statusCode).toBe(404);
  });

  it('refund_fail makes the next refund FAILED with NOT_ENOUGH_FUNDS, then switches off', async () => {
    h = await harness();
    const { paymentId, token } = await paidPayment(h);
    const fault = await h.app.inject({
      method: 'POST',
      url: '/__sim/faults',
      payload: { provider: 'mtn', fault: 'refund_fail', options: { times: 1 } },
    });
    expect(fault.statusCode).toBe(201);
    const refused = await refund(h.app, token, paymentId, '5000');
    expect((await refundStatus(h.app, token, refused.referenceId)).json()).toMatchObject({
      status: 'FAILED',
      reason: 'NOT_ENOUGH_FUNDS',
    });
    await h.flush();
    expect(JSON.parse(h.calls[0]!.body)).toMatchObject({ status: 'FAILED' });
    const next = await refund(h.app, token, paymentId, '5000');
    expect((await refundStatus(h.app, token, next.referenceId)).json().status).toBe('SUCCESSFUL');
  });

  it('forgets refunds and keeps the Disbursement user on reset', async () => {
    h = await harness();
    const { paymentId, token } = await paidPayment(h);
    const done = await refund(h.app, token, paymentId, '5000');
    await h.app.inject({ method: 'POST', url: '/__sim/reset' });
    expect(h.app.sandbox.store.refunds.size).toBe(0);
    const fresh = (await disbursementToken(h.app)).json<{ access_token: string }>().access_token;
    expect((await refundStatus(h.app, fresh, done.referenceId)).statusCode).toBe(404);
  });
});
