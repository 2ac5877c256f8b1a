import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import {
  invoiceAllocations,
  invoiceLines,
  invoiceNumberCounters,
  invoices,
  type InvoiceLineRow,
  type InvoiceRow,
} from '../billing.tables';
import { formatInvoiceNumber } from './invoice-rules';

/**
 * Reserves `count` consecutive invoice numbers of the school's `year`. The counter row stays
 * locked until the transaction ends, so concurrent issues queue: no number is shared, and a
 * rolled-back issue gives its numbers back (gap-free).
 */
export async function reserveInvoiceNumbers(
  db: DbOrTx,
  organizationId: string,
  year: number,
  count: number,
): Promise<string[]> {
  if (count === 0) return [];
  const [row] = await db
    .insert(invoiceNumberCounters)
    .values({ organizationId, year, lastNumber: count })
    .onConflictDoUpdate({
      target: [invoiceNumberCounters.organizationId, invoiceNumberCounters.year],
      set: { lastNumber: sql`${invoiceNumberCounters.lastNumber} + ${count}` },
    })
    .returning({ lastNumber: invoiceNumberCounters.lastNumber });
  const first = row!.lastNumber - count + 1;
  return Array.from({ length: count }, (_, index) => formatInvoiceNumber(year, first + index));
}

export interface NewLine {
  kind: InvoiceLineRow['kind'];
  label: string;
  amount: number;
  sourceKey?: string | null;
  reason?: string | null;
}

export interface NewInvoice {
  studentId: string;
  enrolmentId?: string | null;
  academicYearId?: string | null;
  scheduleKey?: string | null;
  label: string;
  dueOn: string;
  lines: NewLine[];
}

/**
 * Adds one line to an invoice and moves its total and status; idempotent by `sourceKey` (undefined
 * when the line was already there). Posts nothing: services call `addInvoiceLine`.
 */
export async function appendLine(
  db: DbOrTx,
  organizationId: string,
  invoiceId: string,
  line: NewLine & { createdBy: string },
): Promise<{ line: InvoiceLineRow; invoice: InvoiceRow } | undefined> {
  const [row] = await db
    .insert(invoiceLines)
    .values({
      organizationId,
      invoiceId,
      kind: line.kind,
      label: line.label,
      amount: line.amount,
      sourceKey: line.sourceKey ?? null,
      reason: line.reason ?? null,
      createdBy: line.createdBy,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return undefined;
  const [invoice] = await db
    .update(invoices)
    .set({
      total: sql`${invoices.total} + ${line.amount}`,
      status: sql`case when ${invoices.status} in ('draft', 'void') then ${invoices.status}
        when ${invoices.paid} >= ${invoices.total} + ${line.amount} then 'paid'
        when ${invoices.paid} > 0 then 'partially_paid' else 'open' end`,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
    .returning();
  return { line: row, invoice: invoice! };
}

export async function lockInvoice(db: DbOrTx, organizationId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
    .for('update');
  return row;
}

export async function findInvoiceLines(db: DbOrTx, organizationId: string, invoiceId: string) {
  return db
    .select()
    .from(invoiceLines)
    .where(
      and(eq(invoiceLines.organizationId, organizationId), eq(invoiceLines.invoiceId, invoiceId)),
    )
    .orderBy(asc(invoiceLines.createdAt), sql`${invoiceLines.amount} < 0`, asc(invoiceLines.id));
}

/**
 * Invoices of a student for a year (the ones a scholarship touches), locked in id order — the
 * order every multi-invoice lock follows, so a payment and a scholarship never deadlock — and
 * returned oldest due first.
 */
export async function findStudentYearInvoices(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  academicYearId: string,
) {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        eq(invoices.studentId, studentId),
        eq(invoices.academicYearId, academicYearId),
      ),
    )
    .orderBy(asc(invoices.id))
    .for('update');
  return rows.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.id.localeCompare(b.id));
}

/** Sum of the tuition lines of each invoice (what percentages apply to). */
export async function findTuitionTotals(db: DbOrTx, organizationId: string, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      invoiceId: invoiceLines.invoiceId,
      tuition: sql<number>`sum(${invoiceLines.amount})`.mapWith(Number),
    })
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.organizationId, organizationId),
        inArray(invoiceLines.invoiceId, invoiceIds),
        eq(invoiceLines.kind, 'tuition'),
      ),
    )
    .groupBy(invoiceLines.invoiceId);
  return new Map(rows.map((row) => [row.invoiceId, row.tuition]));
}

export interface InvoiceAllocationInput {
  invoiceId: string;
  amount: number;
  sourceType: 'payment' | 'credit';
  sourceId: string;
}

