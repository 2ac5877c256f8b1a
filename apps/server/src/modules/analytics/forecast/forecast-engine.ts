import {
  analyticalBand,
  blend,
  cumulate,
  expectWindows,
  meanAbsolutePercentageError,
  quantile,
  shrink,
  type DueDay,
  type LagCurve,
  type OpenDueDay,
  type PaymentHistory,
  type WindowExpectation,
} from './forecast-model';
import { referenceIncrements } from './forecast-reference';

/** The forecast's rules (research §5), named so tests and the bench read the same ones. */
export const FORECAST_RULES = {
  /** Shrinkage toward the platform's curve: k of research §5.2. */
  shrinkK: 30,
  /** A school's own curve once it has this many invoices due 180 days ago or more… */
  minMatureInvoices: 30,
  matureDays: 180,
  /** …and payments for three months (the same for the platform's pooled history). */
  minHistoryDays: 90,
  /** The platform's pooled curve once every school together has this many mature invoices. */
  platformMinMatureInvoices: 30,
  /** Backtest as-of days, weekly, over the last 26 weeks: the range's errors per horizon. */
  calibrationWeeks: 26,
  /** Errors needed per horizon for the empirical range, else the analytical one. */
  minRatios: 6,
  /** « Précision sur les 6 derniers mois »: each month forecast on its first day. */
  backtestMonths: 6,
  /** Months measured needed to state an accuracy. */
  minMeasuredMonths: 3,
} as const;

export type ForecastBasis = 'school' | 'platform' | 'reference';

/** A history is mature on `asOf`: enough invoices due 180 days before, payments for 3 months. */
function matureEnough(history: PaymentHistory, asOf: number, minInvoices: number): boolean {
  const first = history.firstPaymentDay;
  return (
    history.invoicesDueBy(asOf - FORECAST_RULES.matureDays) >= minInvoices &&
    first !== null &&
    first <= asOf - FORECAST_RULES.minHistoryDays
  );
}

export const WEEK_HORIZONS = 13;
export const MONTH_HORIZONS = 3;

/** The windows whose errors calibrate each horizon: 7-day weeks and 30-day months from `asOf`. */
function horizonWindows(asOf: number): [number, number][] {
  const weeks = Array.from({ length: WEEK_HORIZONS }, (_, h): [number, number] => [
    asOf + 7 * h,
    asOf + 7 * h + 6,
  ]);
  const months = Array.from({ length: MONTH_HORIZONS }, (_, m): [number, number] => [
    asOf + 30 * m,
    asOf + 30 * m + 29,
  ]);
  return [...weeks, ...months];
}

export interface Calibration {
  /** actual / forecast per horizon: 13 weeks then 3 months. */
  ratios: number[][];
}

export interface BacktestMonth {
  from: number;
  to: number;
  forecast: number;
  actual: number;
  low: number;
  high: number;
}

/**
 * The forecast at any as-of day from one school's history (and every school's, pooled), as it
 * was known that day: the curve fitted on payments before it, the open amounts reopened by what
 * was paid since. Curves and states are computed once per as-of day.
 */
export class ForecastEngine {
  private readonly curves = new Map<number, { basis: ForecastBasis; curve: LagCurve }>();
  private readonly reference = referenceIncrements();
  private readonly states = new Map<number, OpenDueDay[]>();
  private readonly meanSize = new Map<number, number>();

  constructor(
    private readonly school: PaymentHistory,
    private readonly platform: PaymentHistory | null,
    private readonly dueDays: readonly DueDay[],
    /** What is open now, per due day (after the payments up to `today`). */
    private readonly openNow: readonly OpenDueDay[],
    private readonly today: number,
  ) {
    for (const row of dueDays) {
      if (row.invoices > 0) this.meanSize.set(row.due, row.total / row.invoices);
    }
  }

  /** The school's own history is enough on `asOf`: 30 mature invoices and three months paid. */
  hasOwnHistory(asOf: number): boolean {
    return matureEnough(this.school, asOf, FORECAST_RULES.minMatureInvoices);
  }

  /** Every school's pooled history is enough on `asOf`, by the same measure. */
  hasPlatformHistory(asOf: number): boolean {
    return (
      this.platform !== null &&
      matureEnough(this.platform, asOf, FORECAST_RULES.platformMinMatureInvoices)
    );
  }

