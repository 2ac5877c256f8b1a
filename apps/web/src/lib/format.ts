/**
 * Display formatting for amounts in francs CFA (XOF has no minor unit: whole francs only).
 * Same output as `formatFrancs` of `@ecolage/money`, which will replace this module once it is
 * published: U+202F NARROW NO-BREAK SPACE between groups of three digits (what
 * `Intl.NumberFormat('fr-FR')` prints) and U+00A0 NO-BREAK SPACE before `FCFA`, so the unit never
 * wraps onto its own line.
 */

export type AppLocale = 'fr' | 'en';

export const NARROW_NO_BREAK_SPACE = '\u202F';
export const NO_BREAK_SPACE = '\u00A0';
export const CURRENCY_LABEL = 'FCFA';

const GROUP_SEPARATOR: Record<AppLocale, string> = { fr: NARROW_NO_BREAK_SPACE, en: ',' };

const formatters: Record<AppLocale, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }),
};

/** Groups the digits of a whole number; the separator is pinned so older ICU builds agree. */
export function formatInteger(value: number, locale: AppLocale = 'fr'): string {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Not a whole number of francs: ${value}`);
  }
  return formatters[locale]
    .formatToParts(value + 0)
    .map((part) => {
      if (part.type === 'group') return GROUP_SEPARATOR[locale];
      if (part.type === 'minusSign') return '-';
      return part.value;
    })
    .join('');
}

/** `formatXof(165000)` is `"165 000 FCFA"` (U+202F inside the number, U+00A0 before FCFA). */
export function formatXof(amount: number, locale: AppLocale = 'fr'): string {
  return `${formatInteger(amount, locale)}${NO_BREAK_SPACE}${CURRENCY_LABEL}`;
}
