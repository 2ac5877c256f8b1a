import { and, asc, eq } from 'drizzle-orm';
import { sameSchool } from '../../../platform/db/tenant-join';
import type { DbOrTx } from '../../../platform/db/database';
import { students } from '../../students/students.tables';
import { invoiceAllocations, invoices } from '../billing.tables';
import { studentOfInvoice } from '../invoices/invoices.reads';

/** Where a payment's money went: the invoices it paid, with their student (payment detail). */
export async function findPaymentAllocations(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
) {
  return db
    .select({
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
      invoiceLabel: invoices.label,
      studentId: students.id,
      studentName: students.fullName,
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
        eq(invoiceAllocations.sourceType, 'payment'),
        eq(invoiceAllocations.sourceId, paymentId),
      ),
    )
    .orderBy(asc(invoices.dueOn), asc(invoices.number));
}
