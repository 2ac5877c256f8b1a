/**
 * The statistics' figures as people read them: « 2 min 05 s », « 12,5 jours », the months and
 * days of the charts' axes, and the CSV files of the charts (the server's conventions: UTF-8 with a byte
 * order mark, `;` between cells, CRLF, whole francs as plain digits, decimals with a comma in
 * French, text that could start a formula made safe).
 */

/** `125` → `{ minutes: 2, seconds: '05' }`; under a minute, minutes 0. */
export function durationParts(totalSeconds: number): { minutes: number; seconds: string } {
  const rounded = Math.max(0, Math.round(totalSeconds));
  return {
    minutes: Math.floor(rounded / 60),
    seconds: String(rounded % 60).padStart(2, '0'),
  };
}

/** A whole YYYY-MM month as « janv. 2026 » (« Jan 2026 » in English). */
export function monthLabel(month: string, language: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(language.startsWith('en') ? 'en-GB' : 'fr-FR', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** A school day (YYYY-MM-DD) as « 3 févr. » (no year). */
export function dayLabel(day: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(language.startsWith('en') ? 'en-GB' : 'fr-FR', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(date);
}

/** A CSV cell: a number (decimals with the language's separator, no grouping) or a safe text. */
export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r\n]/;

function csvCell(value: CsvValue, language: string): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const text = Number.isInteger(value) ? String(value) : String(Math.round(value * 10) / 10);
    return language.startsWith('en') ? text : text.replace('.', ',');
  }
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole CSV file: headers then rows, UTF-8 byte order mark first. */
export function csvText(
  headers: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  language: string,
): string {
  const line = (cells: readonly CsvValue[]) =>
    `${cells.map((cell) => csvCell(cell, language)).join(';')}\r\n`;
  return `\uFEFF${line(headers)}${rows.map(line).join('')}`;
}
