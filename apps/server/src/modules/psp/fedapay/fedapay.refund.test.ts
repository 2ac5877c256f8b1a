import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPspConfig } from '../config';
import { ProviderNotFoundError, ProviderRejectedError, ProviderRequestError } from '../errors';
import type { PaymentProvider, RefundRequest } from '../provider';
import { startSandbox } from '../sandbox.test-support';
import { createFedapayProvider } from './fedapay.provider';
import { toFedapayRefundResult } from './fedapay.transform';

// The FedaPay adapter against the provider sandbox, which has the refund endpoint the adapter
// models (FedaPay documents none: see fedapay.transform.ts).
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.app.close());

function fedapay(overrides: Record<string, string> = {}): PaymentProvider {
  const config = loadPspConfig({ ...sandbox.env, ...overrides }).fedapay;
  if (!config) throw new Error('FedaPay not configured');
  return createFedapayProvider({ ...sandbox.context, config });
}

/** A payment of 15 000 XOF pushed to Mixx by Yas; the payer pays it unless told otherwise. */
async function payment(provider: PaymentProvider, paid = true) {
  const attemptId = randomUUID();
  const { providerRef } = await provider.collect({
    attemptId,
    invoiceId: 'ST-2026-0001',
    money: { amount: 15000, currency: 'XOF' },
    payer: { msisdnE164: '+22890123456' },
    wallet: 'YAS_TG',
    description: 'Frais de scolarité T1',
    notifyUrl: 'http://127.0.0.1:3000/api/psp/fedapay/webhook',
  });
  if (paid) {
    const transaction = sandbox.app.sandbox.store.find('fedapay', providerRef);
    const answer = await sandbox.app.inject({
      method: 'POST',
      url: `/__sim/transactions/${transaction?.id}/resolve`,
      payload: { action: 'paid' },
    });
    if (answer.statusCode !== 200) throw new Error(answer.body);
  }
  return { attemptId, providerRef };
}

function refundOf(paid: { attemptId: string; providerRef: string }, amount: number): RefundRequest {
  return { ...paid, refundId: randomUUID(), money: { amount, currency: 'XOF' } };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ProviderRejectedError> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ProviderRejectedError);
  return error as ProviderRejectedError;
}

