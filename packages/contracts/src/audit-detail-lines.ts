import {
  auditDetailFields,
  auditResourceLabels,
  type AuditDetailField,
  type Words,
} from './audit-details';
import { formatPhone } from './phone';

/**
 * Reading the journal's details with the catalogue of `audit-details.ts`: a resource type in
 * words, and an entry's details as lines « label : text » (codes in words, amounts in FCFA, days
 * and instants in the school's time zone, phones formatted).
 */

type Language = keyof Words;
const languageOf = (language: string): Language => (language.startsWith('en') ? 'en' : 'fr');

/** A resource type in words; an unknown one (an older or newer server) as it is stored. */
export function auditResourceLabel(type: string, language: string): string {
  return auditResourceLabels[type]?.[languageOf(language)] ?? type;
}

export interface AuditDetailLine {
  key: string;
  label: string;
  text: string;
}

interface Reading {
  language: Language;
  /** The school's; the reader's own when absent. */
  timeZone: string | undefined;
}

function dayText(value: string, reading: Reading): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return new Intl.DateTimeFormat(reading.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))),
  );
}

function instantText(value: string, reading: Reading): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return dayText(value, reading);
  return new Intl.DateTimeFormat(reading.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(reading.timeZone ? { timeZone: reading.timeZone } : {}),
  }).format(date);
}

function valueText(value: unknown, definition: AuditDetailField | undefined, reading: Reading) {
  const { language } = reading;
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    return value.map((item): string => valueText(item, definition, reading)).join(', ');
  }
  if (typeof value === 'boolean') {
    return language === 'en' ? (value ? 'Yes' : 'No') : value ? 'Oui' : 'Non';
  }
  if (typeof value === 'number') {
    const number = new Intl.NumberFormat(language).format(value);
    return definition?.kind === 'money' ? `${number}\u00A0FCFA` : number;
  }
  if (typeof value === 'object') {
    return describeAuditDetails(value as Record<string, unknown>, reading)
      .map((line) => `${line.label} : ${line.text}`)
      .join(' ; ');
  }
  const text = String(value);
  const named = definition?.values?.[text];
  if (named) return named[language];
  if (definition?.kind === 'day') return dayText(text, reading);
  if (definition?.kind === 'instant') return instantText(text, reading);
  if (definition?.kind === 'phone') return formatPhone(text);
  return text;
}

/**
 * An entry's details as lines « label : text » in `language` (French unless English): keys named
 * by the catalogue, codes in words, amounts in FCFA, dates and times in the school's `timeZone`.
 */
export function describeAuditDetails(
  details: Record<string, unknown>,
  options: { language: string; timeZone?: string },
): AuditDetailLine[] {
  const reading: Reading = {
    language: languageOf(options.language),
    timeZone: options.timeZone,
  };
  return Object.entries(details).map(([key, value]) => {
    const definition = auditDetailFields[key];
    return {
      key,
      label: definition?.[reading.language] ?? key,
      text: valueText(value, definition, reading),
    };
  });
}
