import { describe, expect, it } from 'vitest';
import { loadPspConfig } from '../config';
import { ProviderRejectedError, ProviderRequestError } from '../errors';
import type { HttpClient } from '../http-client';
import type { CollectRequest } from '../provider';
import {
  ATTEMPT_ID,
  createFakeClock,
  createFakeHttp,
  silentLogger,
} from '../providers.test-support';
import { createPaygateProvider } from './paygate.provider';

function paygate(http: HttpClient) {
  const config = loadPspConfig({
    PAYGATE_BASE_URL: 'http://127.0.0.1:4010/paygate',
    PAYGATE_AUTH_TOKEN: 'paygate-test-auth-token',
  }).paygate;
  if (!config) throw new Error('PayGate not configured');
  return createPaygateProvider({ now: createFakeClock().now, http, logger: silentLogger, config });
}

const request: CollectRequest = {
  attemptId: ATTEMPT_ID,
  invoiceId: 'ST-2024-0001',
  money: { amount: 15000, currency: 'XOF' },
  payer: { msisdnE164: '+22890123456' },
  wallet: 'YAS_TG',
  description: 'Frais de scolarité T1',
  notifyUrl: 'https://api.ecolage.example/api/psp/paygate/callback',
};

const status = (answer: Record<string, unknown>) =>
  createFakeHttp({ 'POST /paygate/api/v2/status': { status: 200, json: answer } }).client;

