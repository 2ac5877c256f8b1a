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
