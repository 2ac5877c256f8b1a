import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentAttemptInvoices } from '../payments.tables';

/** The invoices an attempt claimed (active or released), with their students. */
export async function findAttemptInvoiceStudents(
  db: DbOrTx,
  attemptId: string,
): Promise<{ invoiceId: string; studentId: string }[]> {
  return db
    .selectDistinct({
      invoiceId: paymentAttemptInvoices.invoiceId,
      studentId: paymentAttemptInvoices.studentId,
    })
    .from(paymentAttemptInvoices)
    .where(eq(paymentAttemptInvoices.attemptId, attemptId))
    .orderBy(asc(paymentAttemptInvoices.invoiceId));
}
