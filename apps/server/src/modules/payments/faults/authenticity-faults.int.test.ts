import { describe, expect, it } from 'vitest';
import { fedapaySignature, waveSignature } from '../../../../../psp-sandbox/src/signing';
import { usePaymentsHarness } from '../../../test/payments-harness';
import type { ProviderId } from '../../psp';
import {
  askToPay,
  CONFIRMATION,
  eventsOf,
  expectCreditedOnce,
  expectNothingCredited,
  fault,
  onlySim,
  openReviews,
  payerApproves,
  paymentOf,
  resetSandboxAfterEach,
  type School,
  useFamilies,
} from './faults.test-support';

/**
 * Notifications whose authenticity fails: a wrong HMAC (Wave, FedaPay), a wrong notif_token
 * (Orange), a timestamp beyond the 300 s tolerance (Wave, FedaPay). They are stored, flagged
 * `unauthenticated` for a person, never applied from their own word, and the poller — asked to
 * look sooner — finds the truth from the provider. MTN and PayGate never sign: their callbacks are
 * always mere hints, so a forged one cannot credit anything either.
 */
describe('Notifications that cannot be authenticated', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  resetSandboxAfterEach(harness);

  const cases: { provider: ProviderId; fault: 'bad_signature' | 'stale_timestamp'; why: string }[] =
    [
      { provider: 'wave', fault: 'bad_signature', why: 'bad_signature' },
      { provider: 'fedapay', fault: 'bad_signature', why: 'bad_signature' },
      { provider: 'orange', fault: 'bad_signature', why: 'token_mismatch' },
      { provider: 'wave', fault: 'stale_timestamp', why: 'stale_timestamp' },
      { provider: 'fedapay', fault: 'stale_timestamp', why: 'stale_timestamp' },
    ];

  it.each(cases)(
    '$provider $fault: stored, flagged, never applied; the poller finds the payment',
    async ({ provider, fault: name, why }) => {
      const h = harness();
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      await h.settle();
      fault(h, provider, name);
      payerApproves(h, payment.id);
      await h.settle();

      const [confirmation, ...others] = (await eventsOf(h.context.db, payment.id)).filter(
        (event) => event.authenticity === 'unauthenticated',
      );
      expect(others).toEqual([]);
      expect(confirmation).toMatchObject({ auth_failure: why, outcome: 'flagged' });
      expect((await paymentOf(school, payment.id)).status).toBe('pending');
      await expectNothingCredited(h, school, payment.id);
      expect(await openReviews(school, payment.id)).toEqual([
        expect.objectContaining({ reason: 'unauthenticated', provider, paymentId: payment.id }),
      ]);

      // The flag asked the poller to look now; the provider says it is paid.
      await h.worker.reconcile();
      await expectCreditedOnce(h, school, payment.id);
    },
  );

  it.each(['wave', 'fedapay'] as const)(
    '%s: a forged success for an unpaid payment is flagged and changes nothing',
    async (provider) => {
      const h = harness();
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      await h.settle();
      const forged = await h.app.inject(forgedSignedSuccess(h.clock.now(), provider, payment));
      expect(forged.statusCode).toBe(200);
      await h.worker.drainEvents();

      expect(await openReviews(school, payment.id)).toEqual([
        expect.objectContaining({ reason: 'unauthenticated', paymentId: payment.id }),
      ]);
      await h.worker.reconcile();
      expect((await paymentOf(school, payment.id)).status).toBe('pending');
      await expectNothingCredited(h, school, payment.id);
      expect(onlySim(h, payment.id).state).toBe('pending');
    },
  );

  it.each(['mtn', 'paygate'] as const)(
    '%s never signs: a forged success callback is only a hint, and the provider says pending',
    async (provider) => {
      // bad_signature and stale_timestamp have nothing to act on here (no signature, no
      // timestamp); what they stand for is a forgery, which is what this test sends.
      const h = harness();
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      await h.settle();
      const forged = await h.app.inject(forgedUnsignedSuccess(provider, school, payment));
      expect(forged.statusCode).toBe(200);
      await h.worker.drainEvents();

      const [event] = await eventsOf(h.context.db, payment.id);
      expect(event).toMatchObject({
        authenticity: 'unauthenticated',
        auth_failure: 'not_signed',
        outcome: 'unchanged',
      });
      expect((await paymentOf(school, payment.id)).status).toBe('pending');
      await expectNothingCredited(h, school, payment.id);
      // Unsigned is normal for them: no review, the status query is the check.
      expect(await openReviews(school, payment.id)).toEqual([]);
    },
  );

  it.each([
    { provider: 'mtn', name: 'bad_signature' },
    { provider: 'paygate', name: 'bad_signature' },
    { provider: 'mtn', name: 'stale_timestamp' },
    { provider: 'paygate', name: 'stale_timestamp' },
    { provider: 'orange', name: 'stale_timestamp' },
  ] as const)(
    '$provider: the $name fault has nothing to act on, the payment goes through',
    async ({ provider, name }) => {
      // The sandbox only tampers with signed deliveries; these providers' callbacks carry no
      // signature (MTN, PayGate) or no timestamp (Orange's notif_token).
      const h = harness();
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      await h.settle();
      fault(h, provider, name);
      const sim = payerApproves(h, payment.id);
      await h.settle();

      const delivered = sim.timeline.filter(
        (entry) => entry.event === 'callback' && entry.detail?.label === CONFIRMATION[provider],
      );
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.detail).not.toHaveProperty('badSignature');
      expect(delivered[0]!.detail).not.toHaveProperty('staleSeconds');
      await expectCreditedOnce(h, school, payment.id);
      expect(await openReviews(school, payment.id)).toEqual([]);
    },
  );
});

