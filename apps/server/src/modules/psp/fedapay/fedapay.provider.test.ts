import { describe, expect, it } from 'vitest';
import { loadPspConfig } from '../config';
import { ProviderRequestError } from '../errors';
import type { HttpClient } from '../http-client';
import type { CollectRequest, InboundWebhook } from '../provider';
import { hmacSha256Hex } from '../signatures';
import {
  ATTEMPT_ID,
  createFakeClock,
  createFakeHttp,
  silentLogger,
} from '../providers.test-support';
import { createFedapayProvider } from './fedapay.provider';
import { toFedapayStatusResult, type FedaPayTransaction } from './fedapay.transform';

const T = 1700000000;
const WEBHOOK_SECRET = 'wh_sandbox_test_secret';

function fedapay(http: HttpClient) {
  const config = loadPspConfig({
    FEDAPAY_ENVIRONMENT: 'sandbox',
    FEDAPAY_BASE_URL: 'http://127.0.0.1:4010/fedapay',
    FEDAPAY_SECRET_KEY: 'sk_sandbox_test_key',
    FEDAPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  }).fedapay;
  if (!config) throw new Error('FedaPay not configured');
  return createFedapayProvider({
    now: createFakeClock(new Date(T * 1000).toISOString()).now,
    http,
    logger: silentLogger,
    config,
  });
}

const transaction: FedaPayTransaction = {
  id: 258,
  reference: 'trx_Abc123',
  amount: 15000,
  status: 'pending',
  custom_metadata: { attempt_id: ATTEMPT_ID, invoice_id: 'ST-2024-0001' },
  approved_at: null,
};

const request: CollectRequest = {
  attemptId: ATTEMPT_ID,
  invoiceId: 'ST-2024-0001',
  money: { amount: 15000, currency: 'XOF' },
  payer: { msisdnE164: '+22890123456', name: 'Ama Kossiwa Mensah', email: 'ama@example.tg' },
  wallet: 'YAS_TG',
  description: 'Frais de scolarité T1',
  returnUrl: 'https://ecolage.example/payer/retour',
  notifyUrl: 'https://api.ecolage.example/api/psp/fedapay/webhook',
};

const routes = {
  'POST /fedapay/v1/transactions': { status: 200, json: { 'v1/transaction': transaction } },
  'POST /fedapay/v1/transactions/258/token': {
    status: 200,
    json: { token: 'tok_258', url: 'https://process.fedapay.com/tok_258' },
  },
  'POST /fedapay/v1/togocel': { status: 200, json: { message: 'OK' } },
};

