import { describe, expect, it } from 'vitest';
import { schoolWithFamily, usePaymentsHarness } from '../../../test/payments-harness';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { askToPay, eventsOf, payerApproves, statesOf } from '../faults/faults.test-support';

describe('A payment’s timeline, from the provider to the refund', () => {
  const harness = usePaymentsHarness();

  it('tells the whole story of a Wave payment, partly refunded by hand', async () => {
    const h = harness();
    const school = await schoolWithFamily(h.app);
    const asked = await askToPay(h, school, 'wave');
    payerApproves(h, asked.id);
    await h.settle();
    const timeline = () => ok(school.call('GET', `/api/payments/${asked.id}/timeline`));

    const paid = await timeline();
    expect(paid).toMatchObject({
      payment: { id: asked.id, status: 'succeeded', provider: 'wave', refundedAmount: 0 },
      students: [
        { id: school.student.id, name: 'Kossi Agbéko', matricule: school.student.matricule },
      ],
      refunds: [],
      refundable: asked.amount,
      providerRefund: 'full',
    });
    expect(paid.payment.allocations).toHaveLength(1);
    const states = await statesOf(h.context.db, asked.id);
    expect(paid.transitions.map((step: { to: string }) => step.to)).toEqual(states);
    expect(paid.transitions[0]).toMatchObject({ from: null, to: 'initiated', cause: 'initiation' });
    const events = await eventsOf(h.context.db, asked.id);
    expect(paid.providerEvents).toHaveLength(events.length);
    expect(paid.providerEvents.length).toBeGreaterThan(0);
    // What the provider said, never its bytes nor its headers.
    for (const event of paid.providerEvents) {
      expect(Object.keys(event).sort()).toEqual(
        ['authenticity', 'eventType', 'hintedStatus', 'id', 'outcome', 'receivedAt'].sort(),
      );
    }
    expect(paid.receipt).toMatchObject({
      number: expect.stringMatching(/^REC-\d{4}-\d{6}$/),
      verificationUrl: expect.stringContaining('/verifier/'),
    });

    await ok(
      school.call('POST', `/api/payments/${asked.id}/refunds`, {
        amount: 10_000,
        reason: 'Remise accordée',
        method: 'manual',
      }),
      201,
    );
    const refunded = await timeline();
    expect(refunded).toMatchObject({
      payment: { status: 'partially_refunded', refundedAmount: 10_000 },
      refunds: [
        { amount: 10_000, method: 'manual', status: 'succeeded', reason: 'Remise accordée' },
      ],
      refundable: asked.amount - 10_000,
    });
    expect(refunded.transitions.at(-1)).toMatchObject({ to: 'partially_refunded' });

    const invoice = await ok(school.call('GET', `/api/invoices/${school.invoices[0]!.id}`));
    const listed = await ok(school.call('GET', '/api/payments?psp=WAVE'));
    expect(listed.items).toEqual([
      expect.objectContaining({
        id: asked.id,
        status: 'partially_refunded',
        refundedAmount: 10_000,
        receiptNumber: paid.receipt.number,
        invoiceNumbers: [invoice.number],
      }),
    ]);

    const other = await signUpSchool(h.app, 'École Voisine');
    const foreign = await other.call('GET', `/api/payments/${asked.id}/timeline`);
    expect(foreign.statusCode).toBe(404);
  });
});