  /**
   * The curve on `asOf`: the school's own shrunk toward the platform's; else the platform's,
   * itself shrunk toward the reference curve (a thin pool leans on it); else the reference curve
   * — never a curve without mature data, which would say that nobody pays.
   */
  curveAt(asOf: number): { basis: ForecastBasis; curve: LagCurve } {
    const known = this.curves.get(asOf);
    if (known) return known;
    const parent = this.hasPlatformHistory(asOf)
      ? blend(this.platform!.increments(asOf), this.reference, FORECAST_RULES.shrinkK)
      : null;
    const fitted = this.hasOwnHistory(asOf)
      ? {
          basis: 'school' as const,
          // The pool holds the school's own history: mature with it (alone when none is given).
          curve: shrink(this.school.increments(asOf), parent, FORECAST_RULES.shrinkK),
        }
      : parent
        ? { basis: 'platform' as const, curve: cumulate(parent) }
        : { basis: 'reference' as const, curve: cumulate(this.reference) };
    this.curves.set(asOf, fitted);
    return fitted;
  }

  /**
   * Open amounts per due day at the start of `asOf`: today's, plus what was paid on them since
   * (credit used since and invoices voided since are not undone: a small optimism of the past).
   * Σ residual² from the due day's average invoice (each open item taken whole).
   */
  stateAt(asOf: number): OpenDueDay[] {
    if (asOf >= this.today) return [...this.openNow];
    const known = this.states.get(asOf);
    if (known) return known;
    const openByDue = new Map(this.openNow.map((item) => [item.due, item.open]));
    const state: OpenDueDay[] = [];
    for (const row of this.dueDays) {
      const open = (openByDue.get(row.due) ?? 0) + this.school.paidOnDueFrom(row.due, asOf);
      if (open <= 0) continue;
      const size = Math.min(open, this.meanSize.get(row.due) ?? open);
      state.push({ due: row.due, open, squares: open * size });
    }
    this.states.set(asOf, state);
    return state;
  }

  forecast(asOf: number, windows: readonly (readonly [number, number])[]): WindowExpectation[] {
    return expectWindows(this.stateAt(asOf), this.curveAt(asOf).curve, asOf, windows);
  }

  /**
   * Errors of the forecasts made weekly over the 26 weeks before `reference`, per horizon: the
   * actual / forecast of every window already over by then.
   */
  calibrate(reference: number): Calibration {
    const ratios: number[][] = Array.from({ length: WEEK_HORIZONS + MONTH_HORIZONS }, () => []);
    for (let week = 1; week <= FORECAST_RULES.calibrationWeeks; week += 1) {
      const asOf = reference - 7 * week;
      const windows = horizonWindows(asOf);
      const expected = this.forecast(asOf, windows);
      windows.forEach(([from, to], horizon) => {
        const forecast = expected[horizon]!.mean;
        if (to >= reference || forecast < 1) return;
        ratios[horizon]!.push(this.school.paidBetween(from, to) / forecast);
      });
    }
    return { ratios };
  }

  /**
   * The 80 % range of a horizon from its errors: [q10, q90] × forecast, never narrower than the
   * items' own Bernoulli spread (a steady history's errors alone can make a razor-thin range);
   * null with too few errors.
   */
  static empiricalBand(
    ratios: readonly number[],
    expectation: WindowExpectation,
  ): [number, number] | null {
    if (ratios.length < FORECAST_RULES.minRatios) return null;
    const [low, high] = analyticalBand(expectation);
    return [
      Math.min(low, expectation.mean * quantile(ratios, 0.1)),
      Math.max(high, expectation.mean * quantile(ratios, 0.9)),
    ];
  }

  /**
   * « Précision sur les 6 derniers mois » (research §5.8): each of the last six whole months
   * forecast on its first day, from what was known then, against what came in on the invoices;
   * each month's range from the errors known then. Months without money received are not
   * measured.
   */
  backtestMonths(months: readonly { from: number; to: number }[]): {
    months: BacktestMonth[];
    mape: number | null;
    coverage: number | null;
  } {
    const measured: BacktestMonth[] = [];
    for (const { from, to } of months) {
      const [expected] = this.forecast(from, [[from, to]]);
      const actual = this.school.paidBetween(from, to);
      if (!expected || actual <= 0) continue;
      const ratios = this.calibrate(from).ratios[WEEK_HORIZONS]!;
      const [low, high] =
        ForecastEngine.empiricalBand(ratios, expected) ?? analyticalBand(expected);
      measured.push({ from, to, forecast: expected.mean, actual, low, high });
    }
    if (measured.length < FORECAST_RULES.minMeasuredMonths) {
      return { months: measured, mape: null, coverage: null };
    }
    const inside = measured.filter((m) => m.actual >= m.low && m.actual <= m.high).length;
    return {
      months: measured,
      mape: meanAbsolutePercentageError(measured),
      coverage: (inside / measured.length) * 100,
    };
  }
}
