import { AccountingReportMessages } from '../accounting-reports';
import { defineError } from './define';

/** `JJ/MM/AAAA` of a `YYYY-MM-DD` day; what was given otherwise (or nothing). */
const frenchDay = (day: unknown) =>
  typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? day.split('-').reverse().join('/')
    : typeof day === 'string'
      ? day
      : '';

/** The accounting reports of « Exporter » (module `accounting/reports`). */
export const accountingReportErrors = {
  /** 404 — `/api/accounting/reports/:report` names no report. */
  ACCOUNTING_REPORT_UNKNOWN: defineError(404, AccountingReportMessages.unknown),
  /** 400 — the period's start comes after its end. */
  ACCOUNTING_REPORT_PERIOD_INVERTED: defineError(400, AccountingReportMessages.periodInverted),
  /** 422 — nothing to report for the period (or the date): no file rather than an empty one. */
  ACCOUNTING_REPORT_EMPTY: defineError<{ from?: string; to: string }>(422, (params) => {
    const from = frenchDay(params?.from);
    const to = frenchDay(params?.to);
    const when = from && to ? ` du ${from} au ${to}` : to ? ` au ${to}` : '';
    return `Rien à exporter${when} : ce rapport serait vide. Choisissez une autre période.`;
  }),
  /** 422 — a PDF of more lines than paper allows (`maximum`): the Excel file holds them. */
  ACCOUNTING_REPORT_TOO_LONG_FOR_PDF: defineError<{ maximum: number }>(422, (params) => {
    const maximum =
      typeof params?.maximum === 'number' ? params.maximum.toLocaleString('fr-FR') : '';
    return `Ce rapport compte ${maximum ? `plus de ${maximum} lignes` : 'trop de lignes'} : trop pour un PDF. Choisissez Excel ou une période plus courte.`;
  }),
};
