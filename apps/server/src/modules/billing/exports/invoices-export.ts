import {
  formatPhone,
  invoiceStatusLabels,
  type ExportFormat,
  type InvoiceListQuery,
} from '@ecolage/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { addDays } from '../../../platform/clock';
import type { Database, DbOrTx } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import {
  keysetPages,
  type TabularColumn,
  type TabularTable,
} from '../../../platform/tabular-export';
import { recordAuditEntry } from '../../audit';
import { findCurrentAcademicYear, levels, programmes } from '../../programmes';
import {
  activeEnrolmentJoin,
  enrolledLevelJoin,
  enrolments,
  guardians,
  mainPayerJoin,
  mainPayerLinkJoin,
  studentGuardians,
  studentProgrammeJoin,
  students,
} from '../../students';
import { invoices } from '../billing.tables';
import { invoiceListConditions, studentOfInvoice } from '../invoices/invoices.repository';
import { schoolToday } from '../../organizations';

export type InvoiceExportFilters = Pick<
  InvoiceListQuery,
  'search' | 'studentId' | 'status' | 'yearId' | 'overdue'
>;

const openStatuses = ['open', 'partially_paid'] as const;
/** Journals an export before it streams: what, which format, which filters, how many rows. */
async function journalExport(
  db: Database,
  acting: ActingMember,
  entry: { action: string; resourceType: string; format: ExportFormat },
  filters: Record<string, unknown>,
  count: (tx: DbOrTx) => Promise<number>,
) {
  await db.transaction(async (tx) => {
    const lines = await count(tx);
    await recordAuditEntry(tx, {
      organizationId: acting.organizationId,
      actor: acting.actor,
      action: entry.action,
      resourceType: entry.resourceType,
      category: 'export',
      details: {
        format: entry.format,
        filtres: Object.fromEntries(Object.entries(filters).filter(([, value]) => value)),
        lignes: lines,
      },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
  });
}

// ——— Invoices: the invoices screen's list, newest due date first ———

interface InvoicePageKey {
  dueOn: string;
  number: string;
  id: string;
}

function findInvoiceExportPage(
  db: DbOrTx,
  organizationId: string,
  filters: InvoiceExportFilters,
  today: string,
  after: InvoicePageKey | undefined,
  limit: number,
) {
  const number = sql<string>`coalesce(${invoices.number}, '')`;
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      student: students.fullName,
      matricule: students.matricule,
      label: invoices.label,
      dueOn: invoices.dueOn,
      status: invoices.status,
      total: invoices.total,
      paid: invoices.paid,
    })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(
      and(
        invoiceListConditions(organizationId, filters, today),
        after
          ? sql`(${invoices.dueOn}, ${number}, ${invoices.id})
              < (${after.dueOn}::date, ${after.number}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.dueOn), desc(number), desc(invoices.id))
    .limit(limit);
}

type InvoiceExportRow = Awaited<ReturnType<typeof findInvoiceExportPage>>[number];

const remaining = (row: Pick<InvoiceExportRow, 'status' | 'total' | 'paid'>) =>
  row.status === 'void' || row.status === 'draft' ? 0 : row.total - row.paid;

export const invoiceExportColumns: TabularColumn<InvoiceExportRow>[] = [
  { header: 'Numéro', type: 'text', width: 16, value: (row) => row.number ?? 'Brouillon' },
  { header: 'Étudiant', type: 'text', width: 28, value: (row) => row.student },
  { header: 'Matricule', type: 'text', width: 12, value: (row) => row.matricule },
  { header: 'Libellé', type: 'text', width: 30, value: (row) => row.label },
  { header: 'Échéance', type: 'date', width: 12, value: (row) => row.dueOn },
  { header: 'Statut', type: 'text', width: 20, value: (row) => invoiceStatusLabels[row.status] },
  { header: 'Total', type: 'integer', width: 14, value: (row) => row.total },
  { header: 'Payé', type: 'integer', width: 14, value: (row) => row.paid },
  { header: 'Reste', type: 'integer', width: 14, value: remaining },
];

/** The invoices list with the screen's filters, journaled, as a table to stream. */
export async function exportInvoices(
  db: Database,
  acting: ActingMember,
  filters: InvoiceExportFilters,
  format: ExportFormat,
): Promise<{ day: string; table: TabularTable<InvoiceExportRow> }> {
  const { organizationId } = acting;
  const today = await schoolToday(db, organizationId);
  const where = invoiceListConditions(organizationId, filters, today);
  await journalExport(
    db,
    acting,
    { action: 'invoices.exported', resourceType: 'invoice', format },
    {
      recherche: filters.search,
      étudiant: filters.studentId,
      statut: filters.status,
      année: filters.yearId,
      retard: filters.overdue,
    },
    async (tx) => {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(invoices)
        .innerJoin(students, studentOfInvoice)
        .where(where);
      return row?.count ?? 0;
    },
  );
  const pages = keysetPages<InvoiceExportRow, InvoicePageKey>(
    (after, limit) => findInvoiceExportPage(db, organizationId, filters, today, after, limit),
    (row) => ({ dueOn: row.dueOn, number: row.number ?? '', id: row.id }),
  );
  return { day: today, table: { sheetName: 'Factures', columns: invoiceExportColumns, pages } };
}

// ——— Balances: one row per student who owes, aged by days past the due date ———

/** Keyset of the students screen's order. */
type BalancePageKey = { fullName: string; matricule: string };

/**
 * Reporting query (read-only over students, guardians, enrolments, levels and programmes): each
 * student's open balance split by age — not yet due (due today or later), 1 to 30 days late
 * (« 0–30 jours »), 31 to 60, more than 60 — in the students screen's order.
 */
function findBalancePage(
  db: DbOrTx,
  organizationId: string,
  context: { today: string; yearId: string | null },
  after: BalancePageKey | undefined,
  limit: number,
) {
  const owed = sql`${invoices.total} - ${invoices.paid}`;
  const bucket = (name: string, from: string | null, to: string | null) =>
    sql<number>`coalesce(sum(${owed}) filter (where true
      ${from ? sql`and ${invoices.dueOn} >= ${from}` : sql``}
      ${to ? sql`and ${invoices.dueOn} < ${to}` : sql``}), 0)`
      .mapWith(Number)
      .as(name);
  const { today } = context;
  const aged = db
    .select({
      notDue: bucket('not_due', today, null),
      upTo30: bucket('up_to_30', addDays(today, -30), today),
      upTo60: bucket('up_to_60', addDays(today, -60), addDays(today, -30)),
      older: bucket('older', null, addDays(today, -60)),
      total: bucket('total', null, null),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, students.organizationId),
        eq(invoices.studentId, students.id),
        inArray(invoices.status, [...openStatuses]),
      ),
    )
    .as('aged');
  return db
    .select({
      matricule: students.matricule,
      fullName: students.fullName,
      phone: students.phone,
      programme: programmes.name,
      level: levels.name,
      guardian: guardians.fullName,
      guardianPhone: guardians.phone,
      notDue: aged.notDue,
      upTo30: aged.upTo30,
      upTo60: aged.upTo60,
      older: aged.older,
      total: aged.total,
    })
    .from(students)
    .innerJoinLateral(aged, sql`true`)
    .leftJoin(enrolments, activeEnrolmentJoin(context))
    .leftJoin(levels, enrolledLevelJoin())
    .leftJoin(programmes, studentProgrammeJoin())
    .leftJoin(studentGuardians, mainPayerLinkJoin())
    .leftJoin(guardians, mainPayerJoin())
    .where(
      and(
        eq(students.organizationId, organizationId),
        sql`${aged.total} > 0`,
        after
          ? sql`(${students.fullName}, ${students.matricule}) > (${after.fullName}, ${after.matricule})`
          : undefined,
      ),
    )
    .orderBy(asc(students.fullName), asc(students.matricule))
    .limit(limit);
}

type BalanceRow = Awaited<ReturnType<typeof findBalancePage>>[number];
const phoneText = (row: BalanceRow) => {
  const phone = row.guardianPhone ?? row.phone;
  return phone ? formatPhone(phone) : null;
};

export const balanceExportColumns: TabularColumn<BalanceRow>[] = [
  { header: 'Matricule', type: 'text', width: 12, value: (row) => row.matricule },
  { header: 'Étudiant', type: 'text', width: 28, value: (row) => row.fullName },
  { header: 'Programme', type: 'text', width: 24, value: (row) => row.programme },
  { header: 'Niveau', type: 'text', width: 12, value: (row) => row.level },
  { header: 'Responsable principal', type: 'text', width: 26, value: (row) => row.guardian },
  // Whom to call about the debt: the main payer, else the student.
  { header: 'Téléphone', type: 'text', width: 18, value: (row) => phoneText(row) },
  { header: 'Non échu', type: 'integer', width: 14, value: (row) => row.notDue },
  { header: '0–30 jours', type: 'integer', width: 14, value: (row) => row.upTo30 },
  { header: '31–60 jours', type: 'integer', width: 14, value: (row) => row.upTo60 },
  { header: 'Plus de 60 jours', type: 'integer', width: 16, value: (row) => row.older },
  { header: 'Total dû', type: 'integer', width: 14, value: (row) => row.total },
];

/** The ageing balance (« balance âgée ») of the students who owe, journaled, to stream. */
export async function exportBalances(
  db: Database,
  acting: ActingMember,
  format: ExportFormat,
): Promise<{ day: string; table: TabularTable<BalanceRow> }> {
  const { organizationId } = acting;
  const [today, year] = await Promise.all([
    schoolToday(db, organizationId),
    findCurrentAcademicYear(db, organizationId),
  ]);
  const context = { today, yearId: year?.id ?? null };
  await journalExport(
    db,
    acting,
    { action: 'balances.exported', resourceType: 'invoice', format },
    { date: today },
    async (tx) => {
      const [row] = await tx
        .select({ count: sql<number>`count(distinct ${invoices.studentId})::int` })
        .from(invoices)
        .where(
          and(
            eq(invoices.organizationId, organizationId),
            inArray(invoices.status, [...openStatuses]),
            sql`${invoices.total} > ${invoices.paid}`,
          ),
        );
      return row?.count ?? 0;
    },
  );
  const pages = keysetPages<BalanceRow, BalancePageKey>(
    (after, limit) => findBalancePage(db, organizationId, context, after, limit),
    (row) => ({ fullName: row.fullName, matricule: row.matricule }),
  );
  return { day: today, table: { sheetName: 'Soldes', columns: balanceExportColumns, pages } };
}
