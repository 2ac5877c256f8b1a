import { kpi, oneDecimal, StatisticsMessages } from '@ecolage/contracts';
import { addDays } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';

/** The label of the period that runs from 1 January to today. */
export const YEAR_TO_DATE_LABEL = 'Année à ce jour';

/** The first calendar year « Statistiques » answers for: before it, a year is a typing error. */
export const FIRST_STATISTICS_YEAR = 2000;

/** A span of school days, both ends included (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
}

/** The period the screen shows, and the one it is compared with. */
export interface StatisticsPeriod {
  key: string;
  label: string;
  /** The calendar year of the period: ages are « atteints dans l'année » of it. */
  year: number;
  current: DayRange;
  previous: DayRange;
}

/** The same calendar day a year before (29 February → 28 February). */
export function sameDayAYearBefore(day: string): string {
  const year = Number(day.slice(0, 4)) - 1;
  const monthDay = day.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

/**
 * The period a `periode` names, in the school's calendar on `today`:
 * - `ytd` (« Année à ce jour »): 1 January of the current year → today; compared with the same
 *   days a year before (1 January → the same day last year), so that the comparison is fair;
 * - a calendar year `YYYY`: 1 January → 31 December, compared with the year before; the current
 *   year behaves as `ytd` (its end is today, not 31 December).
 * A year the school has no data for is still a period (the screen shows an empty state); a year
 * before 2000 or after the current one is refused (422, « Période inconnue »).
 */
export function resolvePeriod(periode: string, today: string): StatisticsPeriod {
  const currentYear = Number(today.slice(0, 4));
  const year = periode === 'ytd' ? currentYear : Number(periode);
  if (!Number.isInteger(year) || year < FIRST_STATISTICS_YEAR || year > currentYear) {
    throw new AppError('VALIDATION_FAILED', StatisticsMessages.periodUnknown, {
      statusCode: 422,
      issues: [{ path: 'query.periode', message: StatisticsMessages.periodUnknown }],
    });
  }
  if (year === currentYear) {
    return {
      key: periode,
      label: periode === 'ytd' ? YEAR_TO_DATE_LABEL : String(year),
      year,
      current: { from: `${year}-01-01`, to: today },
      previous: { from: `${year - 1}-01-01`, to: sameDayAYearBefore(today) },
    };
  }
  return {
    key: periode,
    label: String(year),
    year,
    current: { from: `${year}-01-01`, to: `${year}-12-31` },
    previous: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` },
  };
}

/** The first day of the month of `day`. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month after the one of `day`. */
export function nextMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The first day of every month `range` touches, in order. */
export function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  for (let month = monthOf(range.from); month <= range.to; month = nextMonth(month)) {
    months.push(month);
  }
  return months;
}

/**
 * How a span of days is read: whole months from `collection_months` (`months`: first day
 * included, first day after excluded), days from `collection_facts` — added (`add`), or taken off
 * a month read whole (`subtract`). A partial month at the end is read by its smaller side: the
 * days up to `to`, or the whole month less the days after `to` (at most half a month of slices).
 */
export interface RangeSplit {
  months: { from: string; until: string } | null;
  add: DayRange[];
  subtract: DayRange[];
}

/** Day of the month (1–31) of `day`. */
const dayOfMonth = (day: string) => Number(day.slice(8, 10));

export function splitRange(range: DayRange): RangeSplit {
  const startMonth = monthOf(range.from);
  const endMonth = monthOf(range.to);
  if (range.from !== startMonth && startMonth === endMonth) {
    return { months: null, add: [range], subtract: [] };
  }
  const add: DayRange[] = [];
  const subtract: DayRange[] = [];
  let first = range.from;
  if (range.from !== startMonth) {
    first = nextMonth(range.from);
    add.push({ from: range.from, to: addDays(first, -1) });
  }
  let until = nextMonth(range.to);
  const lastOfMonth = addDays(until, -1);
  if (range.to !== lastOfMonth) {
    if (dayOfMonth(range.to) <= dayOfMonth(lastOfMonth) - dayOfMonth(range.to)) {
      add.push({ from: endMonth, to: range.to });
      until = endMonth;
    } else {
      subtract.push({ from: addDays(range.to, 1), to: lastOfMonth });
    }
  }
  return { months: first < until ? { from: first, until } : null, add, subtract };
}

/**
 * Birth years of an age range « atteint dans l'année » `year`: age = year − birth year, so
 * [min, max] keeps birth years from year − max to year − min. Null without an age filter.
 */
export function birthYearsFor(
  year: number,
  ages: { ageMin?: number | undefined; ageMax?: number | undefined },
): { from: number; to: number } | null {
  if (ages.ageMin === undefined && ages.ageMax === undefined) return null;
  return {
    from: ages.ageMax === undefined ? -32768 : year - ages.ageMax,
    to: ages.ageMin === undefined ? 32767 : year - ages.ageMin,
  };
}

// The KPI formula lives in contracts (marketing, upstream of analytics, computes its cards too).
export { kpi, oneDecimal };

/** A part of a whole in percent, one decimal; null without a whole. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : oneDecimal((part / whole) * 100);
}
