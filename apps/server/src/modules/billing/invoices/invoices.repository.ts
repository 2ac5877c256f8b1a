import { randomUUID } from 'node:crypto';
import type { InvoiceListQuery } from '@ecolage/contracts';
import { and, asc, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { containsPattern, foldForSearch } from '../../../platform/search-text';
import { academicYears } from '../../programmes';
import { students } from '../../students';
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

/** Each student's matricule: the third party of their 4111 entries. */
export async function findMatricules(db: DbOrTx, organizationId: string, studentIds: string[]) {
  const unique = [...new Set(studentIds)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: students.id, matricule: students.matricule })
    .from(students)
    .where(and(eq(students.organizationId, organizationId), inArray(students.id, unique)));
  return new Map(rows.map((row) => [row.id, row.matricule]));
}

export async function findInvoice(db: DbOrTx, organizationId: string, invoiceId: string) {
  const [row] = await db
    .select({
      invoice: invoices,
      student: { id: students.id, fullName: students.fullName, matricule: students.matricule },
      year: { id: academicYears.id, label: academicYears.label },
    })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .leftJoin(
      academicYears,
      and(
        eq(academicYears.organizationId, invoices.organizationId),
        eq(academicYears.id, invoices.academicYearId),
      ),
    )
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)));
  return row;
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

/** An invoice's student, for joins. */
export const studentOfInvoice = and(
  eq(students.organizationId, invoices.organizationId),
  eq(students.id, invoices.studentId),
);

export function invoiceListConditions(
  organizationId: string,
  query: Pick<InvoiceListQuery, 'search' | 'studentId' | 'status' | 'yearId' | 'overdue'>,
  today: string,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(invoices.organizationId, organizationId)];
  if (query.studentId) conditions.push(eq(invoices.studentId, query.studentId));
  if (query.status) conditions.push(eq(invoices.status, query.status));
  if (query.yearId) conditions.push(eq(invoices.academicYearId, query.yearId));
  if (query.overdue) {
    conditions.push(
      inArray(invoices.status, ['open', 'partially_paid']),
      lt(invoices.dueOn, today),
    );
  }
  if (query.search) {
    const pattern = containsPattern(foldForSearch(query.search));
    conditions.push(
      or(
        sql`lower(coalesce(${invoices.number}, '')) like ${pattern}`,
        sql`${students.searchKey} like ${pattern}`,
      ),
    );
  }
  return and(...conditions);
}

export async function findInvoicePage(
  db: DbOrTx,
  organizationId: string,
  query: InvoiceListQuery,
  today: string,
) {
  const where = invoiceListConditions(organizationId, query, today);
  const rows = await db
    .select({
      invoice: invoices,
      student: { id: students.id, fullName: students.fullName, matricule: students.matricule },
    })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(where)
    .orderBy(desc(invoices.dueOn), desc(sql`length(${invoices.number})`), desc(invoices.number))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(where);
  return { rows, total: count?.total ?? 0 };
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
