import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usePaymentsHarness } from '../../../test/payments-harness';
import { LATE_SUCCESS_CHECK_MINUTES, PAYER_DEADLINE_MINUTES } from '../processing/deadlines';
import {
  askToPay,
  expectCreditedOnce,
  fault,
  onlySim,
  openReviews,
  payerApproves,
  paymentOf,
  PROVIDERS,
  resetSandboxAfterEach,
  statesOf,
  useFamilies,
} from './faults.test-support';

const LATE_AFTER_SECONDS = 60;

/**
 * The payer approves after we gave up: the poller expired the attempt at our deadline, then the
 * provider reports the payment (the sandbox's late_success). The watch of expired attempts finds
 * it — its notification is dropped here, so only the watch can — and the money is honoured,
 * flagged `lateSuccess` and put in front of a person.
 */
describe('A payment that succeeds after it expired', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  resetSandboxAfterEach(harness);

  it.each(PROVIDERS)('%s: honoured, flagged and listed for review', async (provider) => {
    const h = harness();
    const sandbox = h.sandbox.sandbox;
    const deadlineSeconds = PAYER_DEADLINE_MINUTES[provider] * 60;
    // The provider still waits for the payer at our deadline (Wave's own expiry is our deadline:
    // we believe its when_expires), and gives up two minutes later.
    const defaultExpiry = sandbox.config.expirySeconds[provider];
    sandbox.config.expirySeconds[provider] =
      provider === 'wave' ? deadlineSeconds : deadlineSeconds + 120;
    try {
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      await h.settle();
      fault(h, provider, 'late_success', { afterSeconds: LATE_AFTER_SECONDS });
      fault(h, provider, 'drop');

      // Our deadline: the poller's final status query finds nothing paid and expires it.
      h.clock.advance(deadlineSeconds);
      await h.worker.reconcile();
      const expired = await paymentOf(school, payment.id);
      expect(expired.status).toBe('expired');
      expect(expired.lateSuccess).toBe(false);

      // The provider gives up too, then the payer's approval lands after all.
      h.clock.advance(120);
      sandbox.sweep();
      h.clock.advance(LATE_AFTER_SECONDS);
      sandbox.sweep();
      await h.settle();
      const sim = onlySim(h, payment.id);
      expect(sim.state).toBe('succeeded');
      const events = sim.timeline.map((entry) => entry.event);
      const afterLate = events.slice(events.indexOf('late_success'));
      expect(afterLate).toContain('callback_dropped');
      expect(afterLate).not.toContain('callback');
      expect((await paymentOf(school, payment.id)).status).toBe('expired');

      // The watch asks again a quarter of an hour after the expiry.
      h.clock.advance(LATE_SUCCESS_CHECK_MINUTES * 60 - 180);
      await h.worker.reconcile();
      const late = await expectCreditedOnce(h, school, payment.id);
      expect(late).toMatchObject({ status: 'succeeded', lateSuccess: true });
      expect(await statesOf(h.context.db, payment.id)).toEqual([
        'initiated',
        'pending',
        'expired',
        'succeeded',
      ]);
      const reviews = await openReviews(school, payment.id);
      expect(reviews).toEqual([
        expect.objectContaining({
          reason: 'late_success',
          provider,
          paymentId: payment.id,
          amount: payment.amount,
        }),
      ]);

      // Asked again later, nothing more happens.
      h.clock.advance(LATE_SUCCESS_CHECK_MINUTES * 60);
      await h.worker.reconcile();
      await expectCreditedOnce(h, school, payment.id);
      expect(await openReviews(school, payment.id)).toHaveLength(1);
    } finally {
      sandbox.config.expirySeconds[provider] = defaultExpiry;
    }
  });

  it('a late success for an invoice paid meanwhile by another attempt becomes family credit', async () => {
    const h = harness();
    const sandbox = h.sandbox.sandbox;
    const defaultExpiry = sandbox.config.expirySeconds.mtn;
    sandbox.config.expirySeconds.mtn = PAYER_DEADLINE_MINUTES.mtn * 60 + 120;
    try {
      const school = await newFamily();
      const invoice = school.invoices[0]!;
      const first = await askToPay(h, school, 'mtn');
      await h.settle();
      fault(h, 'mtn', 'late_success', { afterSeconds: LATE_AFTER_SECONDS });
      h.clock.advance(PAYER_DEADLINE_MINUTES.mtn * 60);
      await h.worker.reconcile();
      expect((await paymentOf(school, first.id)).status).toBe('expired');

      // The invoice is free again: the guardian pays it another way, at once.
      const second = await askToPay(h, school, 'paygate');
      payerApproves(h, second.id);
      await h.settle();
      await expectCreditedOnce(h, school, second.id);

      // Then the first payment's approval lands after all (its callback is delivered this time).
      h.clock.advance(120);
      sandbox.sweep();
      h.clock.advance(LATE_AFTER_SECONDS);
      sandbox.sweep();
      await h.settle();
      const late = await expectCreditedOnce(h, school, first.id);
      expect(late).toMatchObject({
        lateSuccess: true,
        allocations: [],
        creditAmount: invoice.total,
      });
      const [stored] = (
        await h.context.db.execute(
          sql`select paid::int, status from invoices where id = ${invoice.id}`,
        )
      ).rows as { paid: number; status: string }[];
      expect(stored).toEqual({ paid: invoice.total, status: 'paid' });
      expect(await openReviews(school, first.id)).toEqual([
        expect.objectContaining({ reason: 'late_success', paymentId: first.id }),
      ]);
    } finally {
      sandbox.config.expirySeconds.mtn = defaultExpiry;
    }
  });
});
