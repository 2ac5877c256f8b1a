import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpSchool } from '../../../test/school-fixture';
import { useAppAt } from '../../payments/list/payment-records.test-support';
import { refreshStatistics } from '../rollups/refresh-statistics.service';
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
    // Two invoices of history: the platform's curve (here, this lone school's payments pooled).
    expect(forecast.basis).toBe('platform');
    expect(forecast.accuracy).toBeNull();
    expect(forecast.months[0]!.received).toBe(100_000);
    expect(forecast.weeks[0]!.received).toBe(0);
    // Every invoice so far was paid within 5 days: July's 100 000 is expected in July.
    expect(forecast.months[1]!.expected).toBe(100_000);
    expect(forecast.weeks[3]).toMatchObject({ from: '2026-07-06', expected: 100_000 });

    // Kept until the rollups move; a new payment and a refresh give a new forecast.
    expect(await getCashForecast(db(), school, NOW, memo)).toBe(forecast);
    await records.payment({
      guardianId: guardian,
      succeededAt: '2026-06-15T08:00:00Z',
      amount: 40_000,
      allocations: [{ invoiceId: july, studentId: student, amount: 40_000 }],
    });
    await db().execute(sql`update invoices set paid = 40000, status = 'partially_paid',
      updated_at = now() where organization_id = ${school} and id = ${july}`);
    await refreshStatistics(db(), school, NOW);
    const after = await getCashForecast(db(), school, NOW, memo);
    expect(after).not.toBe(forecast);
    expect(after.weeks[0]!.received).toBe(40_000);
    expect(after.months[0]!.received).toBe(140_000);
    expect(after.months[1]!.expected).toBeLessThanOrEqual(60_000);
    expect(after.months[1]!.expected).toBeGreaterThan(0);
  });
});
