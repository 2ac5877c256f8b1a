import { formatPhone, invoiceStatusLabels, type ExportFormat } from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import {
  keysetPages,
  type TabularColumn,
  type TabularTable,
} from '../../../platform/tabular-export';
import { recordAuditEntry } from '../../audit';
import { schoolToday } from '../../organizations';
import { findCurrentAcademicYear } from '../../programmes';
import {
  countInvoiceExportRows,
  countStudentsWhoOwe,
  findBalancePage,
  findInvoiceExportPage,
  type BalancePageKey,
  type InvoiceExportFilters,
  type InvoicePageKey,
} from './invoices-export.reads';

export type { InvoiceExportFilters };

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
    (tx) => countInvoiceExportRows(tx, organizationId, filters, today),
  );
  const pages = keysetPages<InvoiceExportRow, InvoicePageKey>(
    (after, limit) => findInvoiceExportPage(db, organizationId, filters, today, after, limit),
    (row) => ({ dueOn: row.dueOn, number: row.number ?? '', id: row.id }),
  );
  return { day: today, table: { sheetName: 'Factures', columns: invoiceExportColumns, pages } };
}

// ——— Balances: one row per student who owes, aged by days past the due date ———

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
    (tx) => countStudentsWhoOwe(tx, organizationId),
  );
  const pages = keysetPages<BalanceRow, BalancePageKey>(
    (after, limit) => findBalancePage(db, organizationId, context, after, limit),
    (row) => ({ fullName: row.fullName, matricule: row.matricule }),
  );
  return { day: today, table: { sheetName: 'Soldes', columns: balanceExportColumns, pages } };
}
