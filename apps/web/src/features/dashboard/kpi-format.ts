import { formatNumber } from '../../lib/format';

/**
 * The dashboard's figures as people read them (spec §9): a rate « 96,2 % », a change « +12 % »,
 * « −5,2 % » (a real minus sign), one decimal at most, French by default and English on request.
 */

/**
 * `96.2` → `96,2 %` (`96.2%` in English: French puts a no-break space before « % », English
 * writes it against the number); `100` → `100 %`.
 */
export function formatPercent(value: number, language: string): string {
  const number = formatNumber(value, language, 1);
  return language.startsWith('en') ? `${number}%` : `${number}\u00A0%`;
}

/**
 * A change in percent with its sign: `12` → `+12 %`, `-5.2` → `−5,2 %`. Zero (also once rounded
 * to one decimal) is null: the card then says « stable ».
 */
export function formatChange(change: number, language: string): string | null {
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return null;
  const sign = rounded > 0 ? '+' : '\u2212';
  return `${sign}${formatPercent(Math.abs(rounded), language)}`;
}
