import { describe, expect, it } from 'vitest';
import { ForecastEngine } from './forecast-engine';
import {
  analyticalBand,
  cumulate,
  curveAt,
  dayNumber,
  dayText,
  expectWindows,
  MAX_LAG,
  meanAbsolutePercentageError,
  PaymentHistory,
  quantile,
  shrink,
  windowProbability,
  type DueDay,
  type PaidCell,
} from './forecast-model';
import { REFERENCE_COLLECTION_RATE, referenceIncrements } from './forecast-reference';

/** Cohorts of 1 000 F due every day from `first`, paid 30 % 10 days early, 50 % 5 days late,
 * 15 % 40 days late, 5 % never. */
function pattern(first: number, cohorts: number) {
  const cells: PaidCell[] = [];
  const days: DueDay[] = [];
  for (let due = first; due < first + cohorts; due += 1) {
    days.push({ due, invoices: 1, total: 1000 });
    cells.push({ due, day: due - 10, amount: 300 });
    cells.push({ due, day: due + 5, amount: 500 });
    cells.push({ due, day: due + 40, amount: 150 });
  }
  return { cells, days };
}

describe('the payment-lag curve', () => {
  it('recovers a known lag pattern, amount-weighted, with the never-paid mass left out', () => {
    const { cells, days } = pattern(1000, 100);
    const curve = cumulate(new PaymentHistory(cells, days).increments(2000).share);
    expect(curveAt(curve, -11)).toBe(0);
    expect(curveAt(curve, -10)).toBeCloseTo(0.3, 10);
    expect(curveAt(curve, 4)).toBeCloseTo(0.3, 10);
    expect(curveAt(curve, 5)).toBeCloseTo(0.8, 10);
    expect(curveAt(curve, 39)).toBeCloseTo(0.8, 10);
    expect(curveAt(curve, 40)).toBeCloseTo(0.95, 10);
    expect(curveAt(curve, 365)).toBeCloseTo(0.95, 10);
    expect(curveAt(curve, 900)).toBeCloseTo(0.95, 10);
  });

  it('cut at an as-of day, uses only payments before it and each lag from old-enough cohorts', () => {
    const { cells, days } = pattern(1000, 100);
    // On day 1060 the cohorts due after 1019 have not shown their 40-day payments yet: they
    // are left out of that lag's increment instead of counting as unpaid.
    const curve = cumulate(new PaymentHistory(cells, days).increments(1060).share);
    expect(curveAt(curve, 40)).toBeCloseTo(0.95, 10);
    // Nothing was known before the first payments.
    const early = cumulate(new PaymentHistory(cells, days).increments(990).share);
    expect(curveAt(early, 365)).toBe(0);
  });

  it('blends a small school toward the platform by its invoices (n / (n + k))', () => {
    const school = { share: new Float64Array(426), invoices: new Float64Array(426) };
    const platform = new Float64Array(426);
    school.share[100] = 1;
    school.invoices[100] = 30;
    platform[100] = 0.5;
    expect(curveAt(shrink(school, platform, 30), 40)).toBeCloseTo(0.75, 10);
    expect(curveAt(shrink(school, null, 30), 40)).toBe(1);
  });
});

