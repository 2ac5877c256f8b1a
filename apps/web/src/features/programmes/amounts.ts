import { formatFrancs, formatWholeNumber, isFrancs, MoneyError, parseFrancs } from '@ecolage/money';

/**
 * Amounts and whole numbers as people type them, turned into the numbers the contracts' schemas
 * check. Nothing is refused here: a fraction stays a fraction and text that is not a number
 * becomes NaN, so that the schema (`francsSchema`, `z.number().int()`) reports it with its own
 * French message, exactly as the server would.
 */

/** Spaces people (and `formatFrancs`) put between groups of digits. */
const SPACES = /[\s\u00A0\u2007\u202F]+/g;
const UNIT = /\s*(?:f\s*cfa|francs?(?:\s*cfa)?|cfa|xof|f)\.?$/i;

/**
 * `"150 000"`, `"150000"`, `"150 000 FCFA"` → 150000; `"150,5"` → 150.5 (refused by the
 * schema: no centimes); `"-5000"` → -5000 (refused: negative); `"abc"` → NaN; `""` → undefined.
 */
export function readAmount(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return parseFrancs(trimmed);
  } catch (error) {
    if (error instanceof MoneyError && error.code === 'NOT_AN_INTEGER') {
      const decimal = Number(trimmed.replace(UNIT, '').replace(SPACES, '').replace(',', '.'));
      return Number.isFinite(decimal) ? decimal : Number.NaN;
    }
    return Number.NaN;
  }
}

/** A day, a count or a percent: `"12"` → 12, `"12,5"` → 12.5, `"douze"` → NaN, `""` → undefined. */
export function readWhole(text: string): number | undefined {
  const trimmed = text.trim().replace(SPACES, '');
  if (trimmed === '') return undefined;
  return /^[-+]?\d+(?:[.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** An amount as it is written back into its field: `150 000` (French grouping, no unit). */
export function amountText(amount: number, language: string): string {
  return isFrancs(amount) ? formatWholeNumber(amount, language.startsWith('en') ? 'en' : 'fr') : '';
}

/** The typed text regrouped by three once it is a valid amount (`150000` → `150 000`). */
export function tidyAmountText(text: string): string {
  const amount = readAmount(text);
  return amount !== undefined && isFrancs(amount) && amount >= 0 ? amountText(amount, 'fr') : text;
}

/** `150 000 FCFA` (French) or `150,000 FCFA` (English). */
export function formatMoney(amount: number, language: string): string {
  return isFrancs(amount) ? formatFrancs(amount, language.startsWith('en') ? 'en' : 'fr') : '';
}

/** A valid amount for a running total, else 0 (the field shows its own error). */
export function amountOrZero(value: number | undefined): number {
  return value !== undefined && isFrancs(value) && value >= 0 ? value : 0;
}

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
