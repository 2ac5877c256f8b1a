import { CashDeskMessages, PaymentMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerAgrees, usePaymentsHarness } from '../../test/payments-harness';
import { ok } from '../../test/school-fixture';
import {
  askToPay,
  expectCreditedOnce,
  fault,
  onlySim,
  openReviews,
  payerApproves,
  paymentOf,
  pollAfterBackoff,
  resetSandboxAfterEach,
  useFamilies,
  WALLET_OF,
  type School,
} from '../payments/faults/faults.test-support';

/**
 * Issue 15, item 8: a family could pay one invoice twice — at the cash desk while a mobile-money
 * push for it waited on a parent's phone (its success then became family credit). The desk now
 * sees the payment in flight, is refused the invoice while it lasts (409, the request path's own
 * claim), and may cancel it first.
 */
describe('The cash desk and a mobile-money payment in flight', () => {
  const harness = usePaymentsHarness();
  const newFamily = useFamilies(harness);
  resetSandboxAfterEach(harness);
  let sessionId: string;

  beforeAll(async () => {
    // The school's owner (Super administration) keeps the desk open for the whole file.
    const school = await newFamily();
    sessionId = (await ok(school.call('POST', '/api/cash-sessions', { openingFloat: 0 }), 201)).id;
  });

  const balanceOf = (invoice: School['invoices'][number]) => invoice.total - invoice.paid;
  const takeAtDesk = (school: School, body: { invoiceIds: string[]; amount: number }) =>
    school.call('POST', `/api/cash-sessions/${sessionId}/payments`, {
      studentId: school.student.id,
      method: 'CASH',
      ...body,
    });
  const pendingOf = async (school: School) =>
    (await ok(school.call('GET', `/api/students/${school.student.id}/pending-payments`)))
      .items as Record<string, unknown>[];
  const deskPaymentsOfSession = async () =>
    (
      await harness().context.db.execute<{ count: number }>(
        sql`select count(*)::int as count from payment_attempts where cash_session_id = ${sessionId}`,
      )
    ).rows[0]!.count;

  it('shows the pending push beside its invoice and refuses a desk payment for it (409)', async () => {
    const h = harness();
    const school = await newFamily();
    const [registration, firstMonth] = school.invoices;
    const payment = await askToPay(h, school, 'mtn');
    await h.settle();

    expect(await pendingOf(school)).toEqual([
      {
        id: payment.id,
        status: 'pending',
        provider: 'mtn',
        wallet: WALLET_OF.mtn,
        amount: balanceOf(registration!),
        payerPhone: payment.payerPhone,
        guardianName: payment.guardianName,
        invoiceIds: [registration!.id],
        createdAt: payment.createdAt,
        expiresAt: expect.any(String),
        providerCancels: false,
      },
    ]);

    const before = await deskPaymentsOfSession();
    const refused = await takeAtDesk(school, {
      invoiceIds: [registration!.id],
      amount: balanceOf(registration!),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'INVOICE_AWAITS_PAYMENT',
      message: CashDeskMessages.invoiceAwaitsPayment,
    });
    // Without a choice, the amount may not reach the held invoice either.
    const tooMuch = await takeAtDesk(school, {
      invoiceIds: [],
      amount: balanceOf(firstMonth!) * 100,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(await deskPaymentsOfSession()).toBe(before);

    // What the push does not hold is taken as usual: the next invoice.
    const taken = await ok(
      takeAtDesk(school, { invoiceIds: [], amount: balanceOf(firstMonth!) }),
      201,
    );
    expect(taken.payment.allocations.map((line: { invoiceId: string }) => line.invoiceId)).toEqual([
      firstMonth!.id,
    ]);

    // The parent approves: the registration is paid once, nothing goes to credit.
    payerApproves(h, payment.id);
    await h.settle();
    const paid = await paymentOf(school, payment.id);
    expect(paid).toMatchObject({ status: 'succeeded', creditAmount: 0 });
    expect(await pendingOf(school)).toEqual([]);
    await expectLedgerAgrees(h.context, school.organizationId);
  });

  it('cancels the request (audited), after which the desk takes the invoice', async () => {
    const h = harness();
    const school = await newFamily();
    const [registration] = school.invoices;
    const payment = await askToPay(h, school, 'paygate');
    await h.settle();

    const cancelled = await ok(school.call('POST', `/api/payments/${payment.id}/cancel`, {}));
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      failureReason: PaymentMessages.cancelledByStaff,
    });
    const audit = await h.context.db.execute<{ action: string; actor_type: string }>(
      sql`select action, actor_type from audit_entries where resource_id = ${payment.id}
        and action = 'payment.cancelled'`,
    );
    expect(audit.rows).toEqual([{ action: 'payment.cancelled', actor_type: 'user' }]);
    const timeline = await ok(school.call('GET', `/api/payments/${payment.id}/timeline`));
    expect(JSON.stringify(timeline)).toContain('"cause":"cancel"');
    expect(await pendingOf(school)).toEqual([]);

    await ok(
      takeAtDesk(school, { invoiceIds: [registration!.id], amount: balanceOf(registration!) }),
      201,
    );
    const again = await school.call('POST', `/api/payments/${payment.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PaymentMessages.notPending);
    await expectLedgerAgrees(h.context, school.organizationId);
  });

  it('stops the payer at a provider that can (Wave: the checkout session expires)', async () => {
    const h = harness();
    const school = await newFamily();
    const payment = await askToPay(h, school, 'wave');
    await h.settle();
    expect(await pendingOf(school)).toEqual([
      expect.objectContaining({ id: payment.id, providerCancels: true }),
    ]);

    await ok(school.call('POST', `/api/payments/${payment.id}/cancel`, {}));
    expect(onlySim(h, payment.id).state).not.toBe('pending');
    expect((await paymentOf(school, payment.id)).status).toBe('cancelled');
  });

  it('watches a request cancelled at the desk: a parent who approves it afterwards is credited', async () => {
    const h = harness();
    const school = await newFamily();
    const payment = await askToPay(h, school, 'mtn');
    await h.settle();
    await ok(school.call('POST', `/api/payments/${payment.id}/cancel`, {}));
    // MTN cannot stop the prompt: the parent approves it anyway, and its notification is lost.
    fault(h, 'mtn', 'drop');
    payerApproves(h, payment.id);
    await h.settle();
    expect((await paymentOf(school, payment.id)).status).toBe('cancelled');

    await pollAfterBackoff(h, payment.id);
    const late = await expectCreditedOnce(h, school, payment.id);
    expect(late).toMatchObject({ status: 'succeeded', lateSuccess: true });
    expect(await openReviews(school, payment.id)).toEqual([
      expect.objectContaining({ reason: 'late_success', paymentId: payment.id }),
    ]);
    await expectLedgerAgrees(h.context, school.organizationId);
  });

  it('cancels nothing when the payer has just paid: the payment stands, credited', async () => {
    const h = harness();
    const school = await newFamily();
    const payment = await askToPay(h, school, 'mtn');
    await h.settle();
    payerApproves(h, payment.id);

    const answer = await ok(school.call('POST', `/api/payments/${payment.id}/cancel`, {}));
    expect(answer).toMatchObject({ status: 'succeeded', creditAmount: 0 });
    await h.settle();
    await expectLedgerAgrees(h.context, school.organizationId);
  });

  it('races a request to pay the same invoice: one of the two gets it, never both', async () => {
    const h = harness();
    for (let round = 0; round < 6; round += 1) {
      const school = await newFamily();
      const [registration] = school.invoices;
      const [online, desk] = await Promise.all([
        h.app.inject({
          method: 'POST',
          url: '/api/payments',
          headers: { authorization: `Bearer ${school.token}` },
          payload: {
            guardianId: school.guardianId,
            wallet: WALLET_OF.mtn,
            invoiceIds: [registration!.id],
          },
        }),
        takeAtDesk(school, { invoiceIds: [registration!.id], amount: balanceOf(registration!) }),
      ]);
      expect([online, desk].filter((answer) => answer.statusCode === 201)).toHaveLength(1);
      if (desk.statusCode === 201) {
        // The request came second: refused once it saw the invoice paid (no longer payable, or
        // its amount now above what is left on it).
        expect(online.statusCode).toBe(400);
        expect(['VALIDATION_FAILED', 'INVOICE_NOT_PAYABLE', 'AMOUNT_ABOVE_BALANCE']).toContain(
          online.json().code,
        );
      } else {
        expect([desk.statusCode, desk.json().message]).toEqual([
          409,
          CashDeskMessages.invoiceAwaitsPayment,
        ]);
      }
    }
    await h.settle();
  });
});
