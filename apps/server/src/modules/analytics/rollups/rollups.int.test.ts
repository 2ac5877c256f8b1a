import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { rebuildPaymentFacts, refreshStatistics } from './refresh-statistics.service';
import {
  factsOf,
  monthsAndDirectSums,
  receivablesAndDirectSums,
  schoolRecords,
} from './rollups.test-support';

/**
 * The rollups on the real database: a payment's slices (invoices of two students of two
 * programmes, the credit left, refunds), `collection_months` kept by triggers, `receivable_days`
 * equal to the invoices summed directly, the incremental refresh, its lock, and schools apart.
 */
describe('statistics rollups', () => {
  const { app, database } = useTestApp();
  const db = () => database().db;
  let school: string;
  let other: string;
  let records: ReturnType<typeof schoolRecords>;
  let s1: string;
  let s2: string;
  let invoiceA: string;
  let invoiceB: string;
  let payment: string;
  let lycee: { programmeId: string; levelId: string };
  let college: { programmeId: string; levelId: string };
  let guardian: string;

  async function refund(id: string, amount: number, completedAt: string) {
    await db().execute(sql`insert into payment_refunds (id, organization_id, attempt_id, amount,
        reason, method, status, requested_by, completed_at)
      values (gen_random_uuid(), ${school}, ${id}, ${amount}, 'Trop-perçu', 'manual', 'succeeded',
        'Test', ${completedAt}::timestamptz)`);
    await db()
      .execute(sql`update payment_attempts set refunded_amount = refunded_amount + ${amount},
        status = 'partially_refunded', updated_at = now() where id = ${id}`);
  }

  /** What billing does to an allocation a refund takes back: reduced, or removed when whole. */
  async function takeBack(invoiceId: string, amount: number) {
    await db().execute(sql`delete from invoice_allocations where organization_id = ${school}
      and invoice_id = ${invoiceId} and source_id = ${payment} and amount = ${amount}`);
    await db().execute(sql`update invoice_allocations set amount = amount - ${amount}
      where organization_id = ${school} and invoice_id = ${invoiceId} and source_id = ${payment}
        and amount > ${amount}`);
    await db().execute(sql`update invoices set paid = paid - ${amount},
        status = case when paid - ${amount} = 0 then 'open' else 'partially_paid' end,
        updated_at = now()
      where organization_id = ${school} and id = ${invoiceId}`);
  }

  const paymentDay = (facts: Awaited<ReturnType<typeof factsOf>>) =>
    Object.fromEntries(
      facts.filter((f) => f.day === '2026-03-07').map((f) => [f.slice, f.amount] as const),
    );

  beforeAll(async () => {
    school = (await signUpSchool(app(), 'Lycée Les Cocotiers')).organizationId;
    other = (await signUpSchool(app(), 'Collège Voisin')).organizationId;
    records = schoolRecords(db, school);
    lycee = await records.programme('Lycée');
    college = await records.programme('Collège');
    const year = await records.year();
    s1 = await records.student({ birthDate: '2010-04-02' });
    s2 = await records.student({ birthDate: '2013-09-30', programmeId: college.programmeId });
    const enrolment = await records.enrolment(s1, lycee.levelId, year);
    guardian = await records.guardian();
    invoiceA = await records.invoice({
      studentId: s1,
      enrolmentId: enrolment,
      dueOn: '2026-03-05',
      total: 60_000,
      paid: 60_000,
    });
    // No enrolment: the student's programme, no level.
    invoiceB = await records.invoice({
      studentId: s2,
      dueOn: '2026-03-10',
      total: 30_000,
      paid: 30_000,
    });
    payment = await records.payment({
      guardianId: guardian,
      succeededAt: '2026-03-07T10:00:00Z',
      amount: 100_000,
      allocations: [
        { invoiceId: invoiceA, studentId: s1, amount: 60_000 },
        { invoiceId: invoiceB, studentId: s2, amount: 30_000 },
      ],
    });
  });

  it('slices a payment over two invoices of two students of two programmes and the credit left', async () => {
    await rebuildPaymentFacts(db(), school, [payment]);
    const common = { attempt_id: payment, day: '2026-03-07', source: 'mobile_money' };
    expect(await factsOf(db(), school)).toEqual(
      [
        {
          ...common,
          slice: 'credit',
          programme_id: null,
          level_id: null,
          birth_year: null,
          provider: 'paygate',
          channel: 'direct',
          amount: 10_000,
          payments: 0,
          lag_days: null,
        },
        {
          ...common,
          slice: `invoice:${invoiceA}`,
          programme_id: lycee.programmeId,
          level_id: lycee.levelId,
          birth_year: 2010,
          provider: 'paygate',
          channel: 'direct',
          amount: 60_000,
          payments: 1,
          lag_days: 2,
        },
        {
          ...common,
          slice: `invoice:${invoiceB}`,
          programme_id: college.programmeId,
          level_id: null,
          birth_year: 2013,
          provider: 'paygate',
          channel: 'direct',
          amount: 30_000,
          payments: 0,
          lag_days: -3,
        },
      ].sort((a, b) => a.slice.localeCompare(b.slice)),
    );
    // Rebuilding again changes nothing.
    await rebuildPaymentFacts(db(), school, [payment, payment]);
    expect(await factsOf(db(), school)).toHaveLength(3);
  });

  it('keeps the payment day whole after refunds and adds a negative slice on each refund’s day', async () => {
    // 25 000 back: 10 000 of unused credit, 15 000 off the newest allocation (B).
    await takeBack(invoiceB, 15_000);
    await refund(payment, 25_000, '2026-03-20T09:00:00Z');
    await rebuildPaymentFacts(db(), school, [payment]);
    let facts = await factsOf(db(), school);
    expect(paymentDay(facts)).toEqual({
      credit: 10_000,
      [`invoice:${invoiceA}`]: 60_000,
      [`invoice:${invoiceB}`]: 30_000,
    });
    expect(facts.filter((f) => f.slice.startsWith('refund:'))).toMatchObject([
      { day: '2026-03-20', amount: -25_000, programme_id: null, birth_year: null, payments: 0 },
    ]);
    // 20 000 more: B's allocation taken whole, 5 000 off A.
    await takeBack(invoiceB, 15_000);
    await takeBack(invoiceA, 5_000);
    await refund(payment, 20_000, '2026-04-02T09:00:00Z');
    await rebuildPaymentFacts(db(), school, [payment]);
    facts = await factsOf(db(), school);
    expect(paymentDay(facts)).toEqual({
      credit: 10_000,
      [`invoice:${invoiceA}`]: 60_000,
      [`invoice:${invoiceB}`]: 30_000,
    });
    expect(
      facts
        .filter((f) => f.slice.startsWith('refund:'))
        .map((f) => [f.day, f.amount])
        .sort(),
    ).toEqual([
      ['2026-03-20', -25_000],
      ['2026-04-02', -20_000],
    ]);
    expect(facts.reduce((sum, f) => sum + f.amount, 0)).toBe(55_000);
  });

  it('keeps the months (every dimension, by programme, by age) equal to a GROUP BY over collection_facts', async () => {
    const single = await records.student({ birthDate: '2011-01-15' });
    for (let i = 0; i < 12; i += 1) {
      const invoice = await records.invoice({
        studentId: single,
        dueOn: `2026-0${1 + (i % 5)}-05`,
        total: 10_000 + i * 1_000,
        paid: 10_000 + i * 1_000,
      });
      const id = await records.payment({
        guardianId: guardian,
        succeededAt: `2026-0${1 + (i % 6)}-1${i % 10}T12:00:00Z`,
        amount: 12_000 + i * 1_000,
        provider: i % 3 === 0 ? 'desk' : 'paygate',
        wallet: i % 3 === 0 ? 'CASH' : 'MTN',
        allocations: [{ invoiceId: invoice, studentId: single, amount: 10_000 + i * 1_000 }],
      });
      await rebuildPaymentFacts(db(), school, [id]);
    }
    let sums = await monthsAndDirectSums(db());
    expect(sums.rollup).toEqual(sums.direct);
    expect(sums.byProgramme).toEqual(sums.directByProgramme);
    expect(sums.byAge).toEqual(sums.directByAge);
    expect(sums.rollup.length).toBeGreaterThan(8);
    expect(sums.byProgramme.length).toBeGreaterThan(8);
    expect(sums.byAge.length).toBeGreaterThan(8);
    // Edits and deletes straight on the facts.
    await db().execute(sql`update collection_facts set day = day + 40 where amount % 3000 = 0`);
    await db().execute(sql`update collection_facts set lag_days = null where provider = 'desk'`);
    await db().execute(sql`update collection_facts set birth_year = 2012 where slice = 'credit'`);
    sums = await monthsAndDirectSums(db());
    expect(sums.rollup).toEqual(sums.direct);
    expect(sums.byProgramme).toEqual(sums.directByProgramme);
    expect(sums.byAge).toEqual(sums.directByAge);
    await db().execute(sql`delete from collection_facts where provider = 'desk'`);
    sums = await monthsAndDirectSums(db());
    expect(sums.rollup).toEqual(sums.direct);
    expect(sums.byProgramme).toEqual(sums.directByProgramme);
    expect(sums.byAge).toEqual(sums.directByAge);
    const empty = await db().execute(sql`select
      (select count(*) from collection_months where slices = 0 or provider = 'desk')::int as n,
      (select count(*) from collection_months_by_programme
        where slices = 0 or provider = 'desk')::int as coarse,
      (select count(*) from collection_months_by_age
        where slices = 0 or channel = 'desk')::int as ages`);
    expect(empty.rows[0]).toEqual({ n: 0, coarse: 0, ages: 0 });
  });

  it('builds everything at the first refresh, then only what changed: a birth date, a voided invoice', async () => {
    const first = await refreshStatistics(db(), school, new Date());
    expect(first.kind).toBe('full');
    // The first build sums the months at once (the triggers deferred): the same rows.
    const built = await monthsAndDirectSums(db());
    expect(built.rollup).toEqual(built.direct);
    expect(built.byProgramme).toEqual(built.directByProgramme);
    expect(built.byAge).toEqual(built.directByAge);
    expect(built.byProgramme.length).toBeGreaterThan(0);
    expect(built.byAge.length).toBeGreaterThan(0);
    let sums = await receivablesAndDirectSums(db(), school);
    expect(sums.rollup).toEqual(sums.direct);
    expect(sums.rollup.length).toBeGreaterThan(3);
    const before = await factsOf(db(), school);

    await db().execute(sql`update students set birth_date = '2009-06-01', updated_at = now()
      where id = ${s1}`);
    await db()
      .execute(sql`update invoices set status = 'void', voided_at = now(), updated_at = now()
      where organization_id = ${school} and due_on = '2026-05-05' and paid > 0`);
    const second = await refreshStatistics(db(), school, new Date());
    expect(second).toMatchObject({ kind: 'incremental', receivables: true });
    const after = await factsOf(db(), school);
    expect(after.find((f) => f.slice === `invoice:${invoiceA}`)?.birth_year).toBe(2009);
    expect(after.filter((f) => f.birth_year === 2010)).toEqual([]);
    expect(after.length).toBe(before.length);
    sums = await receivablesAndDirectSums(db(), school);
    expect(sums.rollup).toEqual(sums.direct);
    expect(sums.rollup.some((row) => row.due_on === '2026-05-05')).toBe(false);
    const months = await monthsAndDirectSums(db());
    expect(months.rollup).toEqual(months.direct);
    expect(months.byProgramme).toEqual(months.directByProgramme);
    expect(months.byAge).toEqual(months.directByAge);
  });

  it('lets two refreshes run at once without interleaving', async () => {
    await db().execute(sql`update students set birth_date = '2008-02-02', updated_at = now()
      where id = ${s2}`);
    const outcomes = await Promise.all([
      refreshStatistics(db(), school, new Date()),
      refreshStatistics(db(), school, new Date()),
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['incremental', 'incremental']);
    const facts = await factsOf(db(), school);
    expect(facts.find((f) => f.slice === `invoice:${invoiceB}`)?.birth_year).toBe(2008);
    const months = await monthsAndDirectSums(db());
    expect(months.rollup).toEqual(months.direct);
    expect(months.byProgramme).toEqual(months.directByProgramme);
    expect(months.byAge).toEqual(months.directByAge);
  });

  it('leaves another school’s rollups alone', async () => {
    const theirs = schoolRecords(db, other);
    const student = await theirs.student({ birthDate: '2012-12-12' });
    const invoice = await theirs.invoice({
      studentId: student,
      dueOn: '2026-03-01',
      total: 7_000,
      paid: 7_000,
    });
    const theirPayment = await theirs.payment({
      guardianId: await theirs.guardian(),
      succeededAt: '2026-03-02T10:00:00Z',
      amount: 7_000,
      allocations: [{ invoiceId: invoice, studentId: student, amount: 7_000 }],
    });
    await refreshStatistics(db(), other, new Date());
    const theirFacts = await factsOf(db(), other);
    const theirReceivables = await receivablesAndDirectSums(db(), other);
    // Our school rebuilt in full, and asked about their payment: nothing of theirs moves.
    await db().execute(sql`delete from statistics_refresh_state where organization_id = ${school}`);
    await refreshStatistics(db(), school, new Date());
    await rebuildPaymentFacts(db(), school, [theirPayment]);
    expect(await factsOf(db(), other)).toEqual(theirFacts);
    expect(theirFacts).toHaveLength(1);
    expect((await receivablesAndDirectSums(db(), other)).rollup).toEqual(theirReceivables.rollup);
    expect((await factsOf(db(), school)).some((f) => f.attempt_id === theirPayment)).toBe(false);
  });
});
