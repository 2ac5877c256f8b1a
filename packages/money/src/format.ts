import { assertFrancs } from './francs';
import type { Francs } from './francs';

/** Languages the amount can be formatted in. */
export type FrancsLocale = 'fr' | 'en';

/** U+202F NARROW NO-BREAK SPACE: the French thousands separator (CLDR, Intl `fr-FR`). */
export const NARROW_NO_BREAK_SPACE = '\u202F';
/** U+00A0 NO-BREAK SPACE: between the number and `FCFA`, so the unit never wraps alone. */
export const NO_BREAK_SPACE = '\u00A0';
/** Unit written after every formatted amount, in both languages. */
export const CURRENCY_LABEL = 'FCFA';

const GROUP_SEPARATOR: Record<FrancsLocale, string> = { fr: NARROW_NO_BREAK_SPACE, en: ',' };
const FORMATTERS: Record<FrancsLocale, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0, useGrouping: true }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0, useGrouping: true }),
};

/**
 * Digits grouped by `Intl.NumberFormat`, with the group separator and the minus sign pinned
 * (older ICU builds used U+00A0 for French groups), so the output never depends on the runtime.
 */
function groupDigits(amount: Francs, locale: FrancsLocale, separator: string): string {
  return FORMATTERS[locale]
    .formatToParts(amount + 0) // `+ 0` turns -0 into 0, which Intl would print as "-0"
    .map((part) => {
      if (part.type === 'group') return separator;
      if (part.type === 'minusSign') return '-';
      return part.value;
    })
    .join('');
}

/**
 * Formats whole francs for display: `formatFrancs(150000)` is `"150 000 FCFA"`, with U+202F
 * NARROW NO-BREAK SPACE between groups of three (as `Intl.NumberFormat('fr-FR')` does) and
 * U+00A0 NO-BREAK SPACE before `FCFA`. 1 000 and above are grouped (`"1 000 FCFA"`).
 *
 * Negative amounts start with U+002D HYPHEN-MINUS, which is the minus sign `Intl` gives for
 * `fr-FR` and `en-GB`: `"-150 000 FCFA"`.
 *
 * With `locale` `'en'`, groups use the en-GB comma and the unit stays `FCFA`, the label parents
 * in Togo know: `"150,000 FCFA"` (U+00A0 before `FCFA`). Only the French form is meant to be
 * read back by {@link parseFrancs}; a comma is a decimal mark in French.
 *
 * Throws a MoneyError unless `amount` is a safe integer.
 */
export function formatFrancs(amount: Francs, locale: FrancsLocale = 'fr'): string {
  assertFrancs(amount);
  return `${groupDigits(amount, locale, GROUP_SEPARATOR[locale])}${NO_BREAK_SPACE}${CURRENCY_LABEL}`;
}

/**
 * Groups a whole number the way amounts are grouped, without the unit — for quantities shown next
 * to amounts (`"1 000 rappels"`): U+202F in French, a comma in English. Throws a MoneyError unless
 * `value` is a safe integer.
 */
export function formatWholeNumber(value: number, locale: FrancsLocale = 'fr'): string {
  assertFrancs(value, 'Le nombre');
  return groupDigits(value, locale, GROUP_SEPARATOR[locale]);
}

/**
 * Formats whole francs with plain ASCII spaces only, for SMS (every character is in the GSM-7
 * basic set, so a message stays at 160 characters per part): `"150 000 FCFA"`,
 * `"-150 000 FCFA"` (U+002D HYPHEN-MINUS). Throws a MoneyError unless `amount` is a safe integer.
 */
export function formatFrancsAscii(amount: Francs): string {
  assertFrancs(amount);
  return `${groupDigits(amount, 'fr', ' ')} ${CURRENCY_LABEL}`;
}
