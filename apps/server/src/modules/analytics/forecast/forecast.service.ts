import type { CashForecast } from '@ecolage/contracts';
import { dayIn, DEFAULT_SCHOOL_TIME_ZONE } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { findOrganizationsByIds } from '../../organizations';
import { FORECAST_RULES, ForecastEngine, MONTH_HORIZONS, WEEK_HORIZONS } from './forecast-engine';
import {
  analyticalBand,
  dayNumber,
  dayText,
  PaymentHistory,
  type DueDay,
  type OpenDueDay,
  type PaidCell,
} from './forecast-model';
import { dueDays, openDueDays, paidCells, rollupWatermark } from './forecast.repository';
import { KeptResults } from '../../../platform/kept-results';

interface PlatformPool {
  history: PaymentHistory | null;
  /** Changes when the pool grows: part of each school's kept forecast's key. */
  size: string;
}

/**
 * Forecasts kept per school, day, rollups' version and platform pool (one entry each, 1,000 at
 * most), and the platform's pooled history per hour (platform/kept-results.ts).
 */
export interface ForecastMemo {
  schools: KeptResults<CashForecast>;
  platform: KeptResults<PlatformPool>;
}

export function createForecastMemo(): ForecastMemo {
  return { schools: new KeptResults(), platform: new KeptResults(24) };
}

const MONTH = (day: number) => {
  const date = new Date(dayText(day));
  return {
    first: Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 86_400_000),
    monthsLater: (n: number) => ({
      first: Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + n, 1) / 86_400_000),
      last: Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + n + 1, 0) / 86_400_000),
    }),
  };
};

const francs = (value: number) => Math.max(0, Math.round(value));
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * Every school's payments pooled: the curve of a school without history of its own. Read again
 * every hour (an empty pool in the morning is not kept all day); `size` tells the schools'
 * forecasts kept meanwhile whether it grew.
 */
async function platformHistory(db: DbOrTx, memo: ForecastMemo, now: Date) {
  return memo.platform.get(`platform:${now.toISOString().slice(0, 13)}`, async () => {
    const [cells, days] = await Promise.all([paidCells(db, null), dueDays(db, null)]);
    const paid = cells.reduce((sum, cell) => sum + cell.amount, 0);
    const invoices = days.reduce((sum, day) => sum + day.invoices, 0);
    return {
      history: cells.length === 0 ? null : new PaymentHistory(cells, days),
      size: `${cells.length}:${paid}:${invoices}`,
    };
  });
}

/**
 * The next three months' expected collections on the school's open invoices (research §5):
 * per week (13, the current one first) and per calendar month (3), each with its 80 % range —
 * from the backtest's errors per horizon when each has six, else μ ± 1.28σ — and what already
 * came in this week and month; the accuracy of the last six months' forecasts. Read from the
 * rollups only, kept per school, day, rollup watermark and version (a payment's handler moves
 * it) and the size of the platform's pooled history.
 */
export async function getCashForecast(
  db: DbOrTx,
  organizationId: string,
  now: Date,
  memo: ForecastMemo,
): Promise<CashForecast> {
  const [[school], watermark, platform] = await Promise.all([
    findOrganizationsByIds(db, [organizationId]),
    rollupWatermark(db, organizationId),
    platformHistory(db, memo, now),
  ]);
  const todayText = dayIn(school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE, now);
  return memo.schools.get(
    `${organizationId}:${todayText}:${watermark}:${platform.size}`,
    async () => {
      const [cells, days, open] = await Promise.all([
        paidCells(db, organizationId),
        dueDays(db, organizationId),
        openDueDays(db, organizationId),
      ]);
      return computeCashForecast({
        cells,
        days,
        open,
        platform: platform.history,
        today: todayText,
      });
    },
  );
}

/** The forecast from its inputs (the service's and the bench's). */
export function computeCashForecast(input: {
  cells: readonly PaidCell[];
  days: readonly DueDay[];
  open: readonly OpenDueDay[];
  platform: PaymentHistory | null;
  today: string;
}): CashForecast {
  const today = dayNumber(input.today);
  const history = new PaymentHistory(input.cells, input.days);
  const engine = new ForecastEngine(history, input.platform, input.days, input.open, today);
  const { basis } = engine.curveAt(today);

  // Calendar weeks from Monday, the current one first; calendar months, the current one first.
  const weekStart = today - ((new Date(input.today).getUTCDay() + 6) % 7);
  const weeks = Array.from({ length: WEEK_HORIZONS }, (_, w) => ({
    from: weekStart + 7 * w,
    to: weekStart + 7 * w + 6,
  }));
  const month = MONTH(today);
  const months = Array.from({ length: MONTH_HORIZONS }, (_, m) => month.monthsLater(m)).map(
    ({ first, last }) => ({ from: first, to: last }),
  );
  const buckets = [...weeks, ...months];
  const expected = engine.forecast(
    today,
    buckets.map(({ from, to }) => [Math.max(from, today), to] as const),
  );
  const { ratios } = engine.calibrate(today);
  const empirical = ratios.every((errors) => errors.length >= FORECAST_RULES.minRatios);
  const answer = buckets.map(({ from, to }, index) => {
    const expectation = expected[index]!;
    const [low, high] = empirical
      ? ForecastEngine.empiricalBand(ratios[index]!, expectation)!
      : analyticalBand(expectation);
    const current = index === 0 || index === WEEK_HORIZONS;
    return {
      from: dayText(from),
      to: dayText(to),
      expected: francs(expectation.mean),
      low: francs(low),
      high: francs(high),
      received: current ? francs(history.paidBetween(from, today)) : 0,
    };
  });

  const backtest = engine.backtestMonths(
    Array.from({ length: FORECAST_RULES.backtestMonths }, (_, i) =>
      month.monthsLater(i - FORECAST_RULES.backtestMonths),
    ).map(({ first, last }) => ({ from: first, to: last })),
  );
  const accuracy =
    backtest.mape === null || backtest.coverage === null
      ? null
      : {
          mape: oneDecimal(backtest.mape),
          accuracyPercent: Math.max(0, oneDecimal(100 - backtest.mape)),
          coverage: oneDecimal(backtest.coverage),
          months: backtest.months.map((m) => ({
            month: dayText(m.from).slice(0, 7),
            forecast: francs(m.forecast),
            actual: francs(m.actual),
          })),
        };
  return {
    asOf: input.today,
    basis,
    rangeMethod: empirical ? 'backtest' : 'analytical',
    weeks: answer.slice(0, WEEK_HORIZONS),
    months: answer.slice(WEEK_HORIZONS),
    accuracy,
  };
}
