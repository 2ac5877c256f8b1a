import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { memberWith } from '../../../test/members';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { pdfText } from '../../../test/pdf-text';
import { settlePayment, settleRefund } from '../settlements/settle-payment.service';
import {
  giveBankDetails,
  insertGuardian,
  insertSucceededPayment,
  insertSucceededRefund,
  postingTotals,
  setPlan,
} from '../settlements/accounting.test-support';
import { runPayoutSchedule } from './payout-schedule.service';

const { app, database } = useTestApp();

/** A Croissance school with bank details and two settled PayGate payments (and a refund). */
async function schoolWithPayments() {
  const s = await signUpSchool(app(), `École ${Math.random()}`);
  const db = database().db;
  const at = new Date(Date.now() - 3 * 86_400_000);
  await setPlan(db, s.organizationId, 'croissance', new Date(at.getTime() - 1000));
  await giveBankDetails(db, s.organizationId);
  const guardianId = await insertGuardian(db, s.organizationId);
  const ids = [];
  for (const [amount, wallet] of [
    [100_000, 'MOOV_TG'],
    [50_000, 'YAS_TG'],
  ] as const) {
    const paymentId = await insertSucceededPayment(db, {
      organizationId: s.organizationId,
      guardianId,
      amount,
      wallet,
      at,
    });
    await db.transaction((tx) => settlePayment(tx, s.organizationId, paymentId));
    ids.push(paymentId);
  }
  const refundId = await insertSucceededRefund(db, {
    organizationId: s.organizationId,
    paymentId: ids[0]!,
    amount: 10_000,
    at,
  });
  await db.transaction((tx) => settleRefund(tx, s.organizationId, refundId));
  return { ...s, db };
}

async function lineStatuses(db: ReturnType<typeof database>['db'], organizationId: string) {
  const { rows } = await db.execute<{ status: string; payout_id: string | null }>(
    sql`select status, payout_id from payment_settlements where organization_id = ${organizationId}`,
  );
  return rows;
}

