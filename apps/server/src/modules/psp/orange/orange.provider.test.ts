import { describe, expect, it } from 'vitest';
import { loadPspConfig } from '../config';
import { ProviderNotFoundError, ProviderRejectedError, ProviderRequestError } from '../errors';
import type { HttpClient } from '../http-client';
import type { CollectRequest, InboundWebhook } from '../provider';
import {
  ATTEMPT_ID,
  createFakeClock,
  createFakeHttp,
  silentLogger,
} from '../providers.test-support';
import { createOrangeProvider } from './orange.provider';
import { orangeOrderId, toOrangeStatusResult } from './orange.transform';

function orange(http: HttpClient) {
  const config = loadPspConfig({
    ORANGE_BASE_URL: 'http://localhost:4010/orange',
    ORANGE_CLIENT_ID: 'orange-client-id',
    ORANGE_CLIENT_SECRET: 'orange-client-secret',
    ORANGE_MERCHANT_KEY: 'merchant-key-01',
    ORANGE_WEBPAY_COUNTRY: 'dev',
    ORANGE_MERCHANT_LABEL: 'Ecole Les Pionniers',
  }).orange;
  if (!config) throw new Error('Orange not configured');
  return createOrangeProvider({ now: createFakeClock().now, http, logger: silentLogger, config });
}

const request: CollectRequest = {
  attemptId: ATTEMPT_ID,
  invoiceId: 'ST-2024-0001',
  money: { amount: 15000, currency: 'XOF' },
  wallet: 'ORANGE',
  description: 'Frais de scolarité T1',
  returnUrl: 'https://ecolage.example/payer/retour',
  notifyUrl: `https://api.ecolage.example/api/psp/orange/notify/${ATTEMPT_ID}`,
};

const routes = {
  'POST /orange/oauth/v3/token': {
    status: 200,
    json: { token_type: 'Bearer', access_token: 'om-token', expires_in: '7776000' },
  },
  'POST /orange/orange-money-webpay/dev/v1/webpayment': {
    status: 201,
    json: {
      status: 201,
      message: 'OK',
      pay_token: 'v1abc',
      payment_url: 'https://webpayment-dev.orange-money.com/payment/pay_token/v1abc',
      notif_token: 'dd497bd',
    },
  },
};

