import {
  paymentChannelLabels,
  paymentMethodLabels,
  type PaymentChannelValue,
  type PaymentMethodValue,
} from '@ecolage/contracts';
import { formatFrancs } from '@ecolage/money';

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

/**
 * « 150 000 FCFA » for the PDF: the standard Helvetica is WinAnsi, which has no U+202F (the
 * French group separator), so groups and the unit are separated by U+00A0 (never wrapped).
 */
export function pdfFrancs(amount: number): string {
  return formatFrancs(amount).replace(/[\u202F\u00A0]/g, '\u00A0');
}

/** « Espèces », « MTN MoMo »: what the payer paid with. */
export function methodLabel(method: PaymentMethodValue): string {
  return paymentMethodLabels[method] ?? method;
}

/** « Caisse », « PayGate Global »: who carried the money. */
export function channelLabel(channel: PaymentChannelValue): string {
  return paymentChannelLabels[channel] ?? channel;
}
