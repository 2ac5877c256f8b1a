/** Months of a school year and due dates that repeat every year, as people read them. */

function locale(language: string): string {
  return language.startsWith('en') ? 'en-GB' : 'fr-FR';
}

/** `octobre` / `October` (`short`: `oct.` / `Oct`) for a month 1–12. */
export function monthLabel(month: number, language: string, width: 'long' | 'short' = 'long') {
  return new Intl.DateTimeFormat(locale(language), { month: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, month - 1, 1)),
  );
}

/** `15 octobre` / `15 October`: a due date that repeats every school year. */
export function dayAndMonth(day: number, month: number, language: string): string {
  return new Intl.DateTimeFormat(locale(language), {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2024, month - 1, day)));
}

/** Months in the order of a school year, September first: the order of the month toggles. */
export const SCHOOL_MONTHS = [9, 10, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8] as const;

/** `months` in school-year order, without duplicates. */
export function inSchoolOrder(months: readonly number[]): number[] {
  return SCHOOL_MONTHS.filter((month) => months.includes(month));
}

/**
 * The first and last month when `months` follow one another in the school year (October to
 * July), or null when there is a gap.
 */
export function monthRun(months: readonly number[]): { from: number; to: number } | null {
  const ordered = inSchoolOrder(months);
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  if (first === undefined || last === undefined || ordered.length < 2) return null;
  const start = SCHOOL_MONTHS.indexOf(first as (typeof SCHOOL_MONTHS)[number]);
  const contiguous = ordered.every((month, index) => SCHOOL_MONTHS[start + index] === month);
  return contiguous ? { from: first, to: last } : null;
}
