import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useAppAt } from '../../payments/list/payment-records.test-support';
import {
  rebuildPaymentFacts,
  rebuildReceivableDays,
  refreshStatistics,
} from '../rollups/refresh-statistics.service';
import { schoolRecords } from '../rollups/rollups.test-support';
import { dayNumber } from './forecast-model';
import { paidCells } from './forecast.repository';
import { createForecastMemo, getCashForecast } from './forecast.service';

// Monday 15 June 2026 in Lomé.
const NOW = new Date('2026-06-15T11:00:00Z');

/** The forecast from real payments, once the statistics' refresh has written their slices. */
describe('the cash forecast through real payments and the rollups’ refresh', () => {
  const { app, db } = useAppAt(NOW);
  let school: string;
  let records: ReturnType<typeof schoolRecords>;
  let student: string;
  let guardian: string;
  let july: string;

  beforeAll(async () => {
    school = (await signUpSchool(app(), 'Lycée Les Cocotiers')).organizationId;
    records = schoolRecords(db, school);
    student = await records.student({ birthDate: '2011-02-03' });
    guardian = await records.guardian();
    const may = await records.invoice({ studentId: student, dueOn: '2026-05-05', total: 100_000 });
    const june = await records.invoice({ studentId: student, dueOn: '2026-06-05', total: 100_000 });
    july = await records.invoice({ studentId: student, dueOn: '2026-07-05', total: 100_000 });
    // May's paid 5 days late, June's 3 days late; July's still open.
    for (const [invoiceId, at] of [
      [may, '2026-05-10T09:00:00Z'],
      [june, '2026-06-08T09:00:00Z'],
    ] as const) {
      await records.payment({
        guardianId: guardian,
        succeededAt: at,
        amount: 100_000,
        allocations: [{ invoiceId, studentId: student, amount: 100_000 }],
      });
      await db().execute(sql`update invoices set paid = 100000, status = 'paid',
        updated_at = now() where organization_id = ${school} and id = ${invoiceId}`);
    }
    await refreshStatistics(db(), school, NOW);
  });

  it('reads the lags of the payments the refresh wrote, and forecasts the open invoice', async () => {
    const cells = await paidCells(db(), school);
    expect(cells.sort((a, b) => a.day - b.day)).toEqual([
      { due: dayNumber('2026-05-05'), day: dayNumber('2026-05-10'), amount: 100_000 },
      { due: dayNumber('2026-06-05'), day: dayNumber('2026-06-08'), amount: 100_000 },
    ]);
    const memo = createForecastMemo();
    const forecast = await getCashForecast(db(), school, NOW, memo);
    // Two invoices of history, on the whole platform too: the reference curve, said so.
    expect(forecast.basis).toBe('reference');
    expect(forecast.accuracy).toBeNull();
    expect(forecast.months[0]!.received).toBe(100_000);
    expect(forecast.weeks[0]!.received).toBe(0);
    // July's 100 000: most of it expected in July (around its due day), some later, not all.
    expect(forecast.months[1]!.expected).toBeGreaterThan(50_000);
    expect(forecast.months[1]!.expected).toBeLessThan(100_000);
    expect(forecast.months[2]!.expected).toBeGreaterThan(0);
    expect(forecast.weeks[3]).toMatchObject({ from: '2026-07-06' });
    expect(forecast.weeks[3]!.expected).toBeGreaterThan(0);

    // Kept until the rollups move. A new payment, rebuilt at once by the outbox's handler (which
    // leaves the refresh's watermarks alone): `received` shows it without waiting for the job.
    expect(await getCashForecast(db(), school, NOW, memo)).toBe(forecast);
    const payment = await records.payment({
      guardianId: guardian,
      succeededAt: '2026-06-15T08:00:00Z',
      amount: 40_000,
      allocations: [{ invoiceId: july, studentId: student, amount: 40_000 }],
    });
    await db().execute(sql`update invoices set paid = 40000, status = 'partially_paid',
      updated_at = now() where organization_id = ${school} and id = ${july}`);
    await db().transaction(async (tx) => {
      await rebuildPaymentFacts(tx, school, [payment]);
      await rebuildReceivableDays(tx, school, ['2026-07-05']);
    });
    const after = await getCashForecast(db(), school, NOW, memo);
    expect(after).not.toBe(forecast);
    expect(after.weeks[0]!.received).toBe(40_000);
    expect(after.months[0]!.received).toBe(140_000);
    expect(after.months[1]!.expected).toBeLessThanOrEqual(60_000);
    expect(after.months[1]!.expected).toBeGreaterThan(0);
    // The refresh that follows finds the same figures.
    await refreshStatistics(db(), school, NOW);
    const refreshed = await getCashForecast(db(), school, NOW, memo);
    expect(refreshed.months).toEqual(after.months);
  });

  it('a new school on a platform without mature history: the reference curve, months not empty', async () => {
    const newcomer = (await signUpSchool(app(), 'École Nouvelle')).organizationId;
    const newRecords = schoolRecords(db, newcomer);
    const pupil = await newRecords.student({ birthDate: '2012-04-01' });
    for (const dueOn of ['2026-07-05', '2026-08-05', '2026-09-05']) {
      await newRecords.invoice({ studentId: pupil, dueOn, total: 150_000 });
    }
    await refreshStatistics(db(), newcomer, NOW);
    const forecast = await getCashForecast(db(), newcomer, NOW, createForecastMemo());
    expect(forecast.basis).toBe('reference');
    expect(forecast.rangeMethod).toBe('analytical');
    expect(forecast.accuracy).toBeNull();
    // June: the early share of July's due day only; July and August most of a due day each.
    expect(forecast.months[0]!.expected).toBeGreaterThan(0);
    expect(forecast.months[0]!.expected).toBeLessThan(forecast.months[1]!.expected);
    expect(forecast.months[1]!.expected).toBeGreaterThan(75_000);
    expect(forecast.months[2]!.expected).toBeGreaterThan(75_000);
    expect(forecast.months[2]!.expected).toBeLessThan(300_000);
    expect(forecast.months.every((m) => m.received === 0)).toBe(true);
  });
});
