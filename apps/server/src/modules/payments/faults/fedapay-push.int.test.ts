import { describe, expect, it } from 'vitest';
import { usePaymentsHarness } from '../../../test/payments-harness';
import { PAYER_DEADLINE_MINUTES } from '../processing/deadlines';
import {
  askToPay,
  CONFIRMATION,
  deliveriesOf,
  eventsOf,
  expectCreditedOnce,
  expectNothingCredited,
  fault,
  onlySim,
  openReviews,
  payerApproves,
  paymentOf,
  pollAfterBackoff,
  redeliver,
  resetSandboxAfterEach,
  routeTogoWalletsThroughFedapay,
  simsFor,
  statesOf,
  useFamilies,
} from './faults.test-support';

/**
 * FedaPay as Togo's aggregator (PSP_TOGO_AGGREGATOR=fedapay): Mixx by Yas by USSD push (mode
 * `togocel`) — three calls to create (transaction, token, push) instead of the card's two. The
 * card path covers FedaPay's webhooks for every fault; these cover the push path's own.
 */
describe('FedaPay USSD push (Mixx by Yas) under faults', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  routeTogoWalletsThroughFedapay(harness);
  resetSandboxAfterEach(harness);

  async function pushPayment() {
    const h = harness();
    const school = await newFamily();
    const payment = await askToPay(h, school, 'fedapay', { wallet: 'YAS_TG' });
    expect(payment).toMatchObject({ provider: 'fedapay', wallet: 'YAS_TG' });
    return { h, school, payment };
  }

  it('rings the phone and credits once a confirmation delivered 10 times', async () => {
    const { h, school, payment } = await pushPayment();
    expect(payment).toMatchObject({ status: 'pending', nextAction: { type: 'await_push' } });
    const sim = onlySim(h, payment.id);
    expect(sim).toMatchObject({ awaiting: 'phone', msisdn: payment.payerPhone.slice(1) });
    await h.settle();
    fault(h, 'fedapay', 'duplicate');
    payerApproves(h, payment.id);
    await h.sandbox.sandbox.flush();
    const [confirmation] = deliveriesOf(sim, CONFIRMATION.fedapay);
    for (let copy = 0; copy < 8; copy += 1) await redeliver(h, confirmation!);
    await h.worker.drainEvents();
    await expectCreditedOnce(h, school, payment.id);
  });

  it('never moves backwards when transaction.created arrives after the approval', async () => {
    const h = harness();
    fault(h, 'fedapay', 'reorder');
    const { school, payment } = await pushPayment();
    await h.settle();
    payerApproves(h, payment.id);
    await h.settle();
    await expectCreditedOnce(h, school, payment.id);
    expect(await statesOf(h.context.db, payment.id)).toEqual(['initiated', 'pending', 'succeeded']);
  });

  it('recovers a dropped approval with the poller', async () => {
    const { h, school, payment } = await pushPayment();
    await h.settle();
    fault(h, 'fedapay', 'drop');
    payerApproves(h, payment.id);
    await h.settle();
    expect((await paymentOf(school, payment.id)).status).toBe('pending');
    await pollAfterBackoff(h, payment.id);
    await expectCreditedOnce(h, school, payment.id);
  });

  it('finds the transaction after a timeout on its creation, without creating it twice', async () => {
    const h = harness();
    fault(h, 'fedapay', 'timeout_after_create', { ms: 2_000, times: 1 });
    const { school, payment } = await pushPayment();
    // Found again by its metadata, pending. But the lost answer carried the transaction id that
    // the token and the push need: the push was never sent, no phone rang (see the report).
    expect(await statesOf(h.context.db, payment.id)).toEqual(['initiated', 'unknown', 'pending']);
    const sim = onlySim(h, payment.id);
    expect(sim.awaiting).not.toBe('phone');
    await h.settle();

    // Nobody can approve it: FedaPay cancels it (it has no « expired »), and the invoice is free.
    h.clock.advance(PAYER_DEADLINE_MINUTES.fedapay * 60);
    await h.worker.reconcile();
    expect((await paymentOf(school, payment.id)).status).toBe('cancelled');
    await expectNothingCredited(h, school, payment.id);
    expect(simsFor(h, payment.id)).toHaveLength(1);
    const retry = await askToPay(h, school, 'fedapay', { wallet: 'YAS_TG' });
    expect(onlySim(h, retry.id).awaiting).toBe('phone');
  });

  it('flags a badly signed approval, and applies what the status query says', async () => {
    const { h, school, payment } = await pushPayment();
    await h.settle();
    fault(h, 'fedapay', 'bad_signature');
    payerApproves(h, payment.id);
    await h.settle();
    const flagged = (await eventsOf(h.context.db, payment.id)).filter(
      (event) => event.outcome === 'flagged',
    );
    expect(flagged).toHaveLength(1);
    await expectNothingCredited(h, school, payment.id);
    expect(await openReviews(school, payment.id)).toEqual([
      expect.objectContaining({ reason: 'unauthenticated', paymentId: payment.id }),
    ]);
    await h.worker.reconcile();
    await expectCreditedOnce(h, school, payment.id);
  });

  it('never applies an approval of another amount', async () => {
    const { h, school, payment } = await pushPayment();
    await h.settle();
    fault(h, 'fedapay', 'amount_mismatch', { difference: -100 });
    payerApproves(h, payment.id);
    await h.settle();
    expect((await paymentOf(school, payment.id)).status).toBe('pending');
    await expectNothingCredited(h, school, payment.id);
    expect(await openReviews(school, payment.id)).toEqual([
      expect.objectContaining({ reason: 'amount_mismatch', reportedAmount: payment.amount - 100 }),
    ]);
  });
});
