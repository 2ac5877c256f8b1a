import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { signUpSchool } from '../../../test/school-fixture';
import { settleMissing } from './settle-missing.service';
import { settlePayment, settleRefund } from './settle-payment.service';
import { basisPointsOf, commissionGivenBack, providerFee, roundHalfUp } from './settlement-math';
import {
  insertGuardian,
  insertSucceededPayment,
  insertSucceededRefund,
  postingTotals,
  setPlan,
} from './accounting.test-support';

const { app, database } = useTestApp();

/** A school on `plan` from `from`, with a guardian. */
async function school(plan: 'decouverte' | 'croissance' | 'personnalise', from: Date) {
  const { organizationId } = await signUpSchool(app(), `École ${Math.random()}`);
  const db = database().db;
  await setPlan(db, organizationId, plan, from);
  return { organizationId, guardianId: await insertGuardian(db, organizationId), db };
}

async function pay(
  s: Awaited<ReturnType<typeof school>>,
  amount: number,
  at: Date,
  provider = 'paygate',
  wallet = 'MOOV_TG',
) {
  const paymentId = await insertSucceededPayment(s.db, { ...s, amount, at, provider, wallet });
  const line = await s.db.transaction((tx) => settlePayment(tx, s.organizationId, paymentId));
  return { paymentId, line: line! };
}

const soon = (seconds: number) => new Date(Date.now() + 60_000 + seconds * 1000);

describe('settlement arithmetic', () => {
  it('rounds half up on integers', () => {
    expect(roundHalfUp(5, 10)).toBe(1);
    expect(roundHalfUp(4, 10)).toBe(0);
    expect(basisPointsOf(150_000, 250)).toBe(3_750);
    expect(basisPointsOf(101, 150)).toBe(2); // 1,515 → 2
    expect(providerFee(1_000, { percentBp: 300, fixedXof: 25 })).toBe(55);
    // Three thirds of a refund give back exactly the commission.
    const back1 = commissionGivenBack(100, 3_000, 1_000, 0);
    const back2 = commissionGivenBack(100, 3_000, 2_000, back1);
    const back3 = commissionGivenBack(100, 3_000, 3_000, back1 + back2);
    expect(back1 + back2 + back3).toBe(100);
  });
});