describe('Orange Money WebPay adapter', () => {
  it('gets a form-encoded token, then a webpayment whose notif_token stays out of raw', async () => {
    const { client, requests } = createFakeHttp(routes);
    const result = await orange(client).collect(request);
    expect(requests).toMatchInlineSnapshot(`
      [
        {
          "body": "grant_type=client_credentials",
          "headers": {
            "Accept": "application/json",
            "Authorization": "Basic b3JhbmdlLWNsaWVudC1pZDpvcmFuZ2UtY2xpZW50LXNlY3JldA==",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          "method": "POST",
          "url": "http://localhost:4010/orange/oauth/v3/token",
        },
        {
          "body": {
            "amount": 15000,
            "cancel_url": "https://ecolage.example/payer/retour",
            "currency": "OUV",
            "lang": "fr",
            "merchant_key": "merchant-key-01",
            "notif_url": "https://api.ecolage.example/api/psp/orange/notify/0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
            "order_id": "0oh7jro6vwui2yke0vk8k9d1j",
            "reference": "Ecole Les Pionniers",
            "return_url": "https://ecolage.example/payer/retour",
          },
          "headers": {
            "Accept": "application/json",
            "Authorization": "Bearer om-token",
            "Content-Type": "application/json",
          },
          "method": "POST",
          "url": "http://localhost:4010/orange/orange-money-webpay/dev/v1/webpayment",
        },
      ]
    `);
    expect(result).toMatchInlineSnapshot(`
      {
        "nextAction": {
          "type": "redirect",
          "url": "https://webpayment-dev.orange-money.com/payment/pay_token/v1abc",
        },
        "providerRef": "v1abc",
        "providerSecrets": {
          "notifToken": "dd497bd",
        },
        "raw": {
          "message": "OK",
          "notif_token": "[masqué]",
          "pay_token": "v1abc",
          "payment_url": "https://webpayment-dev.orange-money.com/payment/pay_token/v1abc",
          "status": 201,
        },
        "status": "pending",
      }
    `);
  });

  it('asks for a status with order id, amount and pay_token', async () => {
    const { client, requests } = createFakeHttp({
      ...routes,
      'POST /orange/orange-money-webpay/dev/v1/transactionstatus': {
        status: 201,
        json: {
          status: 'SUCCESS',
          order_id: orangeOrderId(ATTEMPT_ID),
          txnid: 'MP150709.1341.A00073',
        },
      },
    });
    const status = await orange(client).getStatus({
      attemptId: ATTEMPT_ID,
      providerRef: 'v1abc',
      money: request.money,
    });
    expect(requests.at(-1)).toMatchInlineSnapshot(`
      {
        "body": {
          "amount": 15000,
          "order_id": "0oh7jro6vwui2yke0vk8k9d1j",
          "pay_token": "v1abc",
        },
        "headers": {
          "Accept": "application/json",
          "Authorization": "Bearer om-token",
          "Content-Type": "application/json",
        },
        "method": "POST",
        "url": "http://localhost:4010/orange/orange-money-webpay/dev/v1/transactionstatus",
      }
    `);
    expect(status).toMatchInlineSnapshot(`
      {
        "providerRef": "v1abc",
        "providerStatus": "SUCCESS",
        "providerTxnId": "MP150709.1341.A00073",
        "raw": {
          "order_id": "0oh7jro6vwui2yke0vk8k9d1j",
          "status": "SUCCESS",
          "txnid": "MP150709.1341.A00073",
        },
        "status": "succeeded",
      }
    `);
    await expect(orange(client).getStatus({ attemptId: ATTEMPT_ID })).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
  });

  it('says « not found » when Orange has no payment for the pay_token, a refusal for another 4xx', async () => {
    const query = { attemptId: ATTEMPT_ID, providerRef: 'v1abc', money: request.money };
    const answering = (status: number) =>
      orange(
        createFakeHttp({
          ...routes,
          'POST /orange/orange-money-webpay/dev/v1/transactionstatus': {
            status,
            json: { code: status, message: 'No transaction matches' },
          },
        }).client,
      );
    await expect(answering(404).getStatus(query)).rejects.toBeInstanceOf(ProviderNotFoundError);
    await expect(answering(400).getStatus(query)).rejects.toBeInstanceOf(ProviderRejectedError);
  });

  it('translates every Orange status', () => {
    const table = ['INITIATED', 'PENDING', 'SUCCESS', 'FAILED', 'EXPIRED', 'OTHER'].map(
      (status) => {
        const result = toOrangeStatusResult({ status, txnid: 'MP1' }, 'v1abc');
        return `${status} → ${result.status}${result.failure ? ` (${result.failure.reason})` : ''}`;
      },
    );
    expect(table).toMatchInlineSnapshot(`
      [
        "INITIATED → pending",
        "PENDING → pending",
        "SUCCESS → succeeded",
        "FAILED → failed (Paiement refusé par l'opérateur)",
        "EXPIRED → expired (Délai de paiement expiré)",
        "OTHER → unknown",
      ]
    `);
  });

  it('sends a UUID attempt id as a 25-character order id that maps back one to one', () => {
    const orderId = orangeOrderId(ATTEMPT_ID);
    expect(orderId).toMatchInlineSnapshot(`"0oh7jro6vwui2yke0vk8k9d1j"`);
    expect(orderId).toHaveLength(25);
    expect(
      BigInt(`0x${ATTEMPT_ID.replace(/-/g, '')}`)
        .toString(36)
        .padStart(25, '0'),
    ).toBe(orderId);
    expect(orangeOrderId('short-id')).toBe('short-id');
  });

  it('authenticates a notification only by the notif_token stored at initiation', async () => {
    const { client } = createFakeHttp({});
    const provider = orange(client);
    const notification = (notifToken: string): InboundWebhook => ({
      method: 'POST',
      path: `/api/psp/orange/notify/${ATTEMPT_ID}`,
      headers: {},
      rawBody: Buffer.from(
        JSON.stringify({
          status: 'SUCCESS',
          notif_token: notifToken,
          txnid: 'MP150709.1341.A00073',
        }),
      ),
      receivedAt: new Date('2024-01-15T10:05:00Z'),
      attemptId: ATTEMPT_ID,
    });
    const stored = { providerSecrets: { notifToken: 'dd497bd' } };
    const matched = await provider.parseWebhook(notification('dd497bd'), stored);
    expect(matched).toMatchInlineSnapshot(`
      {
        "attemptId": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
        "authenticity": "token_matched",
        "dedupeKey": "0fb317602ea50398833e683573254db5870895dfbba7431b77600e291587441c",
        "eventType": "webpayment.notification",
        "hintedStatus": "succeeded",
        "raw": {
          "notif_token": "[masqué]",
          "status": "SUCCESS",
          "txnid": "MP150709.1341.A00073",
        },
      }
    `);
    const forged = await provider.parseWebhook(notification('guessed'), stored);
    expect([forged.authenticity, forged.authFailure]).toEqual([
      'unauthenticated',
      'token_mismatch',
    ]);
    const unknown = await provider.parseWebhook(notification('dd497bd'));
    expect([unknown.authenticity, unknown.authFailure]).toEqual([
      'unauthenticated',
      'no_expected_token',
    ]);
  });

  it('has no refund and no cancel', () => {
    const provider = orange(createFakeHttp({}).client);
    expect(provider.capabilities.refunds).toBe('none');
    expect(provider.refund).toBeUndefined();
    expect(provider.cancel).toBeUndefined();
  });
});