/** A success event for a payment the payer has not made, signed with a guessed secret. */
function forgedSignedSuccess(
  now: Date,
  provider: 'wave' | 'fedapay',
  payment: { id: string; amount: number; providerRef: string },
) {
  const timestamp = Math.floor(now.getTime() / 1000);
  if (provider === 'wave') {
    const body = JSON.stringify({
      id: 'EV_forged0001',
      type: 'checkout.session.completed',
      data: {
        id: payment.providerRef,
        amount: String(payment.amount),
        currency: 'XOF',
        checkout_status: 'complete',
        payment_status: 'succeeded',
        client_reference: payment.id,
        transaction_id: 'T_FORGED',
      },
    });
    return {
      method: 'POST' as const,
      url: '/api/psp/wave/webhook',
      headers: {
        'content-type': 'application/json',
        'wave-signature': waveSignature('guessed-secret', timestamp, body),
      },
      payload: body,
    };
  }
  const body = JSON.stringify({
    id: 999_999,
    name: 'transaction.approved',
    entity: {
      id: Number(payment.providerRef),
      amount: payment.amount,
      status: 'approved',
      custom_metadata: { attempt_id: payment.id },
    },
  });
  return {
    method: 'POST' as const,
    url: '/api/psp/fedapay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-fedapay-signature': fedapaySignature('guessed-secret', timestamp, body),
    },
    payload: body,
  };
}

/** A success callback for a payment the payer has not made, from a provider that never signs. */
function forgedUnsignedSuccess(
  provider: 'mtn' | 'paygate',
  school: School,
  payment: { id: string; amount: number; providerRef: string },
) {
  if (provider === 'mtn') {
    return {
      method: 'POST' as const,
      url: `/api/psp/mtn/callback/${payment.id}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        financialTransactionId: '999999999',
        externalId: school.invoices[0]!.id,
        amount: String(payment.amount),
        currency: 'XOF',
        status: 'SUCCESSFUL',
      }),
    };
  }
  return {
    method: 'POST' as const,
    url: '/api/psp/paygate/webhook',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      tx_reference: payment.providerRef,
      identifier: payment.id,
      payment_reference: '0000000000',
      amount: payment.amount,
      datetime: '2026-01-01 10:00:00',
      payment_method: 'T-Money',
      phone_number: '90112233',
    }),
  };
}
