/**
 * Named read-only query of a refund: the allocations it may take back, with their invoice's
 * student (the students module's `students`); the invoices, billing's own, are locked here.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { sameSchool } from '../../../platform/db/tenant-join';
import type { DbOrTx } from '../../../platform/db/database';
import { students } from '../../students/students.tables';
import { invoiceAllocations, invoices } from '../billing.tables';
import { studentOfInvoice } from '../invoices/invoices.reads';

/** Money applied to an invoice that a refund may take back. */
export interface AllocationHeld {
  allocationId: string;
  invoiceId: string;
  studentId: string;
  matricule: string;
  amount: number;
}

/**
 * The allocations of one source — a payment's own (`payment`, its id) or a guardian's credit
 * (`credit`, the guardian's id) — newest first, the order a refund takes them back in. Their
 * invoices are locked FOR UPDATE in id order (the order every payment takes) before they change.
 */
export async function lockAllocationsOf(
  db: DbOrTx,
  organizationId: string,
  source: { sourceType: 'payment' | 'credit'; sourceId: string },
): Promise<AllocationHeld[]> {
  const rows = await db
    .select({
      allocationId: invoiceAllocations.id,
      invoiceId: invoiceAllocations.invoiceId,
      studentId: students.id,
      matricule: students.matricule,
      amount: invoiceAllocations.amount,
    })
    .from(invoiceAllocations)
    .innerJoin(
      invoices,
      sameSchool(invoices, invoices.id, invoiceAllocations, invoiceAllocations.invoiceId),
    )
    .innerJoin(students, studentOfInvoice)
    .where(
      and(
        eq(invoiceAllocations.organizationId, organizationId),
        eq(invoiceAllocations.sourceType, source.sourceType),
        eq(invoiceAllocations.sourceId, source.sourceId),
      ),
    )
    .orderBy(desc(invoiceAllocations.createdAt), desc(invoiceAllocations.id));
  const invoiceIds = [...new Set(rows.map((row) => row.invoiceId))];
  if (invoiceIds.length > 0) {
    await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, invoiceIds)))
      .orderBy(asc(invoices.id))
      .for('update');
  }
  return rows;
}
