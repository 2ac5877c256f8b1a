import {
  paymentChannelLabels,
  paymentMethodLabels,
  paymentPspLabels,
  paymentStatusLabels,
  type ExportFormat,
  type PaymentRow,
} from '@ecolage/contracts';
import { dayIn } from '../../../platform/clock';
import type { Database } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import {
  keysetPages,
  type TabularColumn,
  type TabularTable,
} from '../../../platform/tabular-export';
import { recordAuditEntry } from '../../audit';
import {
  countPayments,
  findPaymentsAfter,
  type DateOrder,
  type PaymentPosition,
} from './payment-list.reads';
import {
  describePaymentRows,
  paymentListScope,
  type PaymentListFilters,
} from './payment-list.service';

/** A row of the export: the screen's row, the provider's reference, and where the page stops. */
interface ExportRow extends PaymentRow {
  providerRef: string | null;
  position: PaymentPosition;
}

/** The columns of the file, in French; amounts as numbers, dates in the school's time zone. */
function exportColumns(timeZone: string): TabularColumn<ExportRow>[] {
  const dateTime = new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return [
    {
      header: 'Date',
      type: 'text',
      width: 18,
      value: (row) => dateTime.format(new Date(row.createdAt)),
    },
    { header: 'PSP', type: 'text', width: 16, value: (row) => paymentChannelLabels[row.provider] },
    { header: 'Montant', type: 'integer', width: 14, value: (row) => row.amount },
    { header: 'Statut', type: 'text', width: 22, value: (row) => paymentStatusLabels[row.status] },
    {
      header: 'Réf. Facture',
      type: 'text',
      width: 18,
      value: (row) => row.invoiceNumbers.join(', '),
    },
    {
      header: 'Étudiant',
      type: 'text',
      width: 28,
      value: (row) => row.students.map((student) => student.name).join(', '),
    },
    {
      header: 'Matricule',
      type: 'text',
      width: 12,
      value: (row) => row.students.map((student) => student.matricule).join(', '),
    },
    { header: 'Payeur', type: 'text', width: 26, value: (row) => row.guardianName },
    { header: 'Moyen', type: 'text', width: 18, value: (row) => paymentMethodLabels[row.wallet] },
    { header: 'Référence prestataire', type: 'text', width: 24, value: (row) => row.providerRef },
    { header: 'Remboursé', type: 'integer', width: 14, value: (row) => row.refundedAmount },
    { header: 'Reçu', type: 'text', width: 18, value: (row) => row.receiptNumber },
  ];
}

/** The filters as the journal shows them (French keys, only those set). */
function auditedFilters(filters: PaymentListFilters & { sort: DateOrder }) {
  const named: Record<string, unknown> = {
    statut: filters.status,
    psp: filters.psp ? paymentPspLabels[filters.psp] : undefined,
    du: filters.from,
    au: filters.to,
    étudiant: filters.student,
    identifiantÉtudiant: filters.studentId,
    tri: filters.sort === 'asc' ? 'plus anciens d’abord' : undefined,
  };
  return Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined));
}

/**
 * « Paiements » with the screen's filters and order, as a table to stream (CSV or XLSX), read by
 * keyset pages of 1 000. The export is journaled with its filters and row count before the first
 * byte leaves.
 */
export async function exportPayments(
  db: Database,
  acting: ActingMember,
  filters: PaymentListFilters & { sort: DateOrder },
  format: ExportFormat,
  now: Date,
): Promise<{ day: string; table: TabularTable<ExportRow> }> {
  const { organizationId } = acting;
  const scope = await paymentListScope(db, organizationId, filters);
  await db.transaction(async (tx) => {
    const lines = await countPayments(tx, scope);
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'payments.exported',
      resourceType: 'payment',
      category: 'export',
      details: { format, filtres: auditedFilters(filters), lignes: lines },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
  });
  const pages = keysetPages<ExportRow, PaymentPosition>(
    async (after, limit) => {
      const found = await findPaymentsAfter(db, scope, filters.sort, after, limit);
      const rows = await describePaymentRows(
        db,
        organizationId,
        found.map(({ attempt }) => attempt),
      );
      return rows.map((row, index) => {
        const { attempt, at } = found[index]!;
        return {
          ...row,
          providerRef: attempt.providerTxnId ?? attempt.providerRef,
          position: { at, id: attempt.id },
        };
      });
    },
    (row) => row.position,
  );
  return {
    day: dayIn(scope.timeZone, now),
    table: { sheetName: 'Paiements', columns: exportColumns(scope.timeZone), pages },
  };
}
