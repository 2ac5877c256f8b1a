import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { usePaymentsHarness, type PaymentsHarness } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import type { ProviderId } from '../../psp';
import {
  askToPay,
  payerApproves,
  paymentOf,
  resetSandboxAfterEach,
  useFamilies,
  type School,
} from '../faults/faults.test-support';

/**
 * A refund test file's setup: the payments harness (sandbox faults cleared after each test), a new
 * family for each test, and what the tests do and look at.
 */
export function useRefunds() {
  const harness = usePaymentsHarness();
  resetSandboxAfterEach(harness);
  return { harness, family: useFamilies(harness), ...refundSteps(harness) };
}

/** What the refund tests do and look at, over one harness. */
function refundSteps(harness: () => PaymentsHarness) {
  function refund(school: School, paymentId: string, body: object, token = school.token) {
    return harness().app.inject({
      method: 'POST',
      url: `/api/payments/${paymentId}/refunds`,
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
  }

  /** A payment of one of the family's invoices (the first by default), confirmed. */
  async function paid(school: School, provider: ProviderId, invoiceId?: string) {
    const h = harness();
    const payment = await askToPay(h, school, provider, invoiceId ? { invoiceId } : {});
    payerApproves(h, payment.id);
    await h.settle();
    const confirmed = await paymentOf(school, payment.id);
    expect(confirmed.status).toBe('succeeded');
    return confirmed as { id: string; amount: number; payerPhone: string };
  }

  async function invoice(school: School, invoiceId: string) {
    return ok(school.call('GET', `/api/invoices/${invoiceId}`));
  }

  /** What a payment's refunds left behind: rows, postings, audit, outbox, its states in order. */
  async function facts(paymentId: string) {
    const { rows } = await harness().context.db.execute<{
      refunds: number;
      postings: number;
      audits: string[] | null;
      outbox: number;
      states: string[] | null;
    }>(sql`select
      (select count(*)::int from payment_refunds where attempt_id = ${paymentId}) as refunds,
      (select count(*)::int from ledger_transactions t join payment_refunds r
        on r.id = t.source_id where t.source_type = 'refund' and r.attempt_id = ${paymentId})
        as postings,
      (select array_agg(action order by id) from audit_entries
        where resource_id = ${paymentId} and action like 'payment.refund%') as audits,
      (select count(*)::int from outbox_events
        where type = 'payment.refunded' and aggregate_id = ${paymentId}) as outbox,
      (select array_agg(to_status order by id) from payment_transitions
        where attempt_id = ${paymentId}) as states`);
    return rows[0]!;
  }

  return { refund, paid, invoice, facts };
}
