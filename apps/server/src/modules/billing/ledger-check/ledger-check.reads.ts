/**
 * Named read-only query of the ledger check: what each student owes by billing's record, keyed by
 * matricule (the students module's `students`), the third party of their 4111 entries.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { students } from '../../students/students.tables';
import { invoices } from '../billing.tables';
import { studentOfInvoice } from '../invoices/invoices.reads';

/**
 * What each student owes by billing's record: Σ (total − paid) of their issued, non-void
 * invoices, by matricule (the 4111 third party). Non-zero only.
 */
export async function receivablesByMatricule(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select({
      matricule: students.matricule,
      owed: sql<number>`sum(${invoices.total} - ${invoices.paid})`.mapWith(Number),
    })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        inArray(invoices.status, ['open', 'partially_paid', 'paid']),
      ),
    )
    .groupBy(students.matricule)
    .having(sql`sum(${invoices.total} - ${invoices.paid}) <> 0`);
  return new Map(rows.map((row) => [row.matricule, row.owed]));
}
