import { describe, expect, it } from 'vitest';
import { loadPspConfig } from '../config';
import {
  ProviderNotFoundError,
  ProviderRequestError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from '../errors';
import { createHttpClient, type HttpClient } from '../http-client';
import type { CollectRequest } from '../provider';
import {
  ATTEMPT_ID,
  createFakeClock,
  createFakeHttp,
  silentLogger,
} from '../providers.test-support';
import { createMtnProvider } from './mtn.provider';

const env = {
  MTN_TARGET_ENVIRONMENT: 'mtnbenin',
  MTN_BASE_URL: 'http://127.0.0.1:4010/mtn',
  MTN_COLLECTION_SUBSCRIPTION_KEY: 'collection-subscription-key',
  MTN_COLLECTION_API_USER: 'c72025f5-5cd1-4630-99e4-8ba4722fad56',
  MTN_COLLECTION_API_KEY: 'f1db798c98df4bcf83b538175893bbf0',
  MTN_DISBURSEMENT_SUBSCRIPTION_KEY: 'disbursement-subscription-key',
  MTN_DISBURSEMENT_API_USER: '5b1e7a52-3f0d-4c1b-8a7e-2d9c6f4e1a30',
  MTN_DISBURSEMENT_API_KEY: 'disbursement-api-key-0001',
};

function mtn(http: HttpClient, overrides: Record<string, string> = {}) {
  const config = loadPspConfig({ ...env, ...overrides }).mtn;
  if (!config) throw new Error('MTN not configured');
  return createMtnProvider({ now: createFakeClock().now, http, logger: silentLogger, config });
}

const token = {
  status: 200,
  json: { access_token: 'jwt-1', token_type: 'access_token', expires_in: 3600 },
};

const request: CollectRequest = {
  attemptId: ATTEMPT_ID,
  invoiceId: 'ST-2024-0001',
  money: { amount: 15000, currency: 'XOF' },
  payer: { msisdnE164: '+22997000000' },
  wallet: 'MTN',
  description: "Frais d'écolage « T1 » — Licence 1",
  notifyUrl: `https://api.ecolage.example/api/psp/mtn/callback/${ATTEMPT_ID}`,
};

const statusPath = `GET /mtn/collection/v1_0/requesttopay/${ATTEMPT_ID}`;

describe('MTN MoMo adapter', () => {
  it('asks for a Basic-auth token, then a request to pay keyed by our attempt id', async () => {
    const { client, requests } = createFakeHttp({
      'POST /mtn/collection/token/': token,
      'POST /mtn/collection/v1_0/requesttopay': { status: 202 },
    });
    const result = await mtn(client).collect(request);
    expect(requests).toMatchInlineSnapshot(`
      [
        {
          "headers": {
            "Authorization": "Basic YzcyMDI1ZjUtNWNkMS00NjMwLTk5ZTQtOGJhNDcyMmZhZDU2OmYxZGI3OThjOThkZjRiY2Y4M2I1MzgxNzU4OTNiYmYw",
            "Ocp-Apim-Subscription-Key": "collection-subscription-key",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/mtn/collection/token/",
        },
        {
          "body": {
            "amount": "15000",
            "currency": "XOF",
            "externalId": "ST-2024-0001",
            "payeeNote": "Frais d ecolage T1 Licence 1",
            "payer": {
              "partyId": "22997000000",
              "partyIdType": "MSISDN",
            },
            "payerMessage": "Frais d ecolage T1 Licence 1",
          },
          "headers": {
            "Authorization": "Bearer jwt-1",
            "Content-Type": "application/json",
            "Ocp-Apim-Subscription-Key": "collection-subscription-key",
            "X-Callback-Url": "https://api.ecolage.example/api/psp/mtn/callback/0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
            "X-Reference-Id": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
            "X-Target-Environment": "mtnbenin",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/mtn/collection/v1_0/requesttopay",
        },
      ]
    `);
    expect(result).toMatchInlineSnapshot(`
      {
        "nextAction": {
          "hint": "Validez le paiement sur votre téléphone avec votre code secret MTN MoMo.",
          "type": "await_push",
        },
        "providerRef": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
        "raw": {
          "httpStatus": 202,
        },
        "status": "pending",
      }
    `);
  });

  it('reuses its token and reads a 200 FAILED as a failure with a French reason', async () => {
    const { client, requests } = createFakeHttp({
      'POST /mtn/collection/token/': token,
      'POST /mtn/collection/v1_0/requesttopay': { status: 202 },
      [statusPath]: {
        status: 200,
        json: {
          financialTransactionId: null,
          externalId: 'ST-2024-0001',
          amount: '15000',
          currency: 'XOF',
          payer: { partyIdType: 'MSISDN', partyId: '22997000000' },
          status: 'FAILED',
          reason: 'NOT_ENOUGH_FUNDS',
        },
      },
    });
    const provider = mtn(client);
    await provider.collect(request);
    const status = await provider.getStatus({ attemptId: ATTEMPT_ID });
    expect(requests.filter((sent) => sent.url.endsWith('/token/'))).toHaveLength(1);
    expect(requests.at(-1)).toMatchInlineSnapshot(`
      {
        "headers": {
          "Authorization": "Bearer jwt-1",
          "Ocp-Apim-Subscription-Key": "collection-subscription-key",
          "X-Target-Environment": "mtnbenin",
        },
        "method": "GET",
        "url": "http://127.0.0.1:4010/mtn/collection/v1_0/requesttopay/0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
      }
    `);
    expect(status).toMatchInlineSnapshot(`
      {
        "failure": {
          "code": "insufficient_funds",
          "providerCode": "NOT_ENOUGH_FUNDS",
          "reason": "Solde insuffisant",
        },
        "providerRef": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
        "providerStatus": "FAILED",
        "raw": {
          "amount": "15000",
          "currency": "XOF",
          "externalId": "ST-2024-0001",
          "financialTransactionId": null,
          "payer": {
            "partyId": "22997000000",
            "partyIdType": "MSISDN",
          },
          "reason": "NOT_ENOUGH_FUNDS",
          "status": "FAILED",
        },
        "status": "failed",
      }
    `);
  });

  it('answers 404 as not found, and findByReference as null', async () => {
    const { client } = createFakeHttp({
      'POST /mtn/collection/token/': token,
      [statusPath]: { status: 404, json: { code: 'RESOURCE_NOT_FOUND' } },
    });
    const provider = mtn(client);
    await expect(provider.getStatus({ attemptId: ATTEMPT_ID })).rejects.toBeInstanceOf(
      ProviderNotFoundError,
    );
    expect(await provider.findByReference?.(ATTEMPT_ID)).toBeNull();
  });

  it('retries once with a fresh token after a 401, and reads 409 as "ask, do not re-send"', async () => {
    const { client, requests } = createFakeHttp({
      'POST /mtn/collection/token/': [
        token,
        { ...token, json: { ...token.json, access_token: 'jwt-2' } },
      ],
      'POST /mtn/collection/v1_0/requesttopay': [{ status: 401 }, { status: 409 }],
    });
    const result = await mtn(client).collect(request);
    expect(requests.map((sent) => [sent.url, sent.headers.Authorization])).toMatchInlineSnapshot(`
      [
        [
          "http://127.0.0.1:4010/mtn/collection/token/",
          "Basic YzcyMDI1ZjUtNWNkMS00NjMwLTk5ZTQtOGJhNDcyMmZhZDU2OmYxZGI3OThjOThkZjRiY2Y4M2I1MzgxNzU4OTNiYmYw",
        ],
        [
          "http://127.0.0.1:4010/mtn/collection/v1_0/requesttopay",
          "Bearer jwt-1",
        ],
        [
          "http://127.0.0.1:4010/mtn/collection/token/",
          "Basic YzcyMDI1ZjUtNWNkMS00NjMwLTk5ZTQtOGJhNDcyMmZhZDU2OmYxZGI3OThjOThkZjRiY2Y4M2I1MzgxNzU4OTNiYmYw",
        ],
        [
          "http://127.0.0.1:4010/mtn/collection/v1_0/requesttopay",
          "Bearer jwt-2",
        ],
      ]
    `);
    expect(result.status).toBe('unknown');
  });

  it('throws an outcome-unknown error on 5xx and on timeout', async () => {
    const { client } = createFakeHttp({
      'POST /mtn/collection/token/': token,
      'POST /mtn/collection/v1_0/requesttopay': { status: 500 },
    });
    await expect(mtn(client).collect(request)).rejects.toBeInstanceOf(ProviderUnavailableError);

    const hanging = createHttpClient({
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    });
    await expect(mtn(hanging).collect(request)).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it('refuses a callback URL that does not name the attempt (the callback body does not)', async () => {
    const { client } = createFakeHttp({});
    await expect(
      mtn(client).collect({ ...request, notifyUrl: 'https://api.ecolage.example/api/psp/mtn' }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('refunds through Disbursement with its own key and token, referencing the payment', async () => {
    const { client, requests } = createFakeHttp({
      'POST /mtn/disbursement/token/': { ...token, json: { ...token.json, access_token: 'jwt-d' } },
      'POST /mtn/disbursement/v1_0/refund': { status: 202 },
      'GET /mtn/disbursement/v1_0/refund/7d0f1c2e-9b8a-4c3d-8e2f-1a0b9c8d7e6f': {
        status: 200,
        json: {
          amount: '5000',
          currency: 'XOF',
          status: 'SUCCESSFUL',
          financialTransactionId: '99',
        },
      },
    });
    const provider = mtn(client);
    const refund = {
      attemptId: ATTEMPT_ID,
      refundId: '7d0f1c2e-9b8a-4c3d-8e2f-1a0b9c8d7e6f',
      money: { amount: 5000, currency: 'XOF' as const },
      reason: "Trop-perçu sur l'inscription",
    };
    expect(await provider.refund?.(refund)).toMatchInlineSnapshot(`
      {
        "providerRef": "7d0f1c2e-9b8a-4c3d-8e2f-1a0b9c8d7e6f",
        "providerStatus": "ACCEPTED",
        "raw": {
          "httpStatus": 202,
        },
        "status": "refund_pending",
      }
    `);
    expect(requests).toMatchInlineSnapshot(`
      [
        {
          "headers": {
            "Authorization": "Basic NWIxZTdhNTItM2YwZC00YzFiLThhN2UtMmQ5YzZmNGUxYTMwOmRpc2J1cnNlbWVudC1hcGkta2V5LTAwMDE=",
            "Ocp-Apim-Subscription-Key": "disbursement-subscription-key",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/mtn/disbursement/token/",
        },
        {
          "body": {
            "amount": "5000",
            "currency": "XOF",
            "externalId": "7d0f1c2e-9b8a-4c3d-8e2f-1a0b9c8d7e6f",
            "payeeNote": "Trop-percu sur l inscription",
            "payerMessage": "Trop-percu sur l inscription",
            "referenceIdToRefund": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
          },
          "headers": {
            "Authorization": "Bearer jwt-d",
            "Content-Type": "application/json",
            "Ocp-Apim-Subscription-Key": "disbursement-subscription-key",
            "X-Reference-Id": "7d0f1c2e-9b8a-4c3d-8e2f-1a0b9c8d7e6f",
            "X-Target-Environment": "mtnbenin",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/mtn/disbursement/v1_0/refund",
        },
      ]
    `);
    expect((await provider.getRefundStatus?.({ refundId: refund.refundId }))?.status).toBe(
      'refunded',
    );
  });

  it('offers no refund without Disbursement keys', () => {
    const { client } = createFakeHttp({});
    const provider = mtn(client, {
      MTN_DISBURSEMENT_SUBSCRIPTION_KEY: '',
      MTN_DISBURSEMENT_API_USER: '',
      MTN_DISBURSEMENT_API_KEY: '',
    });
    expect(provider.capabilities.refunds).toBe('none');
    expect(provider.refund).toBeUndefined();
  });
});
