import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';

/** Money applied to an invoice (a payment's or the family credit's), as it stands after refunds. */
export interface CollectedAllocation {
  allocationId: string;
  amount: number;
  studentId: string;
  /** The payment (attempt) it came from; null for family credit. */
  paymentId: string | null;
  createdAt: Date;
}

/**
 * The money applied to these students' invoices since a moment each (a campaign's attributed
 * students since their pre-registration), and the money these payments applied, whoever it
 * paid for (payments made through a campaign's link to the pay page). A refund reduces or
 * removes allocations, so the amounts are net of refunds. One row per allocation: a caller adding
 * both lists counts an allocation once by its id.
 */
export async function collectedAllocations(
  db: DbOrTx,
  organizationId: string,
  input: { students: readonly { studentId: string; since: Date }[]; paymentIds: readonly string[] },
): Promise<CollectedAllocation[]> {
  if (input.students.length === 0 && input.paymentIds.length === 0) return [];
  const studentIds = input.students.map((student) => student.studentId);
  const since = input.students.map((student) => student.since.toISOString());
  const { rows } = await db.execute<{
    allocationId: string;
    amount: string;
    studentId: string;
    paymentId: string | null;
    createdAt: string;
  }>(sql`
    select a.id as "allocationId", a.amount, i.student_id as "studentId",
           case when a.source_type = 'payment' then a.source_id end as "paymentId",
           a.created_at as "createdAt"
      from unnest(${sql.param(studentIds)}::uuid[], ${sql.param(since)}::timestamptz[])
           as s(student_id, since)
      join invoices i on i.organization_id = ${organizationId} and i.student_id = s.student_id
      join invoice_allocations a on a.organization_id = i.organization_id and a.invoice_id = i.id
                                and a.created_at >= s.since
    union
    select a.id, a.amount, i.student_id, a.source_id, a.created_at
      from invoice_allocations a
      join invoices i on i.organization_id = a.organization_id and i.id = a.invoice_id
     where a.organization_id = ${organizationId} and a.source_type = 'payment'
       and a.source_id = any(${sql.param([...input.paymentIds])}::uuid[])`);
  return rows.map((row) => ({
    ...row,
    amount: Number(row.amount),
    createdAt: new Date(row.createdAt),
  }));
}
