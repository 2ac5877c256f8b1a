import { describe, expect, it } from 'vitest';
import type { FaultOptions } from '../../../../../psp-sandbox/src/faults';
import { usePaymentsHarness } from '../../../test/payments-harness';
import { PAYER_DEADLINE_MINUTES } from '../processing/deadlines';
import {
  askToPay,
  expectCreditedOnce,
  expectNothingCredited,
  fault,
  onlySim,
  payerApproves,
  paymentOf,
  PROVIDERS,
  resetSandboxAfterEach,
  simsFor,
  statesOf,
  WALLET_OF,
  useFamilies,
} from './faults.test-support';

/**
 * The provider stores the payment but its answer is lost: the connection hangs past our timeout
 * (timeout_after_create), or it answers 5xx (error_after_create). The attempt goes `unknown` and
 * is looked up with a status query — never created a second time. Shared by the two test files
 * (one per fault, so that they run side by side).
 */
export function describeLostCreateAnswer(
  name: 'timeout_after_create' | 'error_after_create',
  options: FaultOptions,
): void {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  resetSandboxAfterEach(harness);

  describe(`${name}: the provider's answer to a payment request is lost`, () => {
    it.each(PROVIDERS.filter((provider) => provider !== 'orange'))(
      '%s: finds the payment by asking, and never creates it twice',
      async (provider) => {
        const h = harness();
        const school = await newFamily();
        fault(h, provider, name, options);
        const payment = await askToPay(h, school, provider);

        // Unknown first, then found pending by the status query (or the search by reference).
        expect(await statesOf(h.context.db, payment.id)).toEqual([
          'initiated',
          'unknown',
          'pending',
        ]);
        expect(payment.status).toBe('pending');
        expect(onlySim(h, payment.id).timeline.map((entry) => entry.event)).toContain(
          `fault_${name}`,
        );

        // Asking again for the same invoice does not reach the provider: one attempt is active.
        const again = await h.app.inject({
          method: 'POST',
          url: '/api/payments',
          headers: { authorization: `Bearer ${school.token}` },
          payload: {
            guardianId: school.guardianId,
            wallet: WALLET_OF[provider],
            invoiceIds: [school.invoices[0]!.id],
          },
        });
        expect(again.statusCode).toBe(409);

        // Push providers had rung the phone before the answer was lost. On a hosted page (Wave,
        // FedaPay's card page) the payer needs its link, which the lost answer carried: the
        // attempt found again has none to show (see the report); the payer is assumed to reach
        // the provider's page another way.
        const sim = onlySim(h, payment.id);
        if (provider === 'mtn' || provider === 'paygate') expect(sim.awaiting).toBe('phone');
        await h.settle();
        payerApproves(h, payment.id);
        await h.settle();
        await expectCreditedOnce(h, school, payment.id);
        expect(simsFor(h, payment.id)).toHaveLength(1);
      },
    );

    it('orange: cannot be asked without the lost pay_token, and expires at the deadline', async () => {
      // Orange's status query needs order_id + amount + pay_token, and the pay_token was in the
      // lost answer; the payer never got the payment_url either, so nobody can pay it. The
      // attempt stays unknown until our deadline, then expires and frees the invoice.
      const h = harness();
      const school = await newFamily();
      fault(h, 'orange', name, options);
      const payment = await askToPay(h, school, 'orange');
      expect(payment.status).toBe('unknown');
      expect(onlySim(h, payment.id).state).toBe('pending');

      h.clock.advance(PAYER_DEADLINE_MINUTES.orange * 60 + 1);
      await h.worker.reconcile();
      expect((await paymentOf(school, payment.id)).status).toBe('expired');
      expect(await statesOf(h.context.db, payment.id)).toEqual(['initiated', 'unknown', 'expired']);
      await expectNothingCredited(h, school, payment.id);

      // The invoice can be paid again, with a new Orange payment.
      const retry = await askToPay(h, school, 'orange');
      expect(retry.status).toBe('pending');
      expect(simsFor(h, payment.id)).toHaveLength(1);
    });
  });
}
