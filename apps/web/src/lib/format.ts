/**
 * Dates and numbers as people read them: French by default (`21 nov. 2026, 14:05`, `1 234`),
 * English when the reader chose it. Times are shown in the school's time zone (Togo:
 * Africa/Lome, UTC+0 all year), not the device's, so that everyone of a school reads the same
 * time for the same event.
 */
export const SCHOOL_TIME_ZONE = 'Africa/Lome';

function locale(language: string): string {
  return language.startsWith('en') ? 'en-GB' : 'fr-FR';
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

type Parts = 'date' | 'time' | 'both';

function dateFormat(language: string, parts: Parts): Intl.DateTimeFormat {
  const key = `d|${language}|${parts}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale(language), {
      ...(parts !== 'time' ? { day: 'numeric', month: 'short', year: 'numeric' } : {}),
      ...(parts !== 'date' ? { hour: '2-digit', minute: '2-digit' } : {}),
      timeZone: SCHOOL_TIME_ZONE,
    });
    cache.set(key, format);
  }
  return format;
}

function format(iso: string, language: string, parts: Parts): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(language, parts).format(date);
}

/** `21 nov. 2026, 14:05`; an unreadable value is returned as it is. */
export function formatDateTime(iso: string, language: string): string {
  return format(iso, language, 'both');
}

/** `21 nov. 2026`; an unreadable value is returned as it is. */
export function formatDate(iso: string, language: string): string {
  return format(iso, language, 'date');
}

/** `14:05`; an unreadable value gives an empty string. */
export function formatTime(iso: string, language: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? '' : format(iso, language, 'time');
}

/**
 * `1 234` (narrow no-break space in French), `1,234` in English; `maxDecimals` rounds a
 * fraction (`96,2` with 1; three decimals at most by default).
 */
export function formatNumber(value: number, language: string, maxDecimals = 3): string {
  const key = `n|${language}|${maxDecimals}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale(language), { maximumFractionDigits: maxDecimals });
    cache.set(key, format);
  }
  return format.format(value);
}
