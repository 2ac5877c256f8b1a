import { describe, expect, it } from 'vitest';
import { usePaymentsHarness } from '../../../test/payments-harness';
import {
  askToPay,
  eventsOf,
  expectCreditedOnce,
  expectNothingCredited,
  fault,
  onlySim,
  openReviews,
  payerApproves,
  paymentOf,
  PROVIDERS,
  resetSandboxAfterEach,
  useFamilies,
} from './faults.test-support';

const DIFFERENCE = -100;

/**
 * The provider confirms a payment of another amount than the one asked (amount_mismatch: its
 * status and notifications report amount − 100). Such a success is never applied: it is flagged
 * `amount_mismatch` with both amounts, for a person to settle with the provider.
 */
describe('A payment confirmed for another amount', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  resetSandboxAfterEach(harness);

  it.each(PROVIDERS.filter((provider) => provider !== 'orange'))(
    '%s: never applied, flagged with both amounts',
    async (provider) => {
      const h = harness();
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      await h.settle();
      fault(h, provider, 'amount_mismatch', { difference: DIFFERENCE });
      const sim = payerApproves(h, payment.id);
      expect(sim.reportedAmount).toBe(payment.amount + DIFFERENCE);
      await h.settle();

      const flagged = (await eventsOf(h.context.db, payment.id)).filter(
        (event) => event.outcome === 'flagged',
      );
      expect(flagged).toHaveLength(1);
      expect((await paymentOf(school, payment.id)).status).toBe('pending');
      await expectNothingCredited(h, school, payment.id);
      const review = {
        reason: 'amount_mismatch',
        provider,
        paymentId: payment.id,
        amount: payment.amount,
        reportedAmount: payment.amount + DIFFERENCE,
      };
      expect(await openReviews(school, payment.id)).toEqual([expect.objectContaining(review)]);

      // The poller asks again and gets the same answer: still never applied, one more review
      // for the attempt itself (not per poll).
      for (let poll = 0; poll < 3; poll += 1) {
        h.clock.advance(61);
        await h.worker.reconcile();
      }
      expect((await paymentOf(school, payment.id)).status).toBe('pending');
      await expectNothingCredited(h, school, payment.id);
      const reviews = await openReviews(school, payment.id);
      expect(reviews).toHaveLength(2);
      expect(reviews).toEqual([expect.objectContaining(review), expect.objectContaining(review)]);

      // Past the deadline it is not expired: the money may be there, so the invoice stays held
      // (no second request to the guardian) until a person settles it with the provider.
      h.clock.advance(3 * 3600);
      await h.worker.reconcile();
      expect((await paymentOf(school, payment.id)).status).toBe('pending');
      const again = await h.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${school.token}` },
        payload: {
          guardianId: school.guardianId,
          wallet: 'MTN',
          invoiceIds: [school.invoices[0]!.id],
        },
      });
      expect(again.statusCode).toBe(409);
    },
  );

  it('orange reports no amount: the mismatch cannot be seen, the amount asked is credited', async () => {
    // Orange's transactionstatus is bound to order_id + amount + pay_token and answers only
    // {status, order_id, txnid}; its notification carries no amount either
    // (capabilities.reportsPaidAmount is false). What was asked is what Orange accepted to
    // collect, so the success is applied at the attempt's amount, with no review.
    const h = harness();
    const school = await newFamily();
    const payment = await askToPay(h, school, 'orange');
    await h.settle();
    fault(h, 'orange', 'amount_mismatch', { difference: DIFFERENCE });
    payerApproves(h, payment.id);
    await h.settle();

    expect(onlySim(h, payment.id).reportedAmount).toBe(payment.amount + DIFFERENCE);
    expect(h.context.providers.get('orange')!.capabilities.reportsPaidAmount).toBe(false);
    const paid = await expectCreditedOnce(h, school, payment.id);
    expect(paid.allocations).toEqual([
      expect.objectContaining({ invoiceId: school.invoices[0]!.id, amount: payment.amount }),
    ]);
    expect(await openReviews(school, payment.id)).toEqual([]);
  });
});
