/**
 * Day arithmetic on calendar days written `YYYY-MM-DD` (a school's due dates, filters, periods):
 * no time zone, no hour, so no daylight-saving surprise. Pure and without imports, for the server
 * and the web alike.
 */

/** `day` plus `days` (negative to go back), as `YYYY-MM-DD`: `addDays('2026-02-28', 1)` → `2026-03-01`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The UTC calendar day of an instant, as `YYYY-MM-DD`. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The instant a calendar day begins in UTC (midnight, `Z`). */
export function utcMidnight(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}
