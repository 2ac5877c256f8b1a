import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { memberWith } from '../../test/members';
import { ok, signUpSchool } from '../../test/school-fixture';
import { rebuildPaymentFacts, refreshStatistics } from '../analytics';
import { insertPayment, useAppAt } from '../payments/list/payment-records.test-support';
import { kpi, successRate } from './dashboard.service';

// 11:00 in Lagos (UTC+1) on Monday 15 June 2026: the school's today.
const NOW = new Date('2026-06-15T10:00:00Z');
const at = (iso: string) => new Date(iso);

interface InvoiceFixture {
  number: string | null;
  dueOn: string;
  status: 'draft' | 'open' | 'partially_paid' | 'paid' | 'void';
  total: number;
  paid?: number;
  issuedAt: string | null;
  voidedAt?: string;
  /** Lines: amount and when written (the first at issue). */
  lines?: { amount: number; at: string }[];
  allocations?: { amount: number; at: string }[];
}

/** An invoice as it stands today, with the history of its lines and allocations. */
async function insertInvoice(
  db: Database,
  school: { organizationId: string },
  studentId: string,
  invoice: InvoiceFixture,
) {
  const id = randomUUID();
  const created = invoice.issuedAt ?? '2026-04-01T08:00:00Z';
  await db.execute(sql`insert into invoices (id, organization_id, number, student_id, label, due_on,
      status, total, paid, issued_at, voided_at, void_reason, created_at, updated_at)
    values (${id}, ${school.organizationId}, ${invoice.number}, ${studentId}, 'Scolarité',
      ${invoice.dueOn}, ${invoice.status}, ${invoice.total}, ${invoice.paid ?? 0},
      ${invoice.issuedAt}::timestamptz, ${invoice.voidedAt ?? null}::timestamptz,
      ${invoice.voidedAt ? 'Erreur' : null}, ${created}::timestamptz, ${created}::timestamptz)`);
  for (const line of invoice.lines ?? [{ amount: invoice.total, at: created }]) {
    await db.execute(sql`insert into invoice_lines (organization_id, invoice_id, kind, label, amount,
        created_by, created_at)
      values (${school.organizationId}, ${id}, 'tuition', 'Scolarité', ${line.amount}, 'Test',
        ${line.at}::timestamptz)`);
  }
  for (const allocation of invoice.allocations ?? []) {
    await db.execute(sql`insert into invoice_allocations (organization_id, invoice_id, amount,
        source_type, source_id, created_at)
      values (${school.organizationId}, ${id}, ${allocation.amount}, 'payment', ${randomUUID()},
        ${allocation.at}::timestamptz)`);
  }
  return id;
}

