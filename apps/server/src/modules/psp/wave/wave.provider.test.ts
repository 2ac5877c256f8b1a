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
import { createWaveProvider } from './wave.provider';
import { toWaveStatusResult, type WaveSession } from './wave.transform';

const T = 1700000000;
const WEBHOOK_SECRET = 'wave_sn_WHS_test_secret';

function wave(http: HttpClient, now = new Date(T * 1000).toISOString()) {
  const config = loadPspConfig({
    WAVE_BASE_URL: 'http://127.0.0.1:4010/wave',
    WAVE_API_KEY: 'wave_sn_prod_test_key',
    WAVE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  }).wave;
  if (!config) throw new Error('Wave not configured');
  return createWaveProvider({ now: createFakeClock(now).now, http, logger: silentLogger, config });
}

const session: WaveSession = {
  id: 'cos-18qq',
  amount: '15000',
  currency: 'XOF',
  business_name: 'Ecole X',
  checkout_status: 'open',
  payment_status: 'processing',
  client_reference: ATTEMPT_ID,
  last_payment_error: null,
  transaction_id: null,
  wave_launch_url: 'https://pay.wave.com/c/cos-18qq',
  when_created: '2024-01-15T10:00:00Z',
  when_completed: null,
  when_expires: '2024-01-15T10:30:00Z',
};
const paid = {
  ...session,
  checkout_status: 'complete',
  payment_status: 'succeeded',
  transaction_id: 'T_123',
  when_completed: '2024-01-15T10:03:00Z',
};

const request: CollectRequest = {
  attemptId: ATTEMPT_ID,
  invoiceId: 'ST-2024-0001',
  money: { amount: 15000, currency: 'XOF' },
  payer: { msisdnE164: '+221771234567' },
  wallet: 'WAVE',
  description: 'Frais de scolarité T1',
  returnUrl: 'https://ecolage.example/payer/retour',
  cancelUrl: 'https://ecolage.example/payer/abandon',
  notifyUrl: `https://api.ecolage.example/api/psp/wave/webhook`,
};

