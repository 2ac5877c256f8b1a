import { auditActionLabels, auditCategoryLabels } from '@ecolage/contracts';
import type { AuditEntry } from './audit.tables';

/** UTF-8 byte order mark: Excel then reads the accents right. */
export const CSV_BOM = '\uFEFF';

export const CSV_HEADER = [
  'Date',
  'Utilisateur',
  'Action',
  'Code action',
  'Ressource',
  'Identifiant',
  'Catégorie',
  'Détails',
  'Adresse IP',
  'Navigateur',
];

/**
 * One CSV cell. Semicolons separate cells (what Excel expects in French); quotes are doubled; a
 * cell that a spreadsheet would read as a formula (= + - @) is prefixed with an apostrophe.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}

export function auditCsvRow(entry: AuditEntry, timeZone: string): string {
  const date = new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(entry.createdAt);
  return csvLine([
    date,
    entry.actorLabel,
    auditActionLabels[entry.action] ?? entry.action,
    entry.action,
    entry.resourceType,
    entry.resourceId,
    auditCategoryLabels[entry.category],
    Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : '',
    entry.ip,
    entry.userAgent,
  ]);
}