describe('FedaPay adapter', () => {
  it('creates a transaction, gets its token and pushes it to Mixx by Yas (togocel)', async () => {
    const { client, requests } = createFakeHttp(routes);
    const result = await fedapay(client).collect(request);
    expect(requests).toMatchInlineSnapshot(`
      [
        {
          "body": {
            "amount": 15000,
            "callback_url": "https://ecolage.example/payer/retour",
            "currency": {
              "iso": "XOF",
            },
            "custom_metadata": {
              "attempt_id": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
              "invoice_id": "ST-2024-0001",
            },
            "customer": {
              "email": "ama@example.tg",
              "firstname": "Ama",
              "lastname": "Kossiwa Mensah",
              "phone_number": {
                "country": "tg",
                "number": "+22890123456",
              },
            },
            "description": "Frais de scolarite T1",
          },
          "headers": {
            "Accept": "application/json",
            "Authorization": "Bearer sk_sandbox_test_key",
            "Content-Type": "application/json",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/fedapay/v1/transactions",
        },
        {
          "headers": {
            "Accept": "application/json",
            "Authorization": "Bearer sk_sandbox_test_key",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/fedapay/v1/transactions/258/token",
        },
        {
          "body": {
            "token": "tok_258",
          },
          "headers": {
            "Accept": "application/json",
            "Authorization": "Bearer sk_sandbox_test_key",
            "Content-Type": "application/json",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/fedapay/v1/togocel",
        },
      ]
    `);
    expect({ ...result, raw: '…' }).toMatchInlineSnapshot(`
      {
        "nextAction": {
          "hint": "Validez le paiement sur votre téléphone avec votre code secret Mixx by Yas.",
          "type": "await_push",
        },
        "providerRef": "258",
        "raw": "…",
        "status": "pending",
      }
    `);
  });

  it('sends a card payment to the hosted page', async () => {
    const { client, requests } = createFakeHttp(routes);
    const result = await fedapay(client).collect({ ...request, wallet: 'CARD', payer: {} });
    expect(requests.map((sent) => sent.url)).toMatchInlineSnapshot(`
      [
        "http://127.0.0.1:4010/fedapay/v1/transactions",
        "http://127.0.0.1:4010/fedapay/v1/transactions/258/token",
      ]
    `);
    expect(result.nextAction).toEqual({
      type: 'redirect',
      url: 'https://process.fedapay.com/tok_258',
    });
  });

  it('keeps the transaction id when a step after its creation fails (unknown or refused)', async () => {
    const unavailable = createFakeHttp({ ...routes, 'POST /fedapay/v1/togocel': { status: 503 } });
    expect(await fedapay(unavailable.client).collect(request)).toMatchObject({
      providerRef: '258',
      status: 'unknown',
    });
    const refused = createFakeHttp({ ...routes, 'POST /fedapay/v1/togocel': { status: 400 } });
    expect(await fedapay(refused.client).collect(request)).toMatchObject({
      providerRef: '258',
      status: 'failed',
      failure: { code: 'invalid_request' },
    });
  });

  it('unwraps the {"v1/transaction": …} envelope of a status', async () => {
    const { client, requests } = createFakeHttp({
      'GET /fedapay/v1/transactions/258': {
        status: 200,
        json: {
          'v1/transaction': {
            ...transaction,
            status: 'approved',
            approved_at: '2024-01-15T10:02:00Z',
            currency: { iso: 'XOF' },
          },
        },
      },
    });
    const status = await fedapay(client).getStatus({ attemptId: ATTEMPT_ID, providerRef: '258' });
    expect(requests[0]).toMatchInlineSnapshot(`
      {
        "headers": {
          "Accept": "application/json",
          "Authorization": "Bearer sk_sandbox_test_key",
        },
        "method": "GET",
        "url": "http://127.0.0.1:4010/fedapay/v1/transactions/258",
      }
    `);
    expect({ ...status, raw: '…' }).toMatchInlineSnapshot(`
      {
        "paidAmount": {
          "amount": 15000,
          "currency": "XOF",
        },
        "paidAt": 2024-01-15T10:02:00.000Z,
        "providerRef": "258",
        "providerStatus": "approved",
        "providerTxnId": "trx_Abc123",
        "raw": "…",
        "status": "succeeded",
      }
    `);
    await expect(fedapay(client).getStatus({ attemptId: ATTEMPT_ID })).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
  });

  it('finds a transaction whose creation answer was lost by the attempt id in its metadata', async () => {
    const other = { ...transaction, id: 257, custom_metadata: { attempt_id: 'another-attempt' } };
    const { client, requests } = createFakeHttp({
      'GET /fedapay/v1/transactions': {
        status: 200,
        json: { 'v1/transactions': [other, transaction], meta: { current_page: 1 } },
      },
    });
    const provider = fedapay(client);
    expect(await provider.findByReference!(ATTEMPT_ID)).toMatchObject({
      status: 'pending',
      providerRef: '258',
    });
    expect(requests[0]?.url).toBe('http://127.0.0.1:4010/fedapay/v1/transactions?per_page=100');
    expect(await provider.findByReference!('3f9f8a52-6c1e-4a55-8d0e-1d7e1c2b3a4f')).toBeNull();
  });

  it('translates every FedaPay status', () => {
    const statuses = [
      'pending',
      'approved',
      'transferred',
      'declined',
      'canceled',
      'expired',
      'refunded',
      'approved_partially_refunded',
      'transferred_partially_refunded',
      'mystery',
    ];
    const table = statuses.map((status) => {
      const result = toFedapayStatusResult({ ...transaction, status });
      return `${status} → ${result.status}${result.paidAmount ? ` ${result.paidAmount.amount}` : ''}`;
    });
    expect(table).toMatchInlineSnapshot(`
      [
        "pending → pending",
        "approved → succeeded 15000",
        "transferred → succeeded 15000",
        "declined → failed",
        "canceled → cancelled",
        "expired → expired",
        "refunded → refunded 15000",
        "approved_partially_refunded → partially_refunded 15000",
        "transferred_partially_refunded → partially_refunded 15000",
        "mystery → unknown",
      ]
    `);
  });

  it('refuses a wallet it does not carry', async () => {
    await expect(
      fedapay(createFakeHttp(routes).client).collect({ ...request, wallet: 'ORANGE' }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
  });
});

describe('FedaPay webhooks', () => {
  const body =
    '{"name":"transaction.approved","entity":{"id":777,"status":"approved","amount":15000}}';
  const signature = '86ffb7abf882d7d29981ddcdb2700186a2ef0a7f1ca5e62dde4813c1e85bffb5';
  const webhook = (header: string, rawBody = body): InboundWebhook => ({
    method: 'POST',
    path: '/api/psp/fedapay/webhook',
    headers: { 'X-FEDAPAY-SIGNATURE': header },
    rawBody: Buffer.from(rawBody),
    receivedAt: new Date(T * 1000),
  });
  const provider = fedapay(createFakeHttp({}).client);

  it('verifies the golden vector (t.body, scheme s)', async () => {
    const event = await provider.parseWebhook(webhook(`t=${T},s=${signature}`));
    expect(event).toMatchInlineSnapshot(`
      {
        "authenticity": "signature_valid",
        "dedupeKey": "0017b88427c3dc01c7c0804ce5f34a3f2dd2beb91bd4c18f0a60cd5eedd52f9c",
        "eventType": "transaction.approved",
        "hintedStatus": "succeeded",
        "providerRef": "777",
        "raw": {
          "entity": {
            "amount": 15000,
            "id": 777,
            "status": "approved",
          },
          "name": "transaction.approved",
        },
      }
    `);
  });

  it('rejects a tampered body and a stale timestamp', async () => {
    const tampered = await provider.parseWebhook(
      webhook(`t=${T},s=${signature}`, body.replace('15000', '1500000')),
    );
    expect(tampered.authFailure).toBe('bad_signature');
    const old = T - 301;
    const stale = await provider.parseWebhook(
      webhook(`t=${old},s=${hmacSha256Hex(WEBHOOK_SECRET, `${old}.${body}`)}`),
    );
    expect([stale.authenticity, stale.authFailure]).toEqual(['unauthenticated', 'stale_timestamp']);
  });
});
