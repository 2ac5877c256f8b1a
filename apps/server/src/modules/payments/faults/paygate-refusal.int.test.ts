import { describe, expect, it } from 'vitest';
import { usePaymentsHarness } from '../../../test/payments-harness';
import {
  askToPay,
  expectNothingCredited,
  onlySim,
  paymentOf,
  resetSandboxAfterEach,
  statesOf,
  useFamilies,
} from './faults.test-support';

/**
 * Moov Flooz through PayGate, the payer types a wrong secret code (`0000` on the téléphone): the
 * request ends « Échec » with the reason as soon as the operator says so, not « Annulé » at the
 * next status query; and the expiry the school reads is the operator prompt's own.
 */
describe('PayGate: a payment the payer does not validate', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  resetSandboxAfterEach(harness);

  it('fails at once with its reason, its expiry the operator prompt’s', async () => {
    const h = harness();
    const school = await newFamily();
    const payment = await askToPay(h, school, 'paygate', { wallet: 'MOOV_TG' });
    expect(payment).toMatchObject({ provider: 'paygate', status: 'pending' });
    const sim = onlySim(h, payment.id);
    expect(sim.operator).toBe('Moov Money (Flooz)');
    // The same minute as the prompt on the phone (within the request's own latency).
    expect(Math.abs(new Date(payment.expiresAt).getTime() - sim.expiresAt!.getTime())).toBeLessThan(
      5_000,
    );
    await h.settle();

    expect(h.sandbox.sandbox.resolve(sim, 'wrong_pin')).toBe(true);
    // Its callback only: no status query is due yet (the first backoff is 15 s away).
    await h.settle();
    expect(await paymentOf(school, payment.id)).toMatchObject({
      status: 'failed',
      failureReason:
        'Paiement non validé sur le téléphone du payeur (code secret incorrect ou demande refusée)',
    });
    expect(await statesOf(h.context.db, payment.id)).toEqual(['initiated', 'pending', 'failed']);
    await expectNothingCredited(h, school, payment.id);
  });
});
