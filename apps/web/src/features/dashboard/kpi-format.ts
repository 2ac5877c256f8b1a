import type { Kpi } from '@ecolage/contracts';
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

/**
 * The change as time runs, in percent, or null without a base. The server compares each figure
 * with another period (`previous`): an earlier one for most cards, so its `change` already goes
 * from then to now; for what falls due in the next 7 days, the 7 days after (`base: 'later'`), so
 * the change read in time order goes from these 7 days to the following ones: −49 % when less
 * falls due afterwards, where the server's « +96 % » would read as a rise.
 */
export function changeInTime(kpi: Kpi, base: 'earlier' | 'later'): number | null {
  if (base === 'earlier') return kpi.change;
  if (kpi.value === 0) return null;
  return Math.round(((kpi.previous - kpi.value) / kpi.value) * 1000) / 10;
}
