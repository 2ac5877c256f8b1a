import {
  auditActionLabels,
  auditCategoryLabels,
  auditResourceLabel,
  describeAuditDetails,
} from '@ecolage/contracts';
import { csvTextLine } from '../../platform/tabular-export';
import type { AuditEntry } from './audit.tables';

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

export function auditCsvRow(entry: AuditEntry, timeZone: string): string {
  const date = new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(entry.createdAt);
  return csvTextLine([
    date,
    entry.actorLabel,
    auditActionLabels[entry.action] ?? entry.action,
    entry.action,
    auditResourceLabel(entry.resourceType, 'fr'),
    entry.resourceId,
    auditCategoryLabels[entry.category],
    // « Lien : Mère · Montant : 50 000 FCFA », as the journal screen shows them.
    describeAuditDetails(entry.details, { language: 'fr', timeZone })
      .map((line) => `${line.label} : ${line.text}`)
      .join(' · '),
    entry.ip,
    entry.userAgent,
  ]);
}
