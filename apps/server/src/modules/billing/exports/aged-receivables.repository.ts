import { sql } from 'drizzle-orm';
import { addDays } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import { invoiceAllocations, invoiceLines, invoices } from '../billing.tables';

/** A student's open balance on a day, by days past the due date (the « balance âgée »). */
export interface AgedReceivable {
  studentId: string;
  /** Due on the day or later. */
  notDue: number;
  /** 1 to 30 days past due (« 0–30 jours »). */
  upTo30: number;
  upTo60: number;
  upTo90: number;
  /** More than 90 days past due. */
  older: number;
  total: number;
}

/**
 * Each student's open balance as it stood at the end of `day` (`dayEnd`: the instant the next
 * school day starts), split by days past due, for the students who owed something then. As
 * `overdueBalanceAsOf` works it back: the invoices issued by then and not voided by then, each
 * owing its balance now, plus what was allocated to it since, less the lines added since (a void
 * since counts its whole total). An invoice due on `day` or later is not yet due.
 */
export async function agedReceivablesAt(
  db: DbOrTx,
  organizationId: string,
  day: string,
  dayEnd: Date,
): Promise<AgedReceivable[]> {
  const since = dayEnd.toISOString();
  const d30 = addDays(day, -30);
  const d60 = addDays(day, -60);
  const d90 = addDays(day, -90);
  const result = await db.execute<Record<keyof AgedReceivable, string>>(sql`
    with owed as (
      select ${invoices.studentId} student_id, ${invoices.dueOn} due_on,
        (case when ${invoices.status} = 'void' then ${invoices.total}
          when ${invoices.status} in ('open', 'partially_paid')
            then ${invoices.total} - ${invoices.paid}
          else 0 end)
        + coalesce((select sum(a.amount) from ${invoiceAllocations} a
            where a.organization_id = ${invoices.organizationId} and a.invoice_id = ${invoices.id}
              and a.created_at >= ${since}::timestamptz), 0)
        - coalesce((select sum(l.amount) from ${invoiceLines} l
            where l.organization_id = ${invoices.organizationId} and l.invoice_id = ${invoices.id}
              and l.created_at >= ${since}::timestamptz), 0) amount
      from ${invoices}
      where ${invoices.organizationId} = ${organizationId}
        and ${invoices.status} <> 'draft'
        and ${invoices.issuedAt} < ${since}::timestamptz
        and (${invoices.voidedAt} is null or ${invoices.voidedAt} >= ${since}::timestamptz))
    select student_id "studentId",
      coalesce(sum(amount) filter (where due_on >= ${day}), 0) "notDue",
      coalesce(sum(amount) filter (where due_on < ${day} and due_on >= ${d30}), 0) "upTo30",
      coalesce(sum(amount) filter (where due_on < ${d30} and due_on >= ${d60}), 0) "upTo60",
      coalesce(sum(amount) filter (where due_on < ${d60} and due_on >= ${d90}), 0) "upTo90",
      coalesce(sum(amount) filter (where due_on < ${d90}), 0) "older",
      sum(amount) "total"
    from owed
    where amount > 0
    group by student_id`);
  return result.rows.map((row) => ({
    studentId: row.studentId,
    notDue: Number(row.notDue),
    upTo30: Number(row.upTo30),
    upTo60: Number(row.upTo60),
    upTo90: Number(row.upTo90),
    older: Number(row.older),
    total: Number(row.total),
  }));
}
