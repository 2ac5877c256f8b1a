/**
 * The student's « Date de naissance » on screen: the browser's today (the date picker's upper
 * bound; the server checks the school's own day) and the date in words.
 */

/** Today in the reader's calendar, `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** « 14 mars 2012 » / « 14 March 2012 »: a calendar day, no time zone shift. */
export function formatBirthDate(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)),
  );
}
