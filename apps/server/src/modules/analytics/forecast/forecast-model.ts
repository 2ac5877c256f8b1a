/**
 * The cash forecast's arithmetic (research §5), pure: the amount-weighted payment-lag curve of a
 * school's history as it stood at any as-of day, the probability that an open amount comes in
 * during a window, the sums and their 80 % range, the error measures. Days are whole numbers
 * (days since 1970-01-01) so that lags are subtractions.
 */

/** Lags are clamped to −60 … +365 days from the due day (research §5.2). */
export const MIN_LAG = -60;
export const MAX_LAG = 365;
const LAG_COUNT = MAX_LAG - MIN_LAG + 1;
const DAY_MS = 86_400_000;

export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Francs paid on the invoices due on `due`, on `day` (invoice slices of `collection_facts`). */
export interface PaidCell {
  due: number;
  day: number;
  amount: number;
}

/** The invoices due on one day (`receivable_days`, summed over the dimensions). */
export interface DueDay {
  due: number;
  invoices: number;
  total: number;
}

/** Cumulative sums over keys sorted ascending: the sum of the values at keys ≤ a cut. */
class Prefix {
  readonly keys: number[] = [];
  readonly sums: number[] = [];

  constructor(entries: Iterable<[number, number]>) {
    const sorted = [...entries].sort((a, b) => a[0] - b[0]);
    let running = 0;
    for (const [key, value] of sorted) {
      running += value;
      if (this.keys.length > 0 && this.keys[this.keys.length - 1] === key) {
        this.sums[this.sums.length - 1] = running;
      } else {
        this.keys.push(key);
        this.sums.push(running);
      }
    }
  }

  /** Σ values with key ≤ cut. */
  upTo(cut: number): number {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.keys[middle]! <= cut) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? 0 : this.sums[low - 1]!;
  }

  get total(): number {
    return this.sums.length === 0 ? 0 : this.sums[this.sums.length - 1]!;
  }
}

/**
 * A history of payments against invoices, cut at any as-of day without looking past it: per lag,
 * what the cohorts (due days) paid at that lag; per cohort, what was due; per day, what came in.
 */
export class PaymentHistory {
  private readonly byLag: Prefix[];
  private readonly totals: Prefix;
  private readonly invoices: Prefix;
  private readonly byDay: Prefix;
  private readonly byDue = new Map<number, Prefix>();
  readonly firstPaymentDay: number | null;

  constructor(cells: readonly PaidCell[], dueDays: readonly DueDay[]) {
    const perLag: [number, number][][] = Array.from({ length: LAG_COUNT }, () => []);
    const perDue = new Map<number, [number, number][]>();
    let first: number | null = null;
    for (const cell of cells) {
      const lag = cell.day - cell.due;
      // Beyond a year late the money is outside the curve (its ultimate rate stays below 1).
      if (lag <= MAX_LAG) perLag[Math.max(lag, MIN_LAG) - MIN_LAG]!.push([cell.due, cell.amount]);
      let days = perDue.get(cell.due);
      if (!days) perDue.set(cell.due, (days = []));
      days.push([cell.day, cell.amount]);
      if (first === null || cell.day < first) first = cell.day;
    }
    this.byLag = perLag.map((entries) => new Prefix(entries));
    this.totals = new Prefix(dueDays.map((row) => [row.due, row.total]));
    this.invoices = new Prefix(dueDays.map((row) => [row.due, row.invoices]));
    this.byDay = new Prefix(cells.map((cell) => [cell.day, cell.amount]));
    for (const [due, days] of perDue) this.byDue.set(due, new Prefix(days));
    this.firstPaymentDay = first;
  }

  /** Invoices due on or before `day`. */
  invoicesDueBy(day: number): number {
    return this.invoices.upTo(day);
  }

  /** Francs paid on the invoices due on `due` from `day` on (to reopen them as they were). */
  paidOnDueFrom(due: number, day: number): number {
    const days = this.byDue.get(due);
    return days ? days.total - days.upTo(day - 1) : 0;
  }

  /** Francs paid on invoices from day `from` to day `to`, both included. */
  paidBetween(from: number, to: number): number {
    return this.byDay.upTo(to) - this.byDay.upTo(from - 1);
  }

  /**
   * The curve's increments as known on `asOf` (payments before it only): at lag x, what the
   * cohorts observed through that lag (due ≤ asOf − 1 − x) paid at x over what they owed — each
   * lag from the cohorts old enough to show it (censoring handled as research §5.3 asks). With
   * each increment, the invoices it rests on (the shrinkage's weight).
   */
  increments(asOf: number): { share: Float64Array; invoices: Float64Array } {
    const share = new Float64Array(LAG_COUNT);
    const invoices = new Float64Array(LAG_COUNT);
    for (let index = 0; index < LAG_COUNT; index += 1) {
      const cut = asOf - 1 - (index + MIN_LAG);
      const owed = this.totals.upTo(cut);
      if (owed <= 0) continue;
      share[index] = Math.max(0, this.byLag[index]!.upTo(cut) / owed);
      invoices[index] = this.invoices.upTo(cut);
    }
    return { share, invoices };
  }
}

