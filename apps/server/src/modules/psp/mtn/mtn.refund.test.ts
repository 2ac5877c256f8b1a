import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPspConfig } from '../config';
import { ProviderNotFoundError, ProviderRejectedError } from '../errors';
import type { PaymentProvider, RefundRequest } from '../provider';
import { startSandbox } from '../sandbox.test-support';
import { createMtnProvider } from './mtn.provider';

// The MTN adapter against the provider sandbox: Collection to be paid, Disbursement to refund.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox({
    // Numbers outside MTN's magic ones pay at once, as in MTN's own sandbox.
    config: { mtn: { callbackMethod: 'POST', autoApprove: true, reasonAsObject: false } },
  });
});
afterAll(() => sandbox.app.close());

function mtn(overrides: Record<string, string> = {}): PaymentProvider {
  const config = loadPspConfig({ ...sandbox.env, ...overrides }).mtn;
  if (!config) throw new Error('MTN not configured');
  return createMtnProvider({ ...sandbox.context, config });
}

/** A payment of 15 000 XOF, paid (or failed, with a magic number), by its attempt id. */
async function payment(provider: PaymentProvider, msisdn = '+22997000000') {
  const attemptId = randomUUID();
  await provider.collect({
    attemptId,
    invoiceId: 'ST-2026-0001',
    money: { amount: 15000, currency: 'XOF' },
    payer: { msisdnE164: msisdn },
    wallet: 'MTN',
    description: 'Frais de scolarité T1',
    notifyUrl: `http://localhost:3000/api/psp/mtn/callback/${attemptId}`,
  });
  return attemptId;
}

function refundOf(attemptId: string, amount: number, reason?: string): RefundRequest {
  return {
    attemptId,
    providerRef: attemptId,
    refundId: randomUUID(),
    money: { amount, currency: 'XOF' },
    ...(reason ? { reason } : {}),
  };
}

