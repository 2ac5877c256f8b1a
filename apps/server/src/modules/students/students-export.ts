import { formatPhone, studentStatusLabels, type ExportFormat } from '@ecolage/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../platform/db/database';
import type { ActingMember } from '../../platform/http/acting-member';
import { keysetPages, type TabularColumn, type TabularTable } from '../../platform/tabular-export';
import { recordAuditEntry } from '../audit';
// Named read-only query over billing's invoices (the balances), as students.repository does.
import { invoices } from '../billing/billing.tables';
import { levels, programmes } from '../programmes';
import { studentListContext } from './students.service';
import {
  activeEnrolmentJoin,
  enrolledLevelJoin,
  mainPayerJoin,
  mainPayerLinkJoin,
  studentProgrammeJoin,
  studentListConditions,
  type StudentFilters,
  type StudentListContext,
} from './students.repository';
import { enrolments, guardians, studentGuardians, students } from './students.tables';

export type StudentExportFilters = StudentFilters;
type ExportContext = StudentListContext;
interface PageKey {
  fullName: string;
  matricule: string;
}

const openStatuses = ['open', 'partially_paid'] as const;

async function countExportRows(
  db: DbOrTx,
  organizationId: string,
  filters: StudentExportFilters,
  context: ExportContext,
) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(students)
    .leftJoin(enrolments, activeEnrolmentJoin(context))
    .where(studentListConditions(organizationId, filters, context));
  return row?.count ?? 0;
}

/** One keyset page of the export, in the screen's order (name, then matricule). */
function findExportPage(
  db: DbOrTx,
  organizationId: string,
  filters: StudentExportFilters,
  context: ExportContext,
  after: PageKey | undefined,
  limit: number,
) {
  const balances = db
    .select({
      due: sql<number>`coalesce(sum(${invoices.total} - ${invoices.paid}), 0)`
        .mapWith(Number)
        .as('due'),
      overdue: sql<number>`coalesce(sum(${invoices.total} - ${invoices.paid})
        filter (where ${invoices.dueOn} < ${context.today}), 0)`
        .mapWith(Number)
        .as('overdue'),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, students.organizationId),
        eq(invoices.studentId, students.id),
        inArray(invoices.status, [...openStatuses]),
      ),
    )
    .as('balances');
  return db
    .select({
      matricule: students.matricule,
      fullName: students.fullName,
      phone: students.phone,
      email: students.email,
      status: students.status,
      archivedAt: students.archivedAt,
      programme: programmes.name,
      level: levels.name,
      guardian: guardians.fullName,
      guardianPhone: guardians.phone,
      due: balances.due,
      overdue: balances.overdue,
    })
    .from(students)
    .leftJoin(enrolments, activeEnrolmentJoin(context))
    .leftJoin(levels, enrolledLevelJoin())
    .leftJoin(programmes, studentProgrammeJoin())
    .leftJoin(studentGuardians, mainPayerLinkJoin())
    .leftJoin(guardians, mainPayerJoin())
    .leftJoinLateral(balances, sql`true`)
    .where(
      and(
        studentListConditions(organizationId, filters, context),
        after
          ? sql`(${students.fullName}, ${students.matricule}) > (${after.fullName}, ${after.matricule})`
          : undefined,
      ),
    )
    .orderBy(asc(students.fullName), asc(students.matricule))
    .limit(limit);
}

type ExportRow = Awaited<ReturnType<typeof findExportPage>>[number];

const phone = (value: string | null) => (value ? formatPhone(value) : null);

export const studentExportColumns: TabularColumn<ExportRow>[] = [
  { header: 'Matricule', type: 'text', width: 12, value: (row) => row.matricule },
  { header: 'Nom complet', type: 'text', width: 28, value: (row) => row.fullName },
  { header: 'Téléphone', type: 'text', width: 18, value: (row) => phone(row.phone) },
  { header: 'E-mail', type: 'text', width: 28, value: (row) => row.email },
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
): Promise<{ day: string; table: TabularTable<ExportRow> }> {
  const { organizationId } = acting;
  const context = await studentListContext(db, organizationId, filters.yearId);
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
