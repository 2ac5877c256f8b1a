const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, iso: string) {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return parts as Record<'day' | 'month' | 'year' | 'hour' | 'minute', string>;
}

/** « 12/03/2026 à 14:05 » in the school's time zone (built from parts: no ICU spacing quirks). */
export function formatSchoolDateTime(iso: string, timeZone: string): string {
  const p = partsIn(timeZone, iso);
  return `${p.day}/${p.month}/${p.year} à ${p.hour}:${p.minute}`;
}

/** « 12/03/2026 » in the school's time zone. */
export function formatSchoolDate(iso: string, timeZone: string): string {
  const p = partsIn(timeZone, iso);
  return `${p.day}/${p.month}/${p.year}`;
}