describe('payouts', () => {
  it('create → send → paid: totals, reference, lines, postings through 585 back to zero, statement', async () => {
    const s = await schoolWithPayments();
    const payout = await ok(s.call('POST', '/api/accounting/payouts'), 201);
    // 100 000 (2 000 + 2 500) + 50 000 (1 000 + 1 500) − 10 000 (commission 200 back).
    expect(payout).toMatchObject({
      reference: `VIR-${new Date().getFullYear()}-000001`,
      status: 'pending',
      gross: 140_000,
      commission: 2_800,
      providerFee: 4_000,
      net: 133_200,
      paymentCount: 2,
      accountMasked: '•••• 0070',
    });
    // Nothing left to pay out.
    const again = await s.call('POST', '/api/accounting/payouts');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PAYOUT_NOTHING_TO_PAY');

    const missing = await s.call('POST', `/api/accounting/payouts/${payout.id}/send`, {});
    expect(missing.json().code).toBe('PAYOUT_TRANSFER_ID_REQUIRED');
    const sent = await ok(
      s.call('POST', `/api/accounting/payouts/${payout.id}/send`, { transferId: 'ORA-778812' }),
    );
    expect(sent).toMatchObject({ status: 'sending', transferId: 'ORA-778812', rail: 'manual' });
    expect(
      (await lineStatuses(s.db, s.organizationId)).every((l) => l.status === 'in_payout'),
    ).toBe(true);
    expect(await postingTotals(s.db, s.organizationId, `payout:${payout.id}:sent`)).toEqual({
      '5521': -50_000 + 1_000 + 1_500,
      '5522': -(100_000 - 4_500) + 10_000 - 200,
      '585': 133_200,
    });
    // Two « Marquer payé » at once: one wins, the other is told.
    const body = { valueDate: new Date().toISOString().slice(0, 10), bankReference: 'REL-2026-42' };
    const answers = await Promise.all([
      s.call('POST', `/api/accounting/payouts/${payout.id}/mark-paid`, body),
      s.call('POST', `/api/accounting/payouts/${payout.id}/mark-paid`, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await postingTotals(s.db, s.organizationId, `payout:${payout.id}:paid`)).toEqual({
      '5211': 133_200,
      '585': -133_200,
    });
    expect(await postingTotals(s.db, s.organizationId, 'payout:')).toMatchObject({ '585': 0 });
    expect((await lineStatuses(s.db, s.organizationId)).every((l) => l.status === 'paid')).toBe(
      true,
    );

    const detail = await ok(s.call('GET', `/api/accounting/payouts/${payout.id}?pageSize=2`));
    expect(detail.lines.total).toBe(3);
    expect(detail.lines.items).toHaveLength(2);
    // Fees at the plan's rates, known: « inconnu » is for a line with no fee in force.
    expect(
      detail.lines.items.map((line: { feeRateMissing: boolean }) => line.feeRateMissing),
    ).toEqual([false, false]);
    const list = await ok(s.call('GET', '/api/accounting/payouts?status=paid'));
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([payout.id]);

    const pdf = await s.call('GET', `/api/accounting/payouts/${payout.id}/statement.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    expect(text).toContain(payout.reference);
    expect(text).toContain('Moov Flooz');
    expect(text).toMatch(/133\s?200/);

    const { rows } = await s.db.execute<{ action: string }>(
      sql`select action from audit_entries where organization_id = ${s.organizationId} and resource_type = 'payout' order by id`,
    );
    expect(rows.map((row) => row.action)).toEqual(['payout.created', 'payout.sent', 'payout.paid']);
  });

  it('a failed payout gives its lines back to « En attente », reverses its posting, and they go in the next one', async () => {
    const s = await schoolWithPayments();
    const payout = await ok(s.call('POST', '/api/accounting/payouts'), 201);
    await ok(s.call('POST', `/api/accounting/payouts/${payout.id}/send`, { transferId: 'X-1234' }));
    const failed = await ok(
      s.call('POST', `/api/accounting/payouts/${payout.id}/mark-failed`, {
        reason: 'Compte clôturé',
      }),
    );
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Compte clôturé' });
    expect(
      (await lineStatuses(s.db, s.organizationId)).every(
        (l) => l.status === 'pending' && l.payout_id === null,
      ),
    ).toBe(true);
    const totals = await postingTotals(s.db, s.organizationId, `payout:${payout.id}:`);
    expect(Object.values(totals).every((value) => value === 0)).toBe(true);
    const paid = await s.call('POST', `/api/accounting/payouts/${payout.id}/mark-paid`, {
      valueDate: '2026-01-02',
      bankReference: 'REL-1',
    });
    expect(paid.statusCode).toBe(409);
    const next = await ok(s.call('POST', '/api/accounting/payouts'), 201);
    expect(next).toMatchObject({ net: 133_200, reference: expect.stringMatching(/-000002$/) });
  });

  it('the schedule pays daily schools once a day, above the minimum, never twice the same lines', async () => {
    const s = await schoolWithPayments();
    await ok(
      s.call('PUT', '/api/accounting/payout-settings', {
        schedule: 'daily',
        weekday: 1,
        minimumXof: 200_000,
        paused: false,
      }),
    );
    await runPayoutSchedule(s.db);
    let list = await ok(s.call('GET', '/api/accounting/payouts'));
    expect(list.total).toBe(0); // under the minimum
    const settings = await ok(
      s.call('PUT', '/api/accounting/payout-settings', {
        schedule: 'daily',
        weekday: 1,
        minimumXof: 1_000,
        paused: false,
      }),
    );
    expect(settings).toMatchObject({
      bankDetailsReady: true,
      pendingNet: 133_200,
      pendingCount: 2,
    });
    await Promise.all([runPayoutSchedule(s.db), runPayoutSchedule(s.db)]);
    list = await ok(s.call('GET', '/api/accounting/payouts'));
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ origin: 'schedule', net: 133_200 });
  });

  it('refuses: no bank details, another school’s payout (404), a Lecteur (403)', async () => {
    const bare = await signUpSchool(app(), 'École sans banque');
    const db = database().db;
    await setPlan(db, bare.organizationId, 'croissance', new Date(Date.now() - 86_400_000));
    const guardianId = await insertGuardian(db, bare.organizationId);
    const paymentId = await insertSucceededPayment(db, {
      organizationId: bare.organizationId,
      guardianId,
      amount: 10_000,
      at: new Date(),
    });
    await db.transaction((tx) => settlePayment(tx, bare.organizationId, paymentId));
    const refused = await bare.call('POST', '/api/accounting/payouts');
    expect(refused.json().code).toBe('PAYOUT_BANK_DETAILS_MISSING');

    const s = await schoolWithPayments();
    const payout = await ok(s.call('POST', '/api/accounting/payouts'), 201);
    const other = await bare.call('GET', `/api/accounting/payouts/${payout.id}`);
    expect(other.statusCode).toBe(404);
    const otherSend = await bare.call('POST', `/api/accounting/payouts/${payout.id}/send`, {
      transferId: 'ABC-1',
    });
    expect(otherSend.statusCode).toBe(404);

    const readerToken = await memberWith(app(), db, s, ['read:accounting']);
    const asReader = await app().inject({
      method: 'POST',
      url: `/api/accounting/payouts/${payout.id}/send`,
      payload: { transferId: 'ABC-1' },
      headers: { authorization: `Bearer ${readerToken}` },
    });
    expect(asReader.statusCode).toBe(403);
    const readerList = await app().inject({
      method: 'GET',
      url: '/api/accounting/payouts',
      headers: { authorization: `Bearer ${readerToken}` },
    });
    expect(readerList.statusCode).toBe(200);
  });
});
