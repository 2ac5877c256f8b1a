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

/** Day arithmetic lives once, in the contracts (the web counts days too). */
export { addDays } from '@ecolage/contracts';

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` at `instant`, as milliseconds read as if it were UTC. */
function wallClock(timeZone: string, instant: number): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/**
 * The instant a day of the school's calendar begins: midnight in its time zone. The zone's offset
 * is read at a first guess, then again at the corrected instant (a change of offset near midnight).
 */
export function startOfSchoolDay(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let instant = midnightUtc - (wallClock(timeZone, midnightUtc) - midnightUtc);
  instant = midnightUtc - (wallClock(timeZone, instant) - instant);
  return new Date(instant);
}
