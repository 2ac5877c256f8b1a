import type { CashForecast } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useAppAt } from '../../payments/list/payment-records.test-support';
import { paidCells } from './forecast.repository';
import { createForecastMemo, getCashForecast } from './forecast.service';
import { paidBetween, seedLagHistory, type LagHistory } from './forecast.test-support';

// Monday 15 June 2026, 11:00 in Lomé.
const NOW = new Date('2026-06-15T11:00:00Z');
const TODAY = '2026-06-15';

describe('GET /api/statistics/forecast', () => {
  const { app, db } = useAppAt(NOW);
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let other: Awaited<ReturnType<typeof signUpSchool>>;
  let history: LagHistory;

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    other = await signUpSchool(app(), 'Collège Les Flamboyants');
    // 18 months behind today and 3 ahead: invoices due on the 5th, 400 students.
    history = {
      organizationId: school.organizationId,
      students: 400,
      months: 21,
      firstDue: '2025-01-05',
      amount: 25_000,
      today: TODAY,
    };
    await seedLagHistory(db(), history);
    // Another school whose families pay 200 days late: never in the first school's curve.
    await seedLagHistory(db(), {
      ...history,
      organizationId: other.organizationId,
      students: 50,
      amount: 1_000_000,
      extraLag: 200,
    });
  });

  it("forecasts the next months near what the pattern pays, from the school's own lags", async () => {
    const forecast = await ok<CashForecast>(school.call('GET', '/api/statistics/forecast'));
    expect(forecast.asOf).toBe(TODAY);
    expect(forecast.basis).toBe('school');
    expect(forecast.weeks).toHaveLength(13);
    expect(forecast.months).toHaveLength(3);
    expect(forecast.weeks[0]).toMatchObject({ from: '2026-06-15', to: '2026-06-21' });
    expect(forecast.months.map((m) => [m.from, m.to])).toEqual([
      ['2026-06-01', '2026-06-30'],
      ['2026-07-01', '2026-07-31'],
      ['2026-08-01', '2026-08-31'],
    ]);
    // What came in this month so far is told apart; what is expected is from today on.
    expect(forecast.months[0]!.received).toBe(
      await paidBetween(db(), history, '2026-06-01', '2026-06-14'),
    );
    expect(forecast.months[1]!.received).toBe(0);
    for (const [index, month] of forecast.months.entries()) {
      const from = index === 0 ? TODAY : month.from;
      const truth = await paidBetween(db(), history, from, month.to);
      expect(Math.abs(month.expected - truth) / truth).toBeLessThan(0.1);
      expect(month.low).toBeLessThanOrEqual(month.high);
    }
    const weeksTotal = forecast.weeks.reduce((sum, week) => sum + week.expected, 0);
    const truth13 = await paidBetween(db(), history, TODAY, '2026-09-13');
    expect(Math.abs(weeksTotal - truth13) / truth13).toBeLessThan(0.1);
    // Six past months measured, each forecast on its first day from what was known then.
    expect(forecast.rangeMethod).toBe('backtest');
    expect(forecast.accuracy).not.toBeNull();
    expect(forecast.accuracy!.months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
    ]);
    expect(forecast.accuracy!.months[5]!.actual).toBe(
      await paidBetween(db(), history, '2026-05-01', '2026-05-31'),
    );
    expect(forecast.accuracy!.mape).toBeLessThan(10);
    expect(forecast.accuracy!.accuracyPercent).toBeCloseTo(100 - forecast.accuracy!.mape, 1);
    expect(forecast.accuracy!.coverage).toBeGreaterThanOrEqual(0);
  });

  it("reads one school's payments only, unless pooled for the platform", async () => {
    const own = await paidCells(db(), school.organizationId);
    const pooled = await paidCells(db(), null);
    const sum = (cells: { amount: number }[]) => cells.reduce((s, c) => s + c.amount, 0);
    const { rows } = await db().execute<{ school: string; all: string }>(sql`select
      sum(amount) filter (where organization_id = ${school.organizationId}) school,
      sum(amount) "all" from collection_facts`);
    expect(sum(own)).toBe(Number(rows[0]!.school));
    expect(sum(pooled)).toBe(Number(rows[0]!.all));
    // None of the other school's 200-day lags in this school's cells.
    expect(own.every((cell) => cell.day - cell.due < 150)).toBe(true);
  });

  it('a new school without history: the platform-wide curve, said so, no accuracy', async () => {
    const newcomer = await signUpSchool(app(), 'École Nouvelle');
    await db().execute(sql`insert into receivable_days (organization_id, due_on, invoices,
        open_invoices, total, paid, open)
      values (${newcomer.organizationId}, '2026-07-05', 10, 10, 500000, 0, 500000)`);
    const forecast = await getCashForecast(
      db(),
      newcomer.organizationId,
      NOW,
      createForecastMemo(),
    );
    expect(forecast.basis).toBe('platform');
    expect(forecast.accuracy).toBeNull();
    expect(forecast.rangeMethod).toBe('analytical');
    // The pooled curve pays most of a July due day in July (the other school's late habits
    // weigh in the pool, not in the first school's curve).
    expect(forecast.months[1]!.expected).toBeGreaterThan(0);
    expect(forecast.months[1]!.expected).toBeLessThanOrEqual(500_000);
    expect(forecast.months.every((m) => m.received === 0)).toBe(true);
  });

  it('needs read:statistics', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/statistics/forecast' });
    expect(response.statusCode).toBe(401);
  });
});
