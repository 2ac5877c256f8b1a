const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) it is in `timeZone` at `now`: due dates are school days. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // Building a formatter is costly (every payment asks for the school's day): one per zone.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Schools are in Togo first; every school row carries its own zone (Africa/Lome by default). */
export const DEFAULT_SCHOOL_TIME_ZONE = 'Africa/Lome';

/** `day` plus `days` (negative to go back), as `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
