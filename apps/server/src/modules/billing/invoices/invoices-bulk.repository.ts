import { randomUUID } from 'node:crypto';
import type { InvoiceStatus } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import type { InvoiceRow } from '../billing.tables';
import type { NewInvoice } from './invoices.repository';

/** Invoices per statement: each statement sends one array per column (`unnest`). */
const INVOICES_PER_STATEMENT = 10_000;

/**
 * Inserts invoices with their lines in a few statements (an import writes 100,000 of them): rows
 * travel as one array per column (`unnest`), far cheaper to send and parse than multi-row VALUES,
 * and ids are chosen here so the lines need no lookup. With `numbers` they are issued (status from
 * their total); without, drafts. Posts nothing: services call `saveInvoices`
 * (invoice-ledger.service), which posts the issued ones to the ledger.
 */
export async function insertInvoices(
  db: DbOrTx,
  organizationId: string,
  drafts: NewInvoice[],
  options: { numbers: string[] | null; createdBy: string; issuedAt: Date },
): Promise<InvoiceRow[]> {
  const inserted: InvoiceRow[] = [];
  for (let start = 0; start < drafts.length; start += INVOICES_PER_STATEMENT) {
    const slice = drafts.slice(start, start + INVOICES_PER_STATEMENT);
    const rows = slice.map((draft, index): InvoiceRow => {
      const total = draft.lines.reduce((sum, line) => sum + line.amount, 0);
      const number = options.numbers?.[start + index] ?? null;
      return {
        id: randomUUID(),
        organizationId,
        number,
        studentId: draft.studentId,
        enrolmentId: draft.enrolmentId ?? null,
        academicYearId: draft.academicYearId ?? null,
        scheduleKey: draft.scheduleKey ?? null,
        label: draft.label,
        dueOn: draft.dueOn,
        status: (number ? (total > 0 ? 'open' : 'paid') : 'draft') as InvoiceStatus,
        total,
        paid: 0,
        issuedAt: number ? options.issuedAt : null,
        voidedAt: null,
        voidReason: null,
        voidedBy: null,
        createdAt: new Date(0),
        updatedAt: new Date(0),
      };
    });
    const column = <T>(pick: (row: InvoiceRow) => T) => sql.param(rows.map(pick));
    const written = await db.execute<{ id: string; created_at: string | Date }>(sql`
      insert into invoices (organization_id, id, number, student_id, enrolment_id,
        academic_year_id, schedule_key, label, due_on, status, total, issued_at)
      select ${organizationId}::uuid, u.* from unnest(${column((r) => r.id)}::uuid[],
        ${column((r) => r.number)}::text[], ${column((r) => r.studentId)}::uuid[],
        ${column((r) => r.enrolmentId)}::uuid[], ${column((r) => r.academicYearId)}::uuid[],
        ${column((r) => r.scheduleKey)}::text[], ${column((r) => r.label)}::text[],
        ${column((r) => r.dueOn)}::date[], ${column((r) => r.status)}::text[],
        ${column((r) => r.total)}::bigint[],
        ${column((r) => r.issuedAt?.toISOString() ?? null)}::timestamptz[]) as u
      returning id, created_at`);
    const createdAt = new Map(written.rows.map((row) => [row.id, new Date(row.created_at)]));
    for (const row of rows) row.createdAt = row.updatedAt = createdAt.get(row.id)!;
    inserted.push(...rows);
    const lines = rows.flatMap((row, index) =>
      slice[index]!.lines.map((line) => ({ invoiceId: row.id, line })),
    );
    if (lines.length === 0) continue;
    const of = <T>(pick: (entry: (typeof lines)[number]) => T) => sql.param(lines.map(pick));
    await db.execute(sql`
      insert into invoice_lines (organization_id, created_by, invoice_id, kind, label, amount,
        source_key, reason)
      select ${organizationId}::uuid, ${options.createdBy}::text, u.* from unnest(
        ${of((entry) => entry.invoiceId)}::uuid[], ${of((entry) => entry.line.kind)}::text[],
        ${of((entry) => entry.line.label)}::text[], ${of((entry) => entry.line.amount)}::bigint[],
        ${of((entry) => entry.line.sourceKey ?? null)}::text[],
        ${of((entry) => entry.line.reason ?? null)}::text[]) as u`);
  }
  return inserted;
}