/** F(x): the share of an invoice's amount paid by x days after its due day, x in −60 … 365. */
export type LagCurve = Float64Array;

/** Cumulates increments into a curve, monotone and at most 1. */
export function cumulate(increments: ArrayLike<number>): LagCurve {
  const curve = new Float64Array(LAG_COUNT);
  let running = 0;
  for (let index = 0; index < LAG_COUNT; index += 1) {
    running = Math.min(1, running + Math.max(0, increments[index] ?? 0));
    curve[index] = running;
  }
  return curve;
}

/**
 * Increments shrunk toward a parent's (research §5.2): at each lag, (n·own + k·parent) / (n + k),
 * n the invoices the own increment rests on — a school's toward the platform's, the platform's
 * toward the reference curve.
 */
export function blend(
  own: { share: ArrayLike<number>; invoices: ArrayLike<number> },
  parent: ArrayLike<number>,
  k: number,
): Float64Array {
  const blended = new Float64Array(LAG_COUNT);
  for (let index = 0; index < LAG_COUNT; index += 1) {
    const n = own.invoices[index] ?? 0;
    blended[index] = (n * (own.share[index] ?? 0) + k * (parent[index] ?? 0)) / (n + k);
  }
  return blended;
}

/** The school's increments shrunk toward the platform's, cumulated (its own alone without one). */
export function shrink(
  school: { share: ArrayLike<number>; invoices: ArrayLike<number> },
  platform: ArrayLike<number> | null,
  k: number,
): LagCurve {
  return cumulate(platform ? blend(school, platform, k) : school.share);
}

/** F at lag x: 0 before −60 (earlier money counts at −60), F(365) beyond a year. */
export function curveAt(curve: LagCurve, lag: number): number {
  if (lag < MIN_LAG) return 0;
  return curve[Math.min(lag, MAX_LAG) - MIN_LAG]!;
}

/**
 * The probability that what is still open on `asOf` of an invoice due on `due` comes in from day
 * `from` to day `to` (from ≥ asOf): (F(to − due) − F(from − 1 − due)) / (1 − F(asOf − 1 − due)).
 * Not yet due (method A), the denominator is the share not paid early; overdue (method B), the
 * share still unpaid at its age, never-paid mass included — so an old debt's chances fall.
 */
export function windowProbability(
  curve: LagCurve,
  due: number,
  asOf: number,
  from: number,
  to: number,
): number {
  const unpaid = 1 - curveAt(curve, asOf - 1 - due);
  if (unpaid <= 1e-9 || to < from) return 0;
  const start = Math.max(from, asOf);
  const p = (curveAt(curve, to - due) - curveAt(curve, start - 1 - due)) / unpaid;
  return Math.min(1, Math.max(0, p));
}

/** What is open on a due day: francs and Σ residual² (the analytical band's spread). */
export interface OpenDueDay {
  due: number;
  open: number;
  squares: number;
}

export interface WindowExpectation {
  mean: number;
  variance: number;
}

/**
 * Expected francs per window: Σ open × p, and the Bernoulli variance Σ residual² × p (1 − p)
 * (each item paid whole or not, independently — an understatement research §5.5 warns of).
 */
export function expectWindows(
  items: readonly OpenDueDay[],
  curve: LagCurve,
  asOf: number,
  windows: readonly (readonly [number, number])[],
): WindowExpectation[] {
  return windows.map(([from, to]) => {
    let mean = 0;
    let variance = 0;
    for (const item of items) {
      if (item.open <= 0) continue;
      const p = windowProbability(curve, item.due, asOf, from, to);
      mean += item.open * p;
      variance += item.squares * p * (1 - p);
    }
    return { mean, variance };
  });
}

/** The 80 % band of a sum of Bernoulli amounts: μ ± 1.28 σ, never below 0. */
export function analyticalBand(expectation: WindowExpectation): [number, number] {
  const spread = 1.2816 * Math.sqrt(Math.max(0, expectation.variance));
  return [Math.max(0, expectation.mean - spread), expectation.mean + spread];
}

/** The q-quantile (0…1) of values, linearly interpolated (type 7); NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** Mean absolute percentage error over the points with something actually received. */
export function meanAbsolutePercentageError(
  points: readonly { forecast: number; actual: number }[],
): number | null {
  const measured = points.filter((point) => point.actual > 0);
  if (measured.length === 0) return null;
  const sum = measured.reduce(
    (total, point) => total + Math.abs(point.actual - point.forecast) / point.actual,
    0,
  );
  return (sum / measured.length) * 100;
}
