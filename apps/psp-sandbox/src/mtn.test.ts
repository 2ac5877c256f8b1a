import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { basicAuthorization } from './signing';
import { answerOnPhone, harness, type Harness } from './sandbox.test-support';
import {
  MTN,
  MTN_CALLBACK,
  mtnHeaders,
  mtnStatus,
  mtnToken,
  requestToPay,
} from './mtn.test-support';

let h: Harness;
afterEach(() => h.app.close());

describe('MTN MoMo: credentials', () => {
  it('refuses a wrong subscription key with API Management’s 401', async () => {
    h = await harness();
    const response = await h.app.inject({
      method: 'POST',
      url: '/mtn/collection/token/',
      headers: {
        authorization: basicAuthorization(MTN.apiUser, MTN.apiKey),
        'ocp-apim-subscription-key': 'nope',
      },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401 });
  });

  it('refuses a wrong API key, a body on /token, and issues a 3600 s token otherwise', async () => {
    h = await harness();
    const headers = { 'ocp-apim-subscription-key': MTN.subscriptionKey };
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/mtn/collection/token/',
      headers: { ...headers, authorization: basicAuthorization(MTN.apiUser, 'wrong') },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'login_failed' });
    const withBody = await h.app.inject({
      method: 'POST',
      url: '/mtn/collection/token',
      headers: { ...headers, authorization: basicAuthorization(MTN.apiUser, MTN.apiKey) },
      payload: { grant_type: 'client_credentials' },
    });
    expect(withBody.statusCode).toBe(400);
    const ok = await h.app.inject({
      method: 'POST',
      url: '/mtn/collection/token/',
      headers: { ...headers, authorization: basicAuthorization(MTN.apiUser, MTN.apiKey) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'access_token', expires_in: 3600 });
    const bad = await requestToPay(h.app, 'not-a-token', '22997000000');
    expect(bad.response.statusCode).toBe(401);
  });

  it('provisions an API user and key as the sandbox does', async () => {
    h = await harness();
    const id = randomUUID();
    const headers = { 'ocp-apim-subscription-key': MTN.subscriptionKey };
    const created = await h.app.inject({
      method: 'POST',
      url: '/mtn/v1_0/apiuser',
      headers: { ...headers, 'x-reference-id': id },
      payload: { providerCallbackHost: 'localhost' },
    });
    expect(created.statusCode).toBe(201);
    const again = await h.app.inject({
      method: 'POST',
      url: '/mtn/v1_0/apiuser',
      headers: { ...headers, 'x-reference-id': id },
      payload: { providerCallbackHost: 'localhost' },
    });
    expect(again.statusCode).toBe(409);
    const key = await h.app.inject({
      method: 'POST',
      url: `/mtn/v1_0/apiuser/${id}/apikey`,
      headers,
    });
    expect(key.statusCode).toBe(201);
    const user = await h.app.inject({ method: 'GET', url: `/mtn/v1_0/apiuser/${id}`, headers });
    expect(user.json()).toEqual({
      providerCallbackHost: 'localhost',
      targetEnvironment: 'sandbox',
    });
    const token = await h.app.inject({
      method: 'POST',
      url: '/mtn/collection/token/',
      headers: {
        ...headers,
        authorization: basicAuthorization(id, key.json<{ apiKey: string }>().apiKey),
      },
    });
    expect(token.statusCode).toBe(200);
  });
});

