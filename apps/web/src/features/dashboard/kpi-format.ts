/**
 * The dashboard's figures as people read them (spec §9): a rate « 96,2 % », a change « +12 % »,
 * « −5,2 % » (a real minus sign), one decimal at most, French by default and English on request.
 */

const cache = new Map<string, Intl.NumberFormat>();

function decimals(language: string): Intl.NumberFormat {
  const locale = language.startsWith('en') ? 'en-GB' : 'fr-FR';
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    cache.set(locale, format);
  }
  return format;
}

/** French puts a no-break space before « % »; English writes it against the number. */
function withPercentSign(number: string, language: string): string {
  return language.startsWith('en') ? `${number}%` : `${number}\u00A0%`;
}

/** `96.2` → `96,2 %` (`96.2%` in English); `100` → `100 %`. */
export function formatPercent(value: number, language: string): string {
  return withPercentSign(decimals(language).format(value), language);
}

/**
 * A change in percent with its sign: `12` → `+12 %`, `-5.2` → `−5,2 %`. Zero (also once rounded
 * to one decimal) is null: the card then says « stable ».
 */
export function formatChange(change: number, language: string): string | null {
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return null;
  const sign = rounded > 0 ? '+' : '\u2212';
  return `${sign}${withPercentSign(decimals(language).format(Math.abs(rounded)), language)}`;
}