describe('FedaPay adapter refunds, against the sandbox', () => {
  it('offers no refund unless FEDAPAY_API_REFUNDS says the endpoint exists', () => {
    const provider = fedapay({ FEDAPAY_API_REFUNDS: '' });
    expect(provider.capabilities.refunds).toBe('none');
    expect(provider.refund).toBeUndefined();
    expect(provider.getRefundStatus).toBeUndefined();
    expect(() => fedapay({ FEDAPAY_API_REFUNDS: 'oui' })).toThrow(
      'FEDAPAY_API_REFUNDS: doit valoir true ou false',
    );
  });

  it('refunds part of a payment, then the rest, as the transaction’s status says', async () => {
    const provider = fedapay();
    expect(provider.capabilities.refunds).toBe('partial');
    const paid = await payment(provider);
    const part = await provider.refund!(refundOf(paid, 5000));
    expect(part).toMatchObject({
      status: 'partially_refunded',
      providerStatus: 'approved_partially_refunded',
      providerRef: paid.providerRef,
      raw: { id: Number(paid.providerRef), amount: 15000 },
    });
    expect(part.failure).toBeUndefined();
    const query = { refundId: randomUUID(), providerRef: paid.providerRef };
    expect((await provider.getRefundStatus!(query)).status).toBe('partially_refunded');
    expect((await provider.getStatus(paid)).status).toBe('partially_refunded');

    expect(await provider.refund!(refundOf(paid, 10000))).toMatchObject({
      status: 'refunded',
      providerStatus: 'refunded',
    });
    expect((await provider.getRefundStatus!(query)).status).toBe('refunded');
    const nothingLeft = await rejectionOf(provider.refund!(refundOf(paid, 1)));
    expect(nothingLeft.failure).toEqual({
      code: 'unknown',
      providerCode: 'HTTP_400',
      reason: 'Remboursement refusé par le prestataire',
    });
    expect(nothingLeft.providerBody).toEqual({
      message: 'Cette transaction ne peut pas être remboursée',
    });
  });

  it('reads a paid transaction as a refund still to show, an unpaid one as not refundable', async () => {
    const provider = fedapay();
    const paid = await payment(provider);
    const ofPaid = { refundId: randomUUID(), providerRef: paid.providerRef };
    expect((await provider.getRefundStatus!(ofPaid)).status).toBe('refund_pending');
    const unpaid = await payment(provider, false);
    const ofUnpaid = { refundId: randomUUID(), providerRef: unpaid.providerRef };
    expect(await provider.getRefundStatus!(ofUnpaid)).toMatchObject({
      status: 'failed',
      providerStatus: 'pending',
      failure: { code: 'not_refundable', providerCode: 'pending' },
    });
    await rejectionOf(provider.refund!(refundOf(unpaid, 1000)));
  });

  it('fails when the sandbox is told to refuse, and the payment stays paid', async () => {
    const provider = fedapay();
    const paid = await payment(provider);
    await sandbox.fault('fedapay', 'refund_fail', { times: 1 });
    const refused = await rejectionOf(provider.refund!(refundOf(paid, 15000)));
    expect(refused.failure.reason).toBe('Remboursement refusé par le prestataire');
    expect((await provider.getStatus(paid)).status).toBe('succeeded');
    expect((await provider.refund!(refundOf(paid, 15000))).status).toBe('refunded');
  });

  it('says wrong credentials, an unknown transaction and a missing reference in French', async () => {
    const paid = await payment(fedapay());
    const wrongKey = await rejectionOf(
      fedapay({ FEDAPAY_SECRET_KEY: 'sk_sandbox_not_ours' }).refund!(refundOf(paid, 1000)),
    );
    expect(wrongKey.failure).toEqual({
      code: 'configuration',
      providerCode: 'HTTP_401',
      reason: 'Le prestataire refuse nos identifiants de remboursement : vérifiez la configuration',
    });
    const provider = fedapay();
    const unknown = { attemptId: randomUUID(), providerRef: '999999999' };
    expect((await rejectionOf(provider.refund!(refundOf(unknown, 1000)))).failure.code).toBe(
      'payment_not_found',
    );
    await expect(
      provider.getRefundStatus!({ refundId: randomUUID(), providerRef: '999999999' }),
    ).rejects.toBeInstanceOf(ProviderNotFoundError);
    await expect(
      provider.refund!({ ...refundOf(paid, 1000), providerRef: undefined }),
    ).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('reads every transaction status as what it says of a refund', () => {
    const statuses = [
      'refunded',
      'approved_partially_refunded',
      'transferred_partially_refunded',
      'approved',
      'transferred',
      'pending',
      'declined',
      'canceled',
      'something_new',
    ];
    const table = statuses.map((status) => {
      const result = toFedapayRefundResult({ id: 258, amount: 15000, status });
      return `${status} → ${result.status} ${result.failure?.reason ?? ''}`;
    });
    expect(table).toMatchInlineSnapshot(`
      [
        "refunded → refunded ",
        "approved_partially_refunded → partially_refunded ",
        "transferred_partially_refunded → partially_refunded ",
        "approved → refund_pending ",
        "transferred → refund_pending ",
        "pending → failed Le prestataire refuse ce remboursement : paiement non abouti ou montant au-delà du reste à rembourser",
        "declined → failed Le prestataire refuse ce remboursement : paiement non abouti ou montant au-delà du reste à rembourser",
        "canceled → failed Le prestataire refuse ce remboursement : paiement non abouti ou montant au-delà du reste à rembourser",
        "something_new → unknown ",
      ]
    `);
  });
});