describe('MTN MoMo: request to pay', () => {
  it('is paid on the téléphone page, then answers SUCCESSFUL and calls back once, unsigned', async () => {
    h = await harness();
    const token = await mtnToken(h.app);
    const { referenceId, response } = await requestToPay(h.app, token, '22997000000');
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe('');
    expect((await mtnStatus(h.app, token, referenceId)).json()).toMatchObject({
      status: 'PENDING',
    });
    expect((await answerOnPhone(h.app, '97000000', 'pay')).statusCode).toBe(303);
    await h.flush();
    const status = (await mtnStatus(h.app, token, referenceId)).json();
    expect(status).toMatchObject({
      amount: '150000',
      currency: 'XOF',
      externalId: 'ST-2026-0001',
      payer: { partyIdType: 'MSISDN', partyId: '22997000000' },
      status: 'SUCCESSFUL',
    });
    expect(status.financialTransactionId).toMatch(/^\d+$/);
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]).toMatchObject({ url: `${MTN_CALLBACK}/${referenceId}`, method: 'POST' });
    expect(JSON.parse(h.calls[0]!.body)).toEqual(status);
    expect(Object.keys(h.calls[0]!.headers)).toEqual(['content-type']);
  });

  it('applies MTN’s request rules: 409, currency per environment, callback host, notes', async () => {
    h = await harness();
    const token = await mtnToken(h.app);
    const first = await requestToPay(h.app, token, '22997000000');
    const duplicate = await h.app.inject({
      method: 'POST',
      url: '/mtn/collection/v1_0/requesttopay',
      headers: { ...mtnHeaders(token), 'x-reference-id': first.referenceId },
      payload: {
        amount: '1',
        currency: 'XOF',
        payer: { partyIdType: 'MSISDN', partyId: '22997000000' },
      },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'RESOURCE_ALREADY_EXIST' });
    const euro = await requestToPay(h.app, token, '22997000000', {
      headers: { 'x-target-environment': 'sandbox' },
    });
    expect(euro.response.json()).toMatchObject({ code: 'INVALID_CURRENCY' });
    const host = await requestToPay(h.app, token, '22997000000', {
      headers: { 'x-callback-url': 'https://evil.example/cb' },
    });
    expect(host.response.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL_HOST' });
    const quote = await requestToPay(h.app, token, '22997000000', {
      body: { payerMessage: "Frais d'inscription" },
    });
    expect(quote.response.statusCode).toBe(400);
    const unknown = await mtnStatus(h.app, token, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
  });

  it('ends FAILED with COULD_NOT_PERFORM_TRANSACTION when nobody answers within 5 minutes', async () => {
    h = await harness({
      config: { mtn: { callbackMethod: 'PUT', autoApprove: false, reasonAsObject: true } },
    });
    const token = await mtnToken(h.app);
    const { referenceId } = await requestToPay(h.app, token, '22997000000');
    h.advance(301);
    const status = (await mtnStatus(h.app, token, referenceId)).json();
    expect(status).toMatchObject({
      status: 'FAILED',
      reason: { code: 'COULD_NOT_PERFORM_TRANSACTION' },
    });
    await h.flush();
    expect(h.calls[0]?.method).toBe('PUT');
  });
});

describe('MTN MoMo: magic test numbers (§2.5)', () => {
  it.each([
    ['46733123450', 'FAILED', 'INTERNAL_PROCESSING_ERROR'],
    ['46733123451', 'REJECTED', 'APPROVAL_REJECTED'],
    ['46733123452', 'TIMEOUT', 'EXPIRED'],
  ])('%s ends %s without anyone answering', async (partyId, status, reason) => {
    h = await harness();
    const token = await mtnToken(h.app);
    const { referenceId } = await requestToPay(h.app, token, partyId);
    expect((await mtnStatus(h.app, token, referenceId)).json()).toMatchObject({ status, reason });
    await h.flush();
    expect(JSON.parse(h.calls[0]!.body)).toMatchObject({ status });
    expect(h.app.sandbox.store.promptsFor(partyId)).toEqual([]);
  });

  it('46733123453 is PENDING, then SUCCESSFUL when asked after 30 s', async () => {
    h = await harness();
    const token = await mtnToken(h.app);
    const { referenceId } = await requestToPay(h.app, token, '46733123453');
    expect((await mtnStatus(h.app, token, referenceId)).json()).toMatchObject({
      status: 'PENDING',
    });
    h.advance(31);
    expect((await mtnStatus(h.app, token, referenceId)).json()).toMatchObject({
      status: 'SUCCESSFUL',
    });
  });

  it('46733123454 stays PENDING, even an hour later', async () => {
    h = await harness();
    const token = await mtnToken(h.app);
    const { referenceId } = await requestToPay(h.app, token, '46733123454');
    h.advance(3600); // the token has expired by then: MTN clients fetch a new one
    const fresh = await mtnToken(h.app);
    expect((await mtnStatus(h.app, token, referenceId)).statusCode).toBe(401);
    expect((await mtnStatus(h.app, fresh, referenceId)).json()).toMatchObject({
      status: 'PENDING',
    });
  });

  it('any other number succeeds at once with autoApprove (MTN’s own sandbox behaviour)', async () => {
    h = await harness({
      config: { mtn: { callbackMethod: 'POST', autoApprove: true, reasonAsObject: false } },
    });
    const token = await mtnToken(h.app);
    const { referenceId } = await requestToPay(h.app, token, '46733123459');
    expect((await mtnStatus(h.app, token, referenceId)).json()).toMatchObject({
      status: 'SUCCESSFUL',
    });
  });
});