/**
 * Applies money to invoices (payments, or the family's credit): records the allocations and moves
 * each invoice's `paid` and status, in two statements whatever their number; returns the
 * allocations' ids in order. Never more than an invoice's balance — the caller keeps the rest as
 * credit — else nothing is written (RangeError). Posts nothing: payments go through
 * `allocatePayments`, which posts the ledger transactions too.
 */
export async function allocateToInvoices(
  db: DbOrTx,
  organizationId: string,
  allocations: readonly InvoiceAllocationInput[],
): Promise<string[]> {
  if (allocations.length === 0) return [];
  const perInvoice = new Map<string, number>();
  for (const { invoiceId, amount } of allocations) {
    perInvoice.set(invoiceId, (perInvoice.get(invoiceId) ?? 0) + amount);
  }
  const invoiceIds = [...perInvoice.keys()];
  const moved = await db.execute<{ id: string }>(sql`
    update invoices set paid = invoices.paid + moved.amount,
      status = case when invoices.paid + moved.amount >= invoices.total then 'paid'
        else 'partially_paid' end,
      updated_at = now()
    from unnest(${sql.param(invoiceIds)}::uuid[],
      ${sql.param(invoiceIds.map((id) => perInvoice.get(id)!))}::bigint[]) as moved(id, amount)
    where invoices.organization_id = ${organizationId} and invoices.id = moved.id
      and invoices.status in ('open', 'partially_paid')
      and invoices.paid + moved.amount <= invoices.total
    returning invoices.id`);
  if (moved.rows.length !== invoiceIds.length) {
    throw new RangeError('allocation above the balance or on an invoice not payable');
  }
  const ids = allocations.map(() => randomUUID());
  await db
    .insert(invoiceAllocations)
    .values(
      allocations.map((allocation, index) => ({ id: ids[index]!, organizationId, ...allocation })),
    );
  return ids;
}

/** One allocation (`allocateToInvoices` for a single invoice); returns its id. */
export async function allocateToInvoice(
  db: DbOrTx,
  organizationId: string,
  invoiceId: string,
  allocation: Omit<InvoiceAllocationInput, 'invoiceId'>,
): Promise<string> {
  const [id] = await allocateToInvoices(db, organizationId, [{ invoiceId, ...allocation }]);
  return id!;
}

/**
 * Voids the invoices of an enrolment not yet due (after `dueAfter`) and not paid at all (open or
 * draft), with the reason; returns them (their postings are reversed by the caller).
 */
export async function voidUnpaidInvoicesOfEnrolment(
  db: DbOrTx,
  organizationId: string,
  enrolmentId: string,
  voiding: { dueAfter: string; at: Date; reason: string; by: string },
): Promise<InvoiceRow[]> {
  return db
    .update(invoices)
    .set({
      status: 'void',
      voidedAt: voiding.at,
      voidReason: voiding.reason,
      voidedBy: voiding.by,
      updatedAt: voiding.at,
    })
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        eq(invoices.enrolmentId, enrolmentId),
        inArray(invoices.status, ['open', 'draft']),
        eq(invoices.paid, 0),
        gt(invoices.dueOn, voiding.dueAfter),
      ),
    )
    .returning();
}

/** The schools that have invoices. */
export async function findBilledOrganizations(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ organizationId: invoices.organizationId }).from(invoices);
  return rows.map((row) => row.organizationId);
}

export async function updateInvoiceRow(
  db: DbOrTx,
  organizationId: string,
  invoiceId: string,
  values: Partial<typeof invoices.$inferInsert>,
): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set(values)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)))
    .returning();
  return row!;
}

export async function findInvoiceLine(
  db: DbOrTx,
  organizationId: string,
  invoiceId: string,
  lineId: string,
) {
  const [row] = await db
    .select()
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.organizationId, organizationId),
        eq(invoiceLines.invoiceId, invoiceId),
        eq(invoiceLines.id, lineId),
      ),
    );
  return row;
}

/**
 * The open or partly paid invoices past their grace (due date, or issue when issued later, before
 * `graceEndsBefore`), with the late fees they already carry; locked in id order like every
 * multi-invoice lock (no deadlock with a payment).
 */
export async function lockInvoicesPastGrace(
  db: DbOrTx,
  organizationId: string,
  graceEndsBefore: string,
) {
  return db
    .select({
      invoice: invoices,
      lateFees: sql<number>`coalesce((select sum(l.amount) from invoice_lines l
        where l.organization_id = invoices.organization_id and l.invoice_id = invoices.id
          and l.kind = 'late_fee'), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        inArray(invoices.status, ['open', 'partially_paid']),
        // The grace runs from the due date, or from the issue when the invoice came later.
        sql`greatest(${invoices.dueOn}, (${invoices.issuedAt} at time zone 'UTC')::date) < ${graceEndsBefore}`,
      ),
    )
    .orderBy(invoices.id)
    .for('update', { of: invoices });
}