describe('what comes in during a window', () => {
  const { cells, days } = pattern(1000, 100);
  const curve = cumulate(new PaymentHistory(cells, days).increments(2000).share);

  it('not yet due (method A): the share of the curve in the window', () => {
    expect(windowProbability(curve, 500, 480, 480, 496)).toBeCloseTo(0.3, 10);
    expect(windowProbability(curve, 500, 480, 480, 505)).toBeCloseTo(0.8, 10);
  });

  it('overdue (method B): conditional on still being unpaid at its age', () => {
    // 10 days late, 20 % of the amount is still unpaid; 15 % will come at 40 days: 0.75.
    expect(windowProbability(curve, 500, 510, 510, 550)).toBeCloseTo(0.75, 10);
    // Beyond 40 days nothing more comes: the 5 % never paid.
    expect(windowProbability(curve, 500, 560, 560, 800)).toBe(0);
  });

  it('sums open amounts × probability, with the Bernoulli band μ ± 1.28σ', () => {
    const [window] = expectWindows([{ due: 500, open: 1000, squares: 1_000_000 }], curve, 510, [
      [510, 550],
    ]);
    expect(window!.mean).toBeCloseTo(750, 6);
    expect(window!.variance).toBeCloseTo(187_500, 3);
    const [low, high] = analyticalBand(window!);
    expect(low).toBeCloseTo(750 - 1.2816 * Math.sqrt(187_500), 3);
    expect(high).toBeCloseTo(750 + 1.2816 * Math.sqrt(187_500), 3);
  });
});

describe('measures', () => {
  it('quantiles interpolate, MAPE skips months without money', () => {
    expect(quantile([1, 2, 3, 4, 5], 0.1)).toBeCloseTo(1.4, 10);
    expect(quantile([5, 1, 3], 0.5)).toBe(3);
    expect(
      meanAbsolutePercentageError([
        { forecast: 90, actual: 100 },
        { forecast: 130, actual: 100 },
        { forecast: 50, actual: 0 },
      ]),
    ).toBeCloseTo(20, 10);
    expect(meanAbsolutePercentageError([])).toBeNull();
  });

  it('days are whole numbers and back', () => {
    expect(dayText(dayNumber('2026-03-01') - 1)).toBe('2026-02-28');
  });
});

describe('the 80 % range from the backtest', () => {
  it('is q10–q90 of the errors × forecast, never narrower than the Bernoulli band', () => {
    const expectation = { mean: 1000, variance: 100 };
    const wide = [0.5, 0.7, 0.9, 1, 1.1, 1.3, 1.5];
    const [low, high] = ForecastEngine.empiricalBand(wide, expectation)!;
    expect(low).toBeCloseTo(1000 * quantile(wide, 0.1), 6);
    expect(high).toBeCloseTo(1000 * quantile(wide, 0.9), 6);
    const steady = [1, 1, 1, 1, 1, 1];
    expect(ForecastEngine.empiricalBand(steady, expectation)).toEqual(analyticalBand(expectation));
    expect(ForecastEngine.empiricalBand(wide.slice(0, 5), expectation)).toBeNull();
  });
});

describe('the backtest', () => {
  it('on a steady pattern, forecasts each past month almost exactly, from what was known then', () => {
    const first = dayNumber('2025-01-01');
    const today = dayNumber('2026-06-15');
    const { cells, days } = pattern(first, today - first + 120);
    const paid = cells.filter((cell) => cell.day < today);
    const paidByDue = new Map<number, number>();
    for (const cell of paid) paidByDue.set(cell.due, (paidByDue.get(cell.due) ?? 0) + cell.amount);
    const open = days
      .map((row) => ({ due: row.due, open: row.total - (paidByDue.get(row.due) ?? 0), squares: 0 }))
      .filter((row) => row.open > 0)
      .map((row) => ({ ...row, squares: row.open * row.open }));
    const engine = new ForecastEngine(new PaymentHistory(paid, days), null, days, open, today);
    expect(engine.curveAt(today).basis).toBe('school');
    // The state reopened on 1 May: what was open then, rebuilt from today's and what came since.
    const may = dayNumber('2026-05-01');
    const reopened = engine.stateAt(may).reduce((sum, item) => sum + item.open, 0);
    const truth = days.reduce(
      (sum, row) =>
        sum +
        row.total -
        cells
          .filter((cell) => cell.due === row.due && cell.day < may)
          .reduce((s, c) => s + c.amount, 0),
      0,
    );
    // Items whose never-paid 5 % lie open forever are in both.
    expect(reopened).toBe(truth);
    const result = engine.backtestMonths(
      ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05'].map((m) => {
        const from = dayNumber(`${m}-01`);
        const next = new Date(`${m}-01T00:00:00Z`);
        next.setUTCMonth(next.getUTCMonth() + 1);
        return { from, to: dayNumber(next.toISOString().slice(0, 10)) - 1 };
      }),
    );
    expect(result.months).toHaveLength(6);
    expect(result.mape).not.toBeNull();
    expect(result.mape!).toBeLessThan(1);
    expect(result.coverage).toBe(100);
  });
});

