import { describe, expect, it } from 'vitest';
import type { CollectRequest } from '../provider';
import { ATTEMPT_ID } from '../providers.test-support';
import {
  mtnErrorCode,
  mtnRequestToPayBody,
  parseMtnCallback,
  toMtnRefundResult,
  toMtnStatusResult,
} from './mtn.transform';

describe('MTN translations', () => {
  it('sends whole francs as a string, in the sandbox wire currency when set, with plain notes', () => {
    const request: CollectRequest = {
      attemptId: ATTEMPT_ID,
      invoiceId: 'ST-2024-0001',
      money: { amount: 150000, currency: 'XOF' },
      description: "Frais d'écolage « T1 » — Licence 1",
      notifyUrl: `https://api.ecolage.example/api/psp/mtn/callback/${ATTEMPT_ID}`,
    };
    expect(mtnRequestToPayBody(request, '+46733123454', 'EUR')).toMatchInlineSnapshot(`
      {
        "amount": "150000",
        "currency": "EUR",
        "externalId": "ST-2024-0001",
        "payeeNote": "Frais d ecolage T1 Licence 1",
        "payer": {
          "partyId": "46733123454",
          "partyIdType": "MSISDN",
        },
        "payerMessage": "Frais d ecolage T1 Licence 1",
      }
    `);
  });

  it('translates every MTN status, both reason shapes and the sandbox wire currency', () => {
    const base = { amount: '15000', currency: 'EUR', externalId: 'ST-2024-0001' };
    const expected = { amount: 15000, currency: 'XOF' as const };
    const answers = [
      { ...base, status: 'SUCCESSFUL', financialTransactionId: '23503452' },
      { ...base, status: 'PENDING' },
      { ...base, status: 'ONGOING' },
      { ...base, status: 'FAILED', reason: 'COULD_NOT_PERFORM_TRANSACTION' },
      { ...base, status: 'FAILED', reason: { code: 'APPROVAL_REJECTED', message: 'Rejected' } },
      { ...base, status: 'FAILED', reason: 'TRANSACTION_CANCELED' },
      { ...base, status: 'FAILED' },
      { ...base, status: 'REJECTED' },
      { ...base, status: 'TIMEOUT' },
      { ...base, status: 'SOMETHING_NEW' },
    ];
    const table = answers.map((answer) => {
      const result = toMtnStatusResult(answer, {
        attemptId: ATTEMPT_ID,
        wireCurrency: 'EUR',
        expected,
      });
      return [answer.status, result.status, result.failure?.reason, result.paidAmount];
    });
    expect(table).toMatchInlineSnapshot(`
      [
        [
          "SUCCESSFUL",
          "succeeded",
          undefined,
          {
            "amount": 15000,
            "currency": "XOF",
          },
        ],
        [
          "PENDING",
          "pending",
          undefined,
          undefined,
        ],
        [
          "ONGOING",
          "pending",
          undefined,
          undefined,
        ],
        [
          "FAILED",
          "expired",
          "Le payeur n'a pas validé le paiement à temps",
          undefined,
        ],
        [
          "FAILED",
          "failed",
          "Paiement refusé par le payeur",
          undefined,
        ],
        [
          "FAILED",
          "cancelled",
          "Paiement annulé",
          undefined,
        ],
        [
          "FAILED",
          "failed",
          "Paiement refusé par l'opérateur",
          undefined,
        ],
        [
          "REJECTED",
          "failed",
          "Paiement refusé par le payeur",
          undefined,
        ],
        [
          "TIMEOUT",
          "expired",
          "Le payeur n'a pas validé le paiement à temps",
          undefined,
        ],
        [
          "SOMETHING_NEW",
          "unknown",
          undefined,
          undefined,
        ],
      ]
    `);
  });

  it('reads the unsigned callback as a hint, named by the attempt id of its path', () => {
    const body =
      '{"externalId":"ST-2024-0001","amount":"15000","currency":"XOF","status":"SUCCESSFUL"}';
    const webhook = {
      method: 'PUT',
      path: `/api/psp/mtn/callback/${ATTEMPT_ID}`,
      headers: { 'content-type': 'application/json' },
      rawBody: Buffer.from(body),
      receivedAt: new Date('2024-01-15T10:01:00Z'),
      attemptId: ATTEMPT_ID,
    };
    const event = parseMtnCallback(webhook);
    expect(event).toMatchInlineSnapshot(`
      {
        "attemptId": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
        "authFailure": "not_signed",
        "authenticity": "unauthenticated",
        "dedupeKey": "9877a0f5d10ad0e3202472f67e0ea79023c9ae1de97658d9917420c983ad8870",
        "eventType": "requesttopay",
        "hintedStatus": "succeeded",
        "providerRef": "0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47",
        "raw": {
          "amount": "15000",
          "currency": "XOF",
          "externalId": "ST-2024-0001",
          "status": "SUCCESSFUL",
        },
      }
    `);
    expect(parseMtnCallback({ ...webhook }).dedupeKey).toBe(event.dedupeKey);
  });

  it('says of each refund only whether it went through, is under way or failed, and why', () => {
    const base = { amount: '5000', currency: 'XOF' };
    const answers = [
      { ...base, status: 'PENDING' },
      { ...base, status: 'ONGOING' },
      { ...base, status: 'SUCCESSFUL', financialTransactionId: '99' },
      { ...base, status: 'FAILED', reason: 'NOT_ENOUGH_FUNDS' },
      { ...base, status: 'FAILED', reason: { code: 'PAYEE_NOT_FOUND', message: 'Not found' } },
      { ...base, status: 'FAILED', reason: 'COULD_NOT_PERFORM_TRANSACTION' },
      { ...base, status: 'FAILED' },
      { ...base, status: 'REJECTED' },
      { ...base, status: 'SOMETHING_NEW' },
    ];
    const table = answers.map((answer) => {
      const result = toMtnRefundResult(answer, 'rf-1');
      return `${answer.status} → ${result.status} ${result.providerTxnId ?? ''}${result.failure?.reason ?? ''}`;
    });
    expect(table).toMatchInlineSnapshot(`
      [
        "PENDING → refund_pending ",
        "ONGOING → refund_pending ",
        "SUCCESSFUL → refunded 99",
        "FAILED → failed Solde du compte marchand insuffisant pour rembourser",
        "FAILED → failed Portefeuille du payeur introuvable : remboursement impossible",
        "FAILED → failed Erreur de traitement chez l'opérateur",
        "FAILED → failed Remboursement refusé par le prestataire",
        "REJECTED → failed Remboursement refusé par le prestataire",
        "SOMETHING_NEW → unknown ",
      ]
    `);
    expect(mtnErrorCode('{"code":"INVALID_CURRENCY","message":"Currency not supported."}')).toBe(
      'INVALID_CURRENCY',
    );
    expect(mtnErrorCode('')).toBeUndefined();
  });
});
