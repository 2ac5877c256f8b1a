import { formatFrancs, formatWholeNumber, isFrancs, MoneyError, parseFrancs } from '@ecolage/money';
import type { FrancsLocale } from '@ecolage/money';

/**
 * Amounts as people type and read them. Typed text is turned into the numbers the contracts'
 * schemas check. Nothing is refused here: a fraction stays a fraction and text that is not a number
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
    // Too large to be exact: the schema's maximum speaks.
    if (error instanceof MoneyError && error.code === 'UNSAFE_INTEGER')
      return Number.MAX_SAFE_INTEGER;
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

/** The money format of the reader's language. */
export function francsLocale(language: string): FrancsLocale {
  return language.startsWith('en') ? 'en' : 'fr';
}

/**
 * `150 000 FCFA` (French) or `150,000 FCFA` (English); a negative amount (a discount) with a real
 * minus sign: `−15 000 FCFA`.
 */
export function formatMoney(amount: number, language: string): string {
  if (!isFrancs(amount)) return '';
  const locale = francsLocale(language);
  return amount < 0 ? `\u2212${formatFrancs(-amount, locale)}` : formatFrancs(amount, locale);
}

/** A valid amount for a running total, else 0 (the field shows its own error). */
export function amountOrZero(value: number | undefined): number {
  return value !== undefined && isFrancs(value) && value >= 0 ? value : 0;
}
