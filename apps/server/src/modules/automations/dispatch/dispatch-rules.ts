import { addDays, type PlaceholderValues } from '@ecolage/contracts';
import { formatFrancsAscii } from '@ecolage/money';
import { dayIn, startOfSchoolDay } from '../../../platform/clock';
import { sendInstant } from '../planning/reminder-plan';
import type { SendSkipReason } from '../sends/workflow-sends.tables';

/**
 * The dispatcher's rules without a query: quiet hours, the caps, the digest of one guardian's
 * invoices due the same day. Research messaging.md §7.2–7.5.
 */

/** Reminders leave between 08:00 and 20:00 school time; outside, they wait (never dropped). */
export const QUIET_HOURS = { opens: 8, closes: 20 } as const;
/** At most one reminder a day per phone or address and school. */
export const SCHOOL_DAILY_CAP = 1;
/** At most three reminder SMS a day per phone across every school of the platform. */
export const PLATFORM_DAILY_SMS_CAP = 3;

/** Null within the window; else the instant the send waits for (the next 08:00, spread to 10:00). */
export function quietHoursDeferral(now: Date, timeZone: string, key: string): Date | null {
  const today = dayIn(timeZone, now);
  const hours = (now.getTime() - startOfSchoolDay(today, timeZone).getTime()) / 3_600_000;
  if (hours >= QUIET_HOURS.opens && hours < QUIET_HOURS.closes) return null;
  const day = hours < QUIET_HOURS.opens ? today : addDays(today, 1);
  return sendInstant(day, timeZone, key);
}

/** Tomorrow's window, for a send held back by today's cap. */
export function nextDayWindow(now: Date, timeZone: string, key: string): Date {
  return sendInstant(addDays(dayIn(timeZone, now), 1), timeZone, key);
}

export interface DigestPart {
  studentName: string;
  shortName: string;
  invoiceNumber: string | null;
  dueOn: string;
  balance: number;
}

/**
 * One message for several invoices of one guardian (children, instalments) on the same day: the
 * first one's values, with the students named together, the balances added up, the earliest due
 * date and the invoices listed.
 */
export function digestValues(
  base: PlaceholderValues,
  parts: readonly DigestPart[],
): PlaceholderValues {
  if (parts.length <= 1) return base;
  const unique = (values: string[]) => [...new Set(values)];
  const names = unique(parts.map((part) => part.shortName));
  const fullNames = unique(parts.map((part) => part.studentName));
  const join = (values: string[]) =>
    values.length <= 1
      ? (values[0] ?? '')
      : `${values.slice(0, -1).join(', ')} et ${values[values.length - 1]}`;
  const earliest = parts.map((part) => part.dueOn).sort()[0]!;
  const [year, month, day] = earliest.split('-');
  return {
    ...base,
    eleve: join(names),
    eleve_complet: join(fullNames),
    montant: formatFrancsAscii(parts.reduce((sum, part) => sum + part.balance, 0)),
    echeance: `${day}/${month}/${year}`,
    facture: parts
      .map((part) => part.invoiceNumber)
      .filter((number): number is string => Boolean(number))
      .join(', '),
  };
}

/** The opt-out line a reminder ends with (Togo has no two-way SMS: a link, research §7.4). */
export function withOptOutLine(text: string, url: string, channel: 'sms' | 'whatsapp' | 'email') {
  return channel === 'email'
    ? `${text}\n\nPour ne plus recevoir ces rappels : ${url}`
    : `${text} Stop rappels : ${url}`;
}

/** What one batch of one school decided, written at the end. */
export class Decisions {
  skipped = new Map<SendSkipReason, string[]>();
  deferred = new Map<
    string,
    { until: Date; reason: 'quiet_hours' | 'cap_reached'; ids: string[] }
  >();
  skip(reason: SendSkipReason, ids: string[]) {
    this.skipped.set(reason, [...(this.skipped.get(reason) ?? []), ...ids]);
  }
  defer(until: Date, reason: 'quiet_hours' | 'cap_reached', ids: string[]) {
    const key = `${until.toISOString()}|${reason}`;
    const entry = this.deferred.get(key) ?? { until, reason, ids: [] };
    entry.ids.push(...ids);
    this.deferred.set(key, entry);
  }
}