describe('without mature history anywhere', () => {
  const today = dayNumber('2026-06-15');
  // 28 invoices of 100 000 F due on 5 July, 5 August and 5 September; nothing paid yet.
  const dues = ['2026-07-05', '2026-08-05', '2026-09-05'].map(dayNumber);
  const days: DueDay[] = dues.map((due) => ({ due, invoices: 28, total: 2_800_000 }));
  const open = days.map((row) => ({ due: row.due, open: row.total, squares: 2_800_000 * 100_000 }));

  it('forecasts from the reference curve: dues in the window are expected, not « nobody pays »', () => {
    const empty = new PaymentHistory([], []);
    const engine = new ForecastEngine(new PaymentHistory([], days), empty, days, open, today);
    const { basis, curve } = engine.curveAt(today);
    expect(basis).toBe('reference');
    expect(curveAt(curve, MAX_LAG)).toBeCloseTo(REFERENCE_COLLECTION_RATE, 10);
    // July's due day: most of it in the window 1 July … 31 July, never all of it.
    const [july, quarter] = engine.forecast(today, [
      [dayNumber('2026-07-01'), dayNumber('2026-07-31')],
      [today, today + 90],
    ]);
    expect(july!.mean).toBeGreaterThan(0.5 * 2_800_000);
    expect(july!.mean).toBeLessThan(2_800_000);
    expect(quarter!.mean).toBeGreaterThan(0.5 * 3 * 2_800_000);
    expect(quarter!.mean).toBeLessThan(3 * 2_800_000);
  });

  it('a platform with a few immature payments is not mature: still the reference curve', () => {
    // Two invoices due in May paid at once: not 30 invoices due 180 days ago.
    const cells: PaidCell[] = [{ due: today - 40, day: today - 40, amount: 200_000 }];
    const pool = new PaymentHistory(cells, [{ due: today - 40, invoices: 2, total: 200_000 }]);
    const engine = new ForecastEngine(new PaymentHistory([], days), pool, days, open, today);
    expect(engine.curveAt(today).basis).toBe('reference');
  });

  it('a thin platform is shrunk toward the reference curve, a large one barely', () => {
    // Cohorts paid all on their due day: their own curve says 100 % at lag 0.
    const platformOf = (invoices: number) => {
      const first = today - 400;
      const pool: DueDay[] = [];
      const paid: PaidCell[] = [];
      for (let due = first; due < today - 10; due += 30) {
        pool.push({ due, invoices, total: invoices * 1000 });
        paid.push({ due, day: due, amount: invoices * 1000 });
      }
      return new PaymentHistory(paid, pool);
    };
    const thin = new ForecastEngine(new PaymentHistory([], days), platformOf(5), days, [], today);
    const large = new ForecastEngine(
      new PaymentHistory([], days),
      platformOf(500),
      days,
      [],
      today,
    );
    expect(thin.curveAt(today).basis).toBe('platform');
    expect(large.curveAt(today).basis).toBe('platform');
    const reference = cumulate(referenceIncrements());
    const thinAtDue = curveAt(thin.curveAt(today).curve, 0);
    const largeAtDue = curveAt(large.curveAt(today).curve, 0);
    expect(largeAtDue).toBeGreaterThan(0.95);
    expect(thinAtDue).toBeLessThan(largeAtDue);
    expect(thinAtDue).toBeGreaterThan(curveAt(reference, 0));
  });
});
