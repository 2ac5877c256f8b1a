import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import type { StudentBalanceQueries, StudentBalances, StudentKey } from '../../students';
import { invoices } from '../billing.tables';

/** The invoices a student still owes on: issued and not settled. */
export const openInvoiceStatuses = ['open', 'partially_paid'] as const;

/**
 * THE open balance, as SQL over the `invoices` rows of the query: Σ (total − paid) of the open and
 * partly paid ones (only those due before `dueBefore` when given), 0 when none. Every balance a
 * student, a family or a receipt shows is this sum.
 */
export function openBalanceSum(dueBefore?: string) {
  return sql<number>`coalesce(sum(${invoices.total} - ${invoices.paid}) filter (where ${invoices.status} in ('open', 'partially_paid')${
    dueBefore ? sql` and ${invoices.dueOn} < ${dueBefore}` : sql``
  }), 0)::bigint`.mapWith(Number);
}

/**
 * The open balance of invoices already read (payable invoices, each with its `balance` = total −
 * paid): what a payer owes on them. The same sum as `openBalanceSum`, in memory.
 */
export function openBalanceOf(invoices: readonly { balance: number }[]): number {
  return invoices.reduce((sum, invoice) => sum + invoice.balance, 0);
}

/** The open balance of one student of the enclosing query (a correlated subquery, for lists). */
function studentOpenBalance(student: StudentKey, dueBefore?: string) {
  // The subquery spells its table out: a single-table select leaves drizzle's columns bare.
  return sql<number>`coalesce((select sum(i.total - i.paid)::bigint from invoices i
    where i.organization_id = ${student.organizationId} and i.student_id = ${student.id}
      and i.status in ('open', 'partially_paid')
      ${dueBefore ? sql`and i.due_on < ${dueBefore}` : sql``}), 0)`.mapWith(Number);
}

/** Whether the student of the enclosing query has an open invoice (due before `dueBefore`). */
function studentHasOpenInvoice(student: StudentKey, dueBefore?: string) {
  return sql<boolean>`exists(select 1 from invoices i
    where i.organization_id = ${student.organizationId} and i.student_id = ${student.id}
      and i.status in ('open', 'partially_paid')
      ${dueBefore ? sql`and i.due_on < ${dueBefore}` : sql``})`;
}

/** What these students still owe together: the open balance of their invoices. */
export async function openBalanceOfStudents(
  db: DbOrTx,
  organizationId: string,
  studentIds: string[],
): Promise<number> {
  const wanted = [...new Set(studentIds)];
  if (wanted.length === 0) return 0;
  const [row] = await db
    .select({ balance: openBalanceSum() })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        inArray(invoices.studentId, wanted),
        inArray(invoices.status, [...openInvoiceStatuses]),
      ),
    );
  return row?.balance ?? 0;
}

/** Billed, paid, due and overdue over the student's issued invoices (void and drafts left out). */
export async function findStudentBalances(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  today: string,
): Promise<StudentBalances> {
  const [row] = await db
    .select({
      billed: sql<number>`coalesce(sum(${invoices.total}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${invoices.paid}), 0)`.mapWith(Number),
      due: openBalanceSum(),
      overdue: openBalanceSum(today),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        eq(invoices.studentId, studentId),
        inArray(invoices.status, [...openInvoiceStatuses, 'paid']),
      ),
    );
  return row ?? { billed: 0, paid: 0, due: 0, overdue: 0 };
}

/** Billing's side of the students screens' balances (handed to students by the composition root). */
export const studentBalanceQueries: StudentBalanceQueries = {
  openBalance: studentOpenBalance,
  hasOpenInvoice: studentHasOpenInvoice,
  findBalances: findStudentBalances,
};