describe('GET /api/dashboard', () => {
  const { app, db } = useAppAt(NOW);
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let guardianId: string;
  const get = (url: string, token?: string) =>
    app().inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token ?? school.token}` },
    });

  async function family(of: Awaited<ReturnType<typeof signUpSchool>>, phone: string) {
    const student = await ok(of.call('POST', '/api/students', { fullName: 'Kossi Agbéko' }), 201);
    const link = await ok(
      of.call('POST', `/api/students/${student.id}/guardians`, {
        fullName: 'Afi Agbéko',
        phone,
        relation: 'mother',
        mainPayer: true,
      }),
      201,
    );
    return { studentId: student.id as string, guardianId: link.id as string };
  }

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    await db().execute(
      sql`update organizations set time_zone = 'Africa/Lagos' where id = ${school.organizationId}`,
    );
    const kossi = await family(school, '+22890112233');
    guardianId = kossi.guardianId;
    const pay = (createdAt: Date, status: string, more: object = {}) =>
      insertPayment(db(), {
        organizationId: school.organizationId,
        guardianId,
        createdAt,
        status: status as never,
        ...more,
      });

    // Today in Lagos: 00:30 (23:30 UTC the day before) and at the cash desk this morning.
    await pay(at('2026-06-14T23:29:00Z'), 'succeeded', {
      amount: 30_000,
      succeededAt: at('2026-06-14T23:30:00Z'),
    });
    await pay(at('2026-06-15T09:00:00Z'), 'succeeded', {
      amount: 20_000,
      provider: 'desk',
      succeededAt: at('2026-06-15T09:00:00Z'),
    });
    // Yesterday at 23:30 in Lagos, partly refunded this morning; another refund still pending.
    const refunded = await pay(at('2026-06-14T22:29:00Z'), 'partially_refunded', {
      amount: 40_000,
      refundedAmount: 5_000,
      succeededAt: at('2026-06-14T22:30:00Z'),
    });
    for (const refund of [
      { amount: 5_000, status: 'succeeded', completedAt: '2026-06-15T08:00:00Z' },
      { amount: 7_000, status: 'failed', completedAt: '2026-06-15T08:30:00Z' },
    ]) {
      await db().execute(sql`insert into payment_refunds (id, organization_id, attempt_id, amount,
          reason, method, status, requested_by, completed_at)
        values (${randomUUID()}, ${school.organizationId}, ${refunded}, ${refund.amount},
          'Trop-perçu', 'manual', ${refund.status}, 'Test', ${refund.completedAt}::timestamptz)`);
    }
    // The last 30 days (17 May – 15 June in Lagos): 5 succeeded of 8 with an outcome.
    await pay(at('2026-06-10T09:00:00Z'), 'failed');
    await pay(at('2026-06-12T09:00:00Z'), 'refunded', { refundedAmount: 50_000 });
    await pay(at('2026-05-20T09:00:00Z'), 'expired');
    await pay(at('2026-05-18T09:00:00Z'), 'succeeded');
    await pay(at('2026-05-16T23:30:00Z'), 'cancelled'); // 00:30 on 17 May in Lagos
    await pay(at('2026-06-15T09:30:00Z'), 'pending'); // no outcome yet: left out
    // The 30 days before (17 April – 16 May): 1 of 3.
    await pay(at('2026-05-01T09:00:00Z'), 'succeeded');
    await pay(at('2026-05-02T09:00:00Z'), 'failed');
    await pay(at('2026-05-16T22:30:00Z'), 'expired'); // 23:30 on 16 May in Lagos
    await pay(at('2026-04-10T09:00:00Z'), 'failed'); // before both periods

    const invoice = (fixture: InvoiceFixture) =>
      insertInvoice(db(), school, kossi.studentId, fixture);
    const issued = '2026-04-01T08:00:00Z';
    let n = 0;
    const number = () => `ST-2026-${String((n += 1)).padStart(4, '0')}`;
    // Overdue today: 70 000 + 12 000 + 45 000.
    await invoice({
      number: number(),
      dueOn: '2026-06-01',
      status: 'partially_paid',
      total: 100_000,
      paid: 30_000,
      issuedAt: issued,
      allocations: [{ amount: 30_000, at: '2026-06-02T10:00:00Z' }],
    });
    await invoice({
      number: number(),
      dueOn: '2026-05-05',
      status: 'open',
      total: 12_000,
      issuedAt: '2026-05-20T08:00:00Z',
    });
    await invoice({
      number: number(),
      dueOn: '2026-05-03',
      status: 'open',
      total: 45_000,
      issuedAt: issued,
      lines: [
        { amount: 40_000, at: issued },
        { amount: 5_000, at: '2026-06-02T00:00:00Z' },
      ],
    });
    // Due from today to 21 June: 50 000 + 25 000; the week after: 10 000.
    await invoice({
      number: number(),
      dueOn: '2026-06-15',
      status: 'open',
      total: 50_000,
      issuedAt: issued,
    });
    await invoice({
      number: number(),
      dueOn: '2026-06-21',
      status: 'partially_paid',
      total: 35_000,
      paid: 10_000,
      issuedAt: issued,
      allocations: [{ amount: 10_000, at: '2026-06-03T10:00:00Z' }],
    });
    await invoice({
      number: number(),
      dueOn: '2026-06-22',
      status: 'open',
      total: 10_000,
      issuedAt: issued,
    });
    await invoice({
      number: number(),
      dueOn: '2026-06-29',
      status: 'open',
      total: 99_000,
      issuedAt: issued,
    });
    // Paid since 16 May, voided since, paid before: owed then 80 000 and 15 000, not 60 000.
    await invoice({
      number: number(),
      dueOn: '2026-05-01',
      status: 'paid',
      total: 80_000,
      paid: 80_000,
      issuedAt: issued,
      allocations: [{ amount: 80_000, at: '2026-06-01T10:00:00Z' }],
    });
    await invoice({
      number: number(),
      dueOn: '2026-05-05',
      status: 'void',
      total: 15_000,
      issuedAt: issued,
      voidedAt: '2026-06-01T10:00:00Z',
    });
    await invoice({
      number: number(),
      dueOn: '2026-05-10',
      status: 'paid',
      total: 60_000,
      paid: 60_000,
      issuedAt: issued,
      allocations: [{ amount: 60_000, at: '2026-05-12T10:00:00Z' }],
    });
    // Never counted: a draft, and an invoice voided before then.
    await invoice({
      number: null,
      dueOn: '2026-05-01',
      status: 'draft',
      total: 33_000,
      issuedAt: null,
    });
    await invoice({
      number: number(),
      dueOn: '2026-05-01',
      status: 'void',
      total: 44_000,
      issuedAt: issued,
      voidedAt: '2026-05-02T10:00:00Z',
    });

    // Another school's money and debts stay out.
    const other = await signUpSchool(app(), 'École Voisine');
    const intruder = await family(other, '+22890112299');
    await insertPayment(db(), {
      organizationId: other.organizationId,
      guardianId: intruder.guardianId,
      createdAt: at('2026-06-15T08:00:00Z'),
      amount: 999_000,
    });
    await insertInvoice(db(), other, intruder.studentId, {
      number: 'ST-2026-0001',
      dueOn: '2026-05-01',
      status: 'open',
      total: 888_000,
      issuedAt: issued,
    });
    // The statistics' rollups the dashboard reads, as the refresh job builds them.
    await refreshStatistics(db(), school.organizationId, NOW);
    await refreshStatistics(db(), other.organizationId, NOW);
  });

  it('computes the four cards from the school’s data, for its own calendar day', async () => {
    const dashboard = await ok(get('/api/dashboard'));
    expect(dashboard).toEqual({
      today: '2026-06-15',
      collectedToday: { value: 45_000, previous: 40_000, change: 12.5 },
      successRate: { value: 62.5, previous: 33.3, change: 87.7, attempted: 8, succeeded: 5 },
      overdue: { value: 127_000, previous: 135_000, change: -5.9 },
      dueNext7Days: { value: 75_000, previous: 10_000, change: 650 },
    });
  });

  it('reads today’s money live, while the past’s figures are kept', async () => {
    const paid = await insertPayment(db(), {
      organizationId: school.organizationId,
      guardianId,
      createdAt: at('2026-06-15T09:40:00Z'),
      amount: 5_000,
    });
    // What the payment.succeeded handler does at once.
    await rebuildPaymentFacts(db(), school.organizationId, [paid]);
    const dashboard = await ok(get('/api/dashboard'));
    expect(dashboard.collectedToday).toEqual({ value: 50_000, previous: 40_000, change: 25 });
    expect(dashboard.successRate).toMatchObject({ attempted: 9, succeeded: 6, value: 66.7 });
    expect(dashboard.overdue).toEqual({ value: 127_000, previous: 135_000, change: -5.9 });
  });

  it('refuses a member without read:statistics', async () => {
    const token = await memberWith(app(), db(), school, ['read:payments']);
    expect((await get('/api/dashboard', token)).statusCode).toBe(403);
  });

  it('says no change when there is nothing to compare with', () => {
    expect(kpi(10, 0)).toEqual({ value: 10, previous: 0, change: null });
    expect(kpi(0, 0)).toEqual({ value: 0, previous: 0, change: null });
    expect(kpi(5, 20)).toEqual({ value: 5, previous: 20, change: -75 });
    expect(successRate({ attempted: 0, succeeded: 0 })).toBe(0);
    expect(successRate({ attempted: 3, succeeded: 2 })).toBe(66.7);
  });
});
