import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectLedgerAgrees, usePaymentsHarness } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import { createPaymentsWorker } from '../processing/payments.worker';
import {
  CONFIRMATION,
  deliveriesOf,
  eventsOf,
  expectCreditedOnce,
  moneyFacts,
  askToPay,
  payerApproves,
  PROVIDERS,
  redeliver,
  resetSandboxAfterEach,
  WALLET_OF,
  useFamilies,
} from './faults.test-support';

/**
 * Many things at once: the same confirmation delivered 50 times simultaneously while two workers
 * drain the queue, and 20 payers paying the same invoice at the same moment.
 */
describe('Payments under concurrency', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  resetSandboxAfterEach(harness);

  it.each(PROVIDERS)(
    '%s: 50 simultaneous deliveries of one confirmation credit once',
    async (provider) => {
      const h = harness();
      const school = await newFamily();
      const payment = await askToPay(h, school, provider);
      await h.settle();
      const sim = payerApproves(h, payment.id);
      // The sandbox's own delivery is stored, not processed: no worker runs yet.
      await h.sandbox.sandbox.flush();
      const [confirmation] = deliveriesOf(sim, CONFIRMATION[provider]);
      expect(confirmation?.status).toBe(200);

      // Two workers drain the queue while the deliveries pour in, and the poller's query of the
      // same payment falls due at that very moment.
      h.clock.advance(16);
      const second = createPaymentsWorker(h.context);
      const answers = await Promise.all([
        ...Array.from({ length: 50 }, () => redeliver(h, confirmation!)),
        h.worker.drainEvents().then(() => null),
        second.drainEvents().then(() => null),
        h.worker.reconcile().then(() => null),
      ]);
      expect(
        answers.filter((answer) => answer !== null).map((answer) => answer.statusCode),
      ).toEqual(Array(50).fill(200));
      await Promise.all([h.worker.drainEvents(), second.drainEvents()]);
      await second.stop();

      // One move to succeeded, by whichever came first; an event that applied it says so.
      const [success, ...more] = (
        await h.context.db.execute(
          sql`select cause, event_id from payment_transitions
            where attempt_id = ${payment.id} and to_status = 'succeeded'`,
        )
      ).rows as { cause: string; event_id: string | null }[];
      expect(more).toEqual([]);
      const applied = (await eventsOf(h.context.db, payment.id)).filter(
        (event) => event.outcome === 'applied',
      );
      if (success!.cause === 'webhook') {
        expect(applied.map((event) => event.id)).toEqual([success!.event_id]);
      } else {
        expect(success!.cause).toBe('poll');
        expect(applied).toEqual([]);
      }
      await expectCreditedOnce(h, school, payment.id);
    },
  );

  it('20 payers paying one invoice at once never over-allocate it: the rest is family credit', async () => {
    const h = harness();
    const school = await newFamily();
    const invoice = school.invoices[0]!;
    const guardianIds = [school.guardianId];
    for (let index = 1; index < 20; index += 1) {
      const link = await ok(
        school.call('POST', `/api/students/${school.student.id}/guardians`, {
          fullName: `Responsable ${index}`,
          phone: `+2289020${String(index).padStart(4, '0')}`,
          relation: 'guardian',
        }),
        201,
      );
      guardianIds.push(link.id);
    }

    // Every payer at once, on every provider; the first payer also double-clicks.
    const requests = [...guardianIds, guardianIds[0]!].map((guardianId, index) =>
      h.app.inject({
        method: 'POST',
        url: '/api/payments',
        headers: { authorization: `Bearer ${school.token}` },
        payload: {
          guardianId,
          wallet: WALLET_OF[PROVIDERS[index % PROVIDERS.length]!],
          invoiceIds: [invoice.id],
        },
      }),
    );
    const answers = await Promise.all(requests);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // One active attempt per invoice and payer: the double click is refused.
    expect(statuses).toEqual([...Array(20).fill(201), 409]);
    const payments = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json() as { id: string; status: string; amount: number });
    expect(payments.every((payment) => payment.status === 'pending')).toBe(true);
    expect(payments.every((payment) => payment.amount === invoice.total)).toBe(true);
    await h.settle();

    // Everyone approves in the same instant; the worker applies them 16 at a time.
    for (const payment of payments) payerApproves(h, payment.id);
    await h.settle();

    const [stored] = (
      await h.context.db.execute(
        sql`select total::int, paid::int, status from invoices where id = ${invoice.id}`,
      )
    ).rows as { total: number; paid: number; status: string }[];
    expect(stored).toEqual({ total: invoice.total, paid: invoice.total, status: 'paid' });

    let allocated = 0;
    let credited = 0;
    for (const payment of payments) {
      const facts = await moneyFacts(h.context.db, payment.id);
      expect(facts).toMatchObject({ postings: 1, outbox: 1 });
      expect(facts.allocated + facts.credited).toBe(invoice.total);
      allocated += facts.allocated;
      credited += facts.credited;
    }
    expect(allocated).toBe(invoice.total);
    expect(credited).toBe(19 * invoice.total);
    await expectLedgerAgrees(h.context, school.organizationId);
  });
});