describe('settling payments', () => {
  it('Croissance: 2 % per payment, PayGate Flooz 2,5 %; ledger D 6317, D 6322 / C 5522', async () => {
    const s = await school('croissance', soon(0));
    const { paymentId, line } = await pay(s, 150_000, soon(1));
    expect(line).toMatchObject({
      gross: 150_000,
      commission: 3_000,
      providerFee: 3_750,
      net: 143_250,
      status: 'pending',
      commissionRateBp: 200,
      feePercentBp: 250,
      feeRateMissing: false,
      day: expect.any(String),
    });
    expect(await postingTotals(s.db, s.organizationId, `settlement:${paymentId}`)).toEqual({
      '5522': -6_750,
      '6317': 3_750,
      '6322': 3_000,
    });
    // Settled again (handler and sweep): the same line, nothing more posted.
    const again = await s.db.transaction((tx) => settlePayment(tx, s.organizationId, paymentId));
    expect(again?.id).toBe(line.id);
  });

  it('Découverte: free up to 1 000 000 F of online volume, a straddling payment pays on its part beyond', async () => {
    const s = await school('decouverte', soon(0));
    const first = await pay(s, 900_000, soon(1), 'paygate', 'YAS_TG');
    expect(first.line.commission).toBe(0);
    expect(first.line.providerFee).toBe(27_000); // 3 %
    const second = await pay(s, 300_000, soon(2), 'paygate', 'YAS_TG');
    // 100 000 free, 200 000 at 1,5 %.
    expect(second.line.commission).toBe(3_000);
    const third = await pay(s, 10_000, soon(3), 'paygate', 'YAS_TG');
    expect(third.line.commission).toBe(150);
  });

  it('Découverte: two payments settled at once on the threshold share the free part once', async () => {
    const s = await school('decouverte', soon(0));
    await pay(s, 800_000, soon(1));
    const a = await insertSucceededPayment(s.db, { ...s, amount: 300_000, at: soon(2) });
    const b = await insertSucceededPayment(s.db, { ...s, amount: 300_000, at: soon(3) });
    const [la, lb] = await Promise.all(
      [a, b].map((id) => s.db.transaction((tx) => settlePayment(tx, s.organizationId, id))),
    );
    // 200 000 free between them: one gets it, the other pays on all of it.
    const commissions = [la!.commission, lb!.commission].sort((x, y) => x - y);
    expect(commissions).toEqual([1_500, 4_500]);
  });

  it('Personnalisé: no commission; a rate change applies from its date and never rewrites older lines', async () => {
    const s = await school('personnalise', soon(0));
    const before = await pay(s, 100_000, soon(1));
    expect(before.line.commission).toBe(0);
    await setPlan(s.db, s.organizationId, 'croissance', soon(10));
    const after = await pay(s, 100_000, soon(11));
    expect(after.line.commission).toBe(2_000);
    const { rows } = await s.db.execute<{ commission: string }>(
      sql`select commission from payment_settlements where payment_id = ${before.paymentId}`,
    );
    expect(Number(rows[0]!.commission)).toBe(0);
  });

  it('a provider without a rate: fee 0 and marked missing; the desk: no fee, no commission, at_desk', async () => {
    const s = await school('croissance', soon(0));
    const mtn = await pay(s, 50_000, soon(1), 'mtn', 'MTN');
    expect(mtn.line).toMatchObject({ providerFee: 0, feeRateMissing: true, commission: 1_000 });
    const desk = await pay(s, 50_000, soon(2), 'desk', 'CASH');
    expect(desk.line).toMatchObject({
      commission: 0,
      providerFee: 0,
      net: 50_000,
      status: 'at_desk',
    });
    expect(await postingTotals(s.db, s.organizationId, `settlement:${desk.paymentId}`)).toEqual({});
  });

  it('a refund: negative gross, commission given back pro rata, no fee back, posted D wallet / C 6322', async () => {
    const s = await school('croissance', soon(0));
    const { paymentId } = await pay(s, 100_000, soon(1));
    const refundId = await insertSucceededRefund(s.db, {
      organizationId: s.organizationId,
      paymentId,
      amount: 25_000,
      at: soon(5),
    });
    const line = await s.db.transaction((tx) => settleRefund(tx, s.organizationId, refundId));
    expect(line).toMatchObject({
      kind: 'refund',
      gross: -25_000,
      commission: -500,
      providerFee: 0,
      net: -24_500,
      status: 'pending',
    });
    expect(await postingTotals(s.db, s.organizationId, `settlement-refund:${refundId}`)).toEqual({
      '5522': 500,
      '6322': -500,
    });
  });

  it('the sweep settles succeeded payments and refunds that have no line', async () => {
    const s = await school('croissance', soon(0));
    const paymentId = await insertSucceededPayment(s.db, { ...s, amount: 20_000, at: soon(1) });
    await insertSucceededRefund(s.db, {
      organizationId: s.organizationId,
      paymentId,
      amount: 20_000,
      at: soon(2),
    });
    const result = await settleMissing(s.db);
    expect(result.payments).toBeGreaterThanOrEqual(1);
    expect(result.refunds).toBeGreaterThanOrEqual(1);
    const { rows } = await s.db.execute<{ kind: string; commission: string }>(
      sql`select kind, commission from payment_settlements where payment_id = ${paymentId} order by kind`,
    );
    expect(rows.map((row) => [row.kind, Number(row.commission)])).toEqual([
      ['payment', 400],
      ['refund', -400],
    ]);
    expect(await settleMissing(s.db)).toMatchObject({ payments: 0, refunds: 0 });
  });
});
