import { formatPhone, studentStatusLabels, type ExportFormat } from '@ecolage/contracts';
import type { Database } from '../../platform/db/database';
import type { ActingMember } from '../../platform/http/acting-member';
import { keysetPages, type TabularColumn, type TabularTable } from '../../platform/tabular-export';
import { recordAuditEntry } from '../audit';
import type { StudentBalanceQueries } from './billing.port';
import type { StudentFilters } from './student-list.reads';
import { studentListContext } from './student-list.service';
import { countExportRows, findExportPage, type PageKey } from './students-export.reads';

export type StudentExportFilters = StudentFilters;

type ExportRow = Awaited<ReturnType<typeof findExportPage>>[number];

const phone = (value: string | null) => (value ? formatPhone(value) : null);

export const studentExportColumns: TabularColumn<ExportRow>[] = [
  { header: 'Matricule', type: 'text', width: 12, value: (row) => row.matricule },
  { header: 'Nom complet', type: 'text', width: 28, value: (row) => row.fullName },
  { header: 'Téléphone', type: 'text', width: 18, value: (row) => phone(row.phone) },
  { header: 'E-mail', type: 'text', width: 28, value: (row) => row.email },
  { header: 'Date de naissance', type: 'date', width: 14, value: (row) => row.birthDate },
  {
    header: 'Statut',
    type: 'text',
    width: 14,
    value: (row) => `${studentStatusLabels[row.status]}${row.archivedAt ? ' (archivé)' : ''}`,
  },
  { header: 'Programme', type: 'text', width: 24, value: (row) => row.programme },
  { header: 'Niveau', type: 'text', width: 12, value: (row) => row.level },
  { header: 'Responsable principal', type: 'text', width: 26, value: (row) => row.guardian },
  {
    header: 'Téléphone du responsable',
    type: 'text',
    width: 18,
    value: (row) => phone(row.guardianPhone),
  },
  { header: 'Solde dû', type: 'integer', width: 14, value: (row) => row.due ?? 0 },
  { header: 'Dont en retard', type: 'integer', width: 14, value: (row) => row.overdue ?? 0 },
];

/** The filters as the journal shows them (French keys, only those set). */
function auditedFilters(filters: StudentExportFilters) {
  const named: Record<string, unknown> = {
    recherche: filters.search,
    statut: filters.status,
    programme: filters.programmeId,
    niveau: filters.levelId,
    année: filters.yearId,
    solde: filters.balance,
    archivés: filters.includeArchived || undefined,
  };
  return Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined));
}

/**
 * The students list with the screen's filters, as a table to stream (CSV or XLSX). The export is
 * journaled with its filters and row count before the first byte leaves.
 */
export async function exportStudents(
  db: Database,
  acting: ActingMember,
  filters: StudentExportFilters,
  format: ExportFormat,
  balances: StudentBalanceQueries,
): Promise<{ day: string; table: TabularTable<ExportRow> }> {
  const { organizationId } = acting;
  const context = await studentListContext(db, organizationId, balances, filters.yearId);
  await db.transaction(async (tx) => {
    const lines = await countExportRows(tx, organizationId, filters, context);
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'students.exported',
      resourceType: 'student',
      category: 'export',
      details: { format, filtres: auditedFilters(filters), lignes: lines },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
  });
  const pages = keysetPages<ExportRow, PageKey>(
    (after, limit) => findExportPage(db, organizationId, filters, context, after, limit),
    (row) => ({ fullName: row.fullName, matricule: row.matricule }),
  );
  return {
    day: context.today,
    table: { sheetName: 'Étudiants', columns: studentExportColumns, pages },
  };
}
