import { describe, expect, it } from 'vitest';
import { usePaymentsHarness } from '../../../test/payments-harness';
import type { ProviderId } from '../../psp';
import {
  askToPay,
  CONFIRMATION,
  deliveriesOf,
  eventsOf,
  expectCreditedOnce,
  fault,
  payerApproves,
  paymentOf,
  pollAfterBackoff,
  PROVIDERS,
  redeliver,
  requeueEvents,
  resetSandboxAfterEach,
  statesOf,
  onlySim,
  useFamilies,
} from './faults.test-support';

/** The notifications the reorder fault sends, in the order they arrive: final word first. */
const REORDERED: Record<ProviderId, string[]> = {
  mtn: ['SUCCESSFUL', 'PENDING'],
  orange: ['SUCCESS', 'PENDING'],
  wave: ['checkout.session.completed', 'checkout.session.payment_failed'],
  fedapay: ['transaction.approved', 'transaction.created'],
  // PayGate calls back only once; its status API lags behind the callback instead.
  paygate: ['payment'],
};

/**
 * Notifications that arrive twice, out of order, or not at all: the payment is credited once,
 * never moves backwards, and the poller finds what a lost notification would have said.
 */
describe('Payment notifications delivered badly', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  resetSandboxAfterEach(harness);

  describe.each(PROVIDERS)('%s', (provider) => {
    it('credits once the same confirmation delivered 10 times', async () => {
      const h = harness();
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      await h.settle();

      // The sandbox sends it twice itself; the provider "retries" 8 more times, byte for byte.
      fault(h, provider, 'duplicate');
      const sim = payerApproves(h, payment.id);
      await h.sandbox.sandbox.flush();
      const sent = deliveriesOf(sim, CONFIRMATION[provider]);
      expect(sent).toHaveLength(2);
      for (let copy = 0; copy < 8; copy += 1) {
        const answer = await redeliver(h, sent[0]!);
        expect(answer.statusCode).toBe(200);
      }
      expect(sent.every((delivery) => delivery.status === 200)).toBe(true);
      await h.worker.drainEvents();

      // Stored once (same dedupe key), applied once.
      const confirmations = (await eventsOf(h.context.db, payment.id)).filter(
        (event) => event.outcome === 'applied',
      );
      expect(confirmations).toHaveLength(1);
      await expectCreditedOnce(h, school, payment.id);
      expect(await statesOf(h.context.db, payment.id)).toEqual([
        'initiated',
        'pending',
        'succeeded',
      ]);

      // Even processed again (its rows put back in the worker's queue), nothing doubles.
      await requeueEvents(h.context.db, payment.id);
      await h.worker.drainEvents();
      await expectCreditedOnce(h, school, payment.id);
    });

    it('never moves backwards when the final word arrives before a pending one', async () => {
      const h = harness();
      const school = await newFamily();
      fault(h, provider, 'reorder');
      const payment = await askToPay(h, school, provider);
      await h.settle();
      payerApproves(h, payment.id);
      await h.settle();

      const labels = onlySim(h, payment.id)
        .timeline.filter((entry) => entry.event === 'callback')
        .map((entry) => entry.detail?.label);
      expect(labels.slice(-REORDERED[provider].length)).toEqual(REORDERED[provider]);

      if (provider === 'paygate') {
        // PayGate's reorder: the callback says paid but /status still answers 2 (in progress)
        // once. The worker believes the status, not the callback: still pending, until the
        // poller asks again.
        expect((await paymentOf(school, payment.id)).status).toBe('pending');
        await pollAfterBackoff(h, payment.id);
      }

      await expectCreditedOnce(h, school, payment.id);
      expect(await statesOf(h.context.db, payment.id)).toEqual([
        'initiated',
        'pending',
        'succeeded',
      ]);
      // Whatever came after the success (a stale PENDING, an earlier payment_failed, FedaPay's
      // transaction.created) was stored and changed nothing.
      const events = await eventsOf(h.context.db, payment.id);
      expect(events.every((event) => event.processed_at !== null)).toBe(true);
      if (provider !== 'paygate') {
        expect(events.filter((event) => event.outcome === 'applied')).toHaveLength(1);
        expect(events.length).toBeGreaterThanOrEqual(2);
      }
    });

    it('recovers a dropped confirmation with the poller', async () => {
      const h = harness();
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      await h.settle();
      fault(h, provider, 'drop');
      const sim = payerApproves(h, payment.id);
      await h.settle();

      expect(sim.timeline.some((entry) => entry.event === 'callback_dropped')).toBe(true);
      expect((await paymentOf(school, payment.id)).status).toBe('pending');

      await pollAfterBackoff(h, payment.id);
      await expectCreditedOnce(h, school, payment.id);
      const [, , last] = await statesOf(h.context.db, payment.id);
      expect(last).toBe('succeeded');
    });
  });
});