describe('PayGate Global adapter', () => {
  it('pushes a payment with the key in the body, network TMONEY for Mixx by Yas', async () => {
    const { client, requests } = createFakeHttp({
      'POST /paygate/api/v1/pay': { status: 200, json: { tx_reference: '1234567', status: 0 } },
    });
    const result = await paygate(client).collect(request);
    expect(requests).toMatchInlineSnapshot(`
      [
        {
          "body": {
            "amount": 15000,
            "auth_token": "paygate-test-auth-token",
            "description": "Frais de scolarite T1",
            "identifier": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
            "network": "TMONEY",
            "phone_number": "90123456",
          },
          "headers": {
            "Accept": "application/json",
            "Content-Type": "application/json",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/paygate/api/v1/pay",
        },
      ]
    `);
    expect(result).toMatchInlineSnapshot(`
      {
        "nextAction": {
          "hint": "Validez le paiement sur votre téléphone avec votre code secret Mixx by Yas.",
          "type": "await_push",
        },
        "providerRef": "1234567",
        "raw": {
          "status": "0",
          "tx_reference": "1234567",
        },
        "status": "pending",
      }
    `);
  });

  it('reads /pay codes: 2 and 4 refused, 6 (duplicate identifier) means ask', async () => {
    const answer = (code: number) =>
      paygate(
        createFakeHttp({ 'POST /paygate/api/v1/pay': { status: 200, json: { status: code } } })
          .client,
      ).collect({ ...request, wallet: 'MOOV_TG' });
    const badToken = await answer(2).catch((error: unknown) => error);
    expect(badToken).toBeInstanceOf(ProviderRejectedError);
    expect((badToken as ProviderRejectedError).failure).toMatchInlineSnapshot(`
      {
        "code": "configuration",
        "providerCode": "2",
        "reason": "Le prestataire refuse nos identifiants : vérifiez la configuration",
      }
    `);
    await expect(answer(4)).rejects.toBeInstanceOf(ProviderRejectedError);
    expect(await answer(6)).toMatchObject({ status: 'unknown', providerRef: ATTEMPT_ID });
  });

  it('reads /status codes, which differ from /pay: 0 paid, 2 in progress, 4 expired, 6 not validated (a failure)', async () => {
    const table = [];
    for (const code of [0, 2, 4, 6, '0', 9]) {
      const result = await paygate(
        status({
          tx_reference: '1234567',
          identifier: ATTEMPT_ID,
          payment_reference: 'MP240115.1002.A12345',
          status: code,
          datetime: '2024-01-15 10:02:00',
          payment_method: 'T-Money',
          amount: 15000,
        }),
      ).getStatus({ attemptId: ATTEMPT_ID });
      const { raw: _raw, ...rest } = result;
      table.push(rest);
    }
    expect(table).toMatchInlineSnapshot(`
      [
        {
          "paidAmount": {
            "amount": 15000,
            "currency": "XOF",
          },
          "paidAt": 2024-01-15T10:02:00.000Z,
          "providerRef": "1234567",
          "providerStatus": "0",
          "providerTxnId": "MP240115.1002.A12345",
          "status": "succeeded",
        },
        {
          "providerRef": "1234567",
          "providerStatus": "2",
          "status": "pending",
        },
        {
          "failure": {
            "code": "expired",
            "providerCode": "4",
            "reason": "Délai de paiement expiré",
          },
          "providerRef": "1234567",
          "providerStatus": "4",
          "status": "expired",
        },
        {
          "failure": {
            "code": "not_validated",
            "providerCode": "6",
            "reason": "Paiement non validé sur le téléphone du payeur (code secret incorrect ou demande refusée)",
          },
          "providerRef": "1234567",
          "providerStatus": "6",
          "status": "failed",
        },
        {
          "paidAmount": {
            "amount": 15000,
            "currency": "XOF",
          },
          "paidAt": 2024-01-15T10:02:00.000Z,
          "providerRef": "1234567",
          "providerStatus": "0",
          "providerTxnId": "MP240115.1002.A12345",
          "status": "succeeded",
        },
        {
          "providerRef": "1234567",
          "providerStatus": "9",
          "status": "unknown",
        },
      ]
    `);
  });

  it('asks /api/v2/status by our identifier, and reads error 403 as not found', async () => {
    const { client, requests } = createFakeHttp({
      'POST /paygate/api/v2/status': {
        status: 200,
        json: { error_code: 403, error_message: 'Transaction non trouvée.' },
      },
    });
    expect(await paygate(client).findByReference?.(ATTEMPT_ID)).toBeNull();
    expect(requests).toMatchInlineSnapshot(`
      [
        {
          "body": {
            "auth_token": "paygate-test-auth-token",
            "identifier": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
          },
          "headers": {
            "Accept": "application/json",
            "Content-Type": "application/json",
          },
          "method": "POST",
          "url": "http://127.0.0.1:4010/paygate/api/v2/status",
        },
      ]
    `);
  });

  it('needs a Togo number and a Togo wallet', async () => {
    const client = createFakeHttp({}).client;
    await expect(
      paygate(client).collect({ ...request, payer: { msisdnE164: '+22997000000' } }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
    await expect(paygate(client).collect({ ...request, wallet: 'MTN' })).rejects.toBeInstanceOf(
      ProviderRequestError,
    );
  });

  it('reads the unsigned callback as a hint to ask for the status', async () => {
    const event = await paygate(createFakeHttp({}).client).parseWebhook({
      method: 'POST',
      path: '/api/psp/paygate/callback',
      headers: {},
      rawBody: Buffer.from(
        JSON.stringify({
          tx_reference: '1234567',
          identifier: ATTEMPT_ID,
          payment_reference: 'MP240115.1002.A12345',
          amount: 15000,
          datetime: '2024-01-15 10:02:00',
          payment_method: 'T-Money',
          phone_number: '90123456',
        }),
      ),
      receivedAt: new Date('2024-01-15T10:02:05Z'),
    });
    expect({ ...event, raw: '…' }).toMatchInlineSnapshot(`
      {
        "attemptId": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
        "authFailure": "not_signed",
        "authenticity": "unauthenticated",
        "dedupeKey": "7b2055091cddd36bc736307b20c1fd6914c9547943a8639b4930ae4c57c7d9f6",
        "eventType": "payment.callback",
        "providerRef": "1234567",
        "raw": "…",
      }
    `);
  });
});