describe('MTN adapter refunds, against the sandbox', () => {
  it('refunds part of a payment, then the rest: each refund pending, then refunded', async () => {
    const provider = mtn();
    expect(provider.capabilities.refunds).toBe('partial');
    const attemptId = await payment(provider);
    const part = refundOf(attemptId, 5000, "Trop-perçu sur l'inscription");
    expect(
      await provider.refund!({
        ...part,
        notifyUrl: `http://localhost:3000/api/psp/mtn/refunds/${part.refundId}`,
      }),
    ).toEqual({
      status: 'refund_pending',
      providerStatus: 'ACCEPTED',
      providerRef: part.refundId,
      raw: { httpStatus: 202 },
    });
    const done = await provider.getRefundStatus!({ refundId: part.refundId });
    expect(done).toMatchObject({
      status: 'refunded',
      providerStatus: 'SUCCESSFUL',
      providerRef: part.refundId,
      providerTxnId: expect.stringMatching(/^\d{9}$/),
      raw: { amount: '5000', currency: 'XOF', payee: { partyId: '22997000000' } },
    });
    expect(done.failure).toBeUndefined();
    // MTN calls back once, at the URL given, with the same body.
    await sandbox.app.sandbox.flush();
    const callback = sandbox.callbacks.find((sent) => sent.url.endsWith(part.refundId));
    expect(JSON.parse(callback?.body ?? '{}')).toMatchObject({ status: 'SUCCESSFUL' });

    // The rest: "refunded" speaks of this refund; the payment's own state is the service's sum.
    const rest = refundOf(attemptId, 10000);
    expect((await provider.refund!(rest)).status).toBe('refund_pending');
    expect((await provider.getRefundStatus!({ refundId: rest.refundId })).status).toBe('refunded');
    // MTN leaves the request to pay SUCCESSFUL.
    expect((await provider.getStatus({ attemptId })).status).toBe('succeeded');

    const more = refundOf(attemptId, 1);
    expect((await provider.refund!(more)).status).toBe('refund_pending');
    expect(await provider.getRefundStatus!({ refundId: more.refundId })).toMatchObject({
      status: 'failed',
      providerStatus: 'FAILED',
      failure: {
        code: 'not_refundable',
        providerCode: 'NOT_ALLOWED',
        reason:
          'Le prestataire refuse ce remboursement : paiement non abouti ou montant au-delà du reste à rembourser',
      },
    });
  });

  it('fails a refund when the sandbox is told to refuse it, with the reason in French', async () => {
    const provider = mtn();
    const attemptId = await payment(provider);
    await sandbox.fault('mtn', 'refund_fail', { times: 1 });
    const refused = refundOf(attemptId, 15000);
    expect((await provider.refund!(refused)).status).toBe('refund_pending');
    expect((await provider.getRefundStatus!({ refundId: refused.refundId })).failure).toEqual({
      code: 'merchant_balance_insufficient',
      providerCode: 'NOT_ENOUGH_FUNDS',
      reason: 'Solde du compte marchand insuffisant pour rembourser',
    });
    // The switch fired once: the same refund, asked again under a new id, goes through.
    const retried = refundOf(attemptId, 15000);
    await provider.refund!(retried);
    expect((await provider.getRefundStatus!({ refundId: retried.refundId })).status).toBe(
      'refunded',
    );
  });

  it('fails the refund of a failed or an unknown payment', async () => {
    const provider = mtn();
    const failed = await payment(provider, '+46733123450');
    const ofFailed = refundOf(failed, 15000);
    await provider.refund!(ofFailed);
    expect((await provider.getRefundStatus!({ refundId: ofFailed.refundId })).failure?.code).toBe(
      'not_refundable',
    );
    const ofUnknown = refundOf(randomUUID(), 15000);
    await provider.refund!(ofUnknown);
    expect((await provider.getRefundStatus!({ refundId: ofUnknown.refundId })).failure).toEqual({
      code: 'payment_not_found',
      providerCode: 'TRANSACTION_NOT_FOUND',
      reason: 'Le paiement à rembourser est introuvable chez le prestataire',
    });
  });

  it('reads a refund id sent twice as "ask, do not re-send", and a never-sent one as not found', async () => {
    const provider = mtn();
    const attemptId = await payment(provider);
    const refund = refundOf(attemptId, 3000);
    await provider.refund!(refund);
    expect(await provider.refund!(refund)).toMatchObject({
      status: 'unknown',
      providerStatus: 'HTTP_409',
    });
    expect((await provider.getRefundStatus!({ refundId: refund.refundId })).status).toBe(
      'refunded',
    );
    await expect(provider.getRefundStatus!({ refundId: randomUUID() })).rejects.toBeInstanceOf(
      ProviderNotFoundError,
    );
  });

  it('refuses a refund the provider cannot take, in the words of a refund', async () => {
    const provider = mtn();
    const attemptId = await payment(provider);
    // A callback host other than the Disbursement API user's: MTN's 400 with its code.
    const error = await provider.refund!({
      ...refundOf(attemptId, 1000),
      notifyUrl: 'https://ecolage.example/cb',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRejectedError);
    expect((error as ProviderRejectedError).failure).toMatchObject({
      code: 'invalid_request',
      providerCode: 'INVALID_CALLBACK_URL_HOST',
    });
  });

  it('uses Disbursement credentials and a token of their own, never Collection’s', async () => {
    const store = sandbox.app.sandbox.store;
    store.tokens.clear();
    const provider = mtn();
    const attemptId = await payment(provider);
    await provider.refund!(refundOf(attemptId, 1000));
    await provider.refund!(refundOf(attemptId, 1000));
    const scopes = [...store.tokens.values()].map((token) => token.scope).sort();
    // One cached token per product.
    expect(scopes).toEqual(['collection', 'disbursement']);

    // Collection's API user is not a Disbursement user; a wrong key fails at API Management.
    const wrongCredentials: Record<string, string>[] = [
      {
        MTN_DISBURSEMENT_API_USER: sandbox.env.MTN_COLLECTION_API_USER!,
        MTN_DISBURSEMENT_API_KEY: sandbox.env.MTN_COLLECTION_API_KEY!,
      },
      { MTN_DISBURSEMENT_SUBSCRIPTION_KEY: sandbox.env.MTN_COLLECTION_SUBSCRIPTION_KEY! },
    ];
    for (const overrides of wrongCredentials) {
      const error = await mtn(overrides).refund!(refundOf(attemptId, 1000)).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect((error as ProviderRejectedError).failure).toEqual({
        code: 'configuration',
        providerCode: 'HTTP_401',
        reason:
          'Le prestataire refuse nos identifiants de remboursement : vérifiez la configuration',
      });
    }
  });
});