describe('Wave Checkout adapter', () => {
  it('creates a checkout session with the amount as a string and our attempt id as reference', async () => {
    const { client, requests } = createFakeHttp({
      'POST /wave/v1/checkout/sessions': { status: 200, json: session },
    });
    const result = await wave(client).collect(request);
    expect(requests).toMatchInlineSnapshot(`
      [
        {
          "body": {
            "amount": "15000",
            "client_reference": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
            "currency": "XOF",
            "error_url": "https://ecolage.example/payer/abandon",
            "restrict_payer_mobile": "+221771234567",
            "success_url": "https://ecolage.example/payer/retour",
          },
          "headers": {
            "Authorization": "Bearer wave_sn_prod_test_key",
            "Content-Type": "application/json",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/wave/v1/checkout/sessions",
        },
      ]
    `);
    expect({ ...result, raw: '…' }).toMatchInlineSnapshot(`
      {
        "expiresAt": 2024-01-15T10:30:00.000Z,
        "nextAction": {
          "type": "redirect",
          "url": "https://pay.wave.com/c/cos-18qq",
        },
        "providerRef": "cos-18qq",
        "raw": "…",
        "status": "pending",
      }
    `);
  });

  it('signs its own requests when a request-signing secret is set (t + body, no dot)', async () => {
    const config = loadPspConfig({
      WAVE_API_KEY: 'wave_sn_prod_test_key',
      WAVE_SIGNING_SECRET: 'wave_sn_AKS_test_secret',
    }).wave;
    if (!config) throw new Error('Wave not configured');
    const { client, requests } = createFakeHttp({
      'POST /v1/checkout/sessions': { status: 200, json: session },
    });
    const now = createFakeClock(new Date(T * 1000).toISOString()).now;
    await createWaveProvider({ now, http: client, logger: silentLogger, config }).collect(request);
    const sent = requests[0];
    const expected = hmacSha256Hex('wave_sn_AKS_test_secret', `${T}${JSON.stringify(sent?.body)}`);
    expect(sent?.url).toBe('https://api.wave.com/v1/checkout/sessions');
    expect(sent?.headers['Wave-Signature']).toBe(`t=${T},v1=${expected}`);
  });

  it('translates checkout and payment statuses', () => {
    const sessions: WaveSession[] = [
      session,
      { ...session, last_payment_error: { code: 'insufficient-funds', message: 'Low balance' } },
      paid,
      { ...session, checkout_status: 'expired', payment_status: 'cancelled' },
      { ...session, checkout_status: 'complete', payment_status: 'processing' },
    ];
    const table = sessions.map((one) => {
      const { raw: _raw, ...result } = toWaveStatusResult(one);
      return result;
    });
    expect(table).toMatchInlineSnapshot(`
      [
        {
          "providerRef": "cos-18qq",
          "providerStatus": "open/processing",
          "status": "pending",
        },
        {
          "failure": {
            "code": "insufficient_funds",
            "providerCode": "insufficient-funds",
            "reason": "Solde insuffisant",
          },
          "providerRef": "cos-18qq",
          "providerStatus": "open/processing",
          "status": "pending",
        },
        {
          "paidAmount": {
            "amount": 15000,
            "currency": "XOF",
          },
          "paidAt": 2024-01-15T10:03:00.000Z,
          "providerRef": "cos-18qq",
          "providerStatus": "complete/succeeded",
          "providerTxnId": "T_123",
          "status": "succeeded",
        },
        {
          "providerRef": "cos-18qq",
          "providerStatus": "expired/cancelled",
          "status": "expired",
        },
        {
          "providerRef": "cos-18qq",
          "providerStatus": "complete/processing",
          "status": "unknown",
        },
      ]
    `);
  });

  it('finds a session by client_reference, the paid one first', async () => {
    const { client, requests } = createFakeHttp({
      'GET /wave/v1/checkout/sessions/search': {
        status: 200,
        json: {
          result: [{ ...session, id: 'cos-newer', when_created: '2024-01-15T10:10:00Z' }, paid],
        },
      },
    });
    const found = await wave(client).findByReference?.(ATTEMPT_ID);
    expect(requests[0]?.url).toMatchInlineSnapshot(
      `"http://127.0.0.1:4010/wave/v1/checkout/sessions/search?client_reference=0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47"`,
    );
    expect([found?.providerRef, found?.status]).toEqual(['cos-18qq', 'succeeded']);
  });

  it('refunds the whole session only, after checking it was paid that amount', async () => {
    const { client, requests } = createFakeHttp({
      'GET /wave/v1/checkout/sessions/cos-18qq': { status: 200, json: paid },
      'POST /wave/v1/checkout/sessions/cos-18qq/refund': { status: 200 },
    });
    const provider = wave(client);
    const refund = {
      attemptId: ATTEMPT_ID,
      providerRef: 'cos-18qq',
      refundId: 'rf-1',
      money: { amount: 15000, currency: 'XOF' as const },
    };
    await expect(
      provider.refund?.({ ...refund, money: { amount: 5000, currency: 'XOF' } }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
    expect(await provider.refund?.(refund)).toMatchInlineSnapshot(`
      {
        "providerRef": "cos-18qq",
        "providerStatus": "refunded",
        "raw": {
          "httpStatus": 200,
        },
        "status": "refunded",
      }
    `);
    expect(requests.map((sent) => `${sent.method} ${sent.url}`)).toMatchInlineSnapshot(`
      [
        "GET http://127.0.0.1:4010/wave/v1/checkout/sessions/cos-18qq",
        "GET http://127.0.0.1:4010/wave/v1/checkout/sessions/cos-18qq",
        "POST http://127.0.0.1:4010/wave/v1/checkout/sessions/cos-18qq/refund",
      ]
    `);
  });

  it('cancels by expiring the session', async () => {
    const { client, requests } = createFakeHttp({
      'POST /wave/v1/checkout/sessions/cos-18qq/expire': { status: 200, json: {} },
    });
    await wave(client).cancel?.({ attemptId: ATTEMPT_ID, providerRef: 'cos-18qq' });
    expect(requests).toMatchInlineSnapshot(`
      [
        {
          "headers": {
            "Authorization": "Bearer wave_sn_prod_test_key",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/wave/v1/checkout/sessions/cos-18qq/expire",
        },
      ]
    `);
  });
});

describe('Wave webhooks', () => {
  const body =
    '{"id":"EV_1","type":"checkout.session.completed","data":{"id":"cos-1","amount":"15000","currency":"XOF","client_reference":"INV-1","payment_status":"succeeded","checkout_status":"complete"}}';
  const webhook = (signature: string, rawBody = body): InboundWebhook => ({
    method: 'POST',
    path: '/api/psp/wave/webhook',
    headers: { 'wave-signature': signature, 'content-type': 'application/json' },
    rawBody: Buffer.from(rawBody),
    receivedAt: new Date(T * 1000),
  });
  const provider = wave(createFakeHttp({}).client);

  it('accepts the golden vector (t + body, no dot)', async () => {
    const event = await provider.parseWebhook(
      webhook(`t=${T},v1=ffe499d17ae34dda56d53473a8b8df5c12c631b83a8acaf6a5ba1250e50c3755`),
    );
    expect({ ...event, raw: '…' }).toMatchInlineSnapshot(`
      {
        "attemptId": "INV-1",
        "authenticity": "signature_valid",
        "dedupeKey": "EV_1",
        "eventType": "checkout.session.completed",
        "hintedStatus": "succeeded",
        "providerRef": "cos-1",
        "raw": "…",
      }
    `);
  });

  it('rejects the dotted variant, a tampered body and a stale timestamp', async () => {
    const dotted = await provider.parseWebhook(
      webhook(`t=${T},v1=dc935964cf51aef78e6bb25acef6834f52754cee5b36a70e80e8a63241ed66e4`),
    );
    expect([dotted.authenticity, dotted.authFailure]).toEqual(['unauthenticated', 'bad_signature']);

    const tampered = await provider.parseWebhook(
      webhook(
        `t=${T},v1=ffe499d17ae34dda56d53473a8b8df5c12c631b83a8acaf6a5ba1250e50c3755`,
        body.replace('"15000"', '"150000"'),
      ),
    );
    expect([tampered.authenticity, tampered.authFailure]).toEqual([
      'unauthenticated',
      'bad_signature',
    ]);

    const old = T - 301;
    const stale = await provider.parseWebhook(
      webhook(`t=${old},v1=${hmacSha256Hex(WEBHOOK_SECRET, `${old}${body}`)}`),
    );
    expect([stale.authenticity, stale.authFailure]).toEqual(['unauthenticated', 'stale_timestamp']);
    // Kept as a hint, but it cannot take the dedupe slot of the genuine event EV_1.
    expect(stale.dedupeKey).toMatch(/^unverified:[0-9a-f]{64}$/);
  });

  it('accepts the shared-secret strategy (Authorization: Bearer <secret>)', async () => {
    const event = await provider.parseWebhook({
      ...webhook(''),
      headers: { authorization: `Bearer ${WEBHOOK_SECRET}` },
    });
    expect(event.authenticity).toBe('token_matched');
  });
});
