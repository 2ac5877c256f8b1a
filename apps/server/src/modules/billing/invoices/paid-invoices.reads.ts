import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { students } from '../../students/students.tables';
import { invoiceLines, invoices } from '../billing.tables';
import { studentOfInvoice } from './invoices.reads';

export interface InvoiceWithLines {
  id: string;
  number: string | null;
  label: string;
  studentId: string;
  studentName: string;
  lines: { label: string; amount: number }[];
}

/** Invoices with their student and lines, oldest due first: what a receipt lists as paid. */
export async function findInvoicesWithLines(
  db: DbOrTx,
  organizationId: string,
  invoiceIds: string[],
): Promise<InvoiceWithLines[]> {
  const wanted = [...new Set(invoiceIds)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      label: invoices.label,
      studentId: students.id,
      studentName: students.fullName,
    })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, wanted)))
    .orderBy(asc(invoices.dueOn), asc(invoices.number));
  const lines = await db
    .select({
      invoiceId: invoiceLines.invoiceId,
      label: invoiceLines.label,
      amount: invoiceLines.amount,
    })
    .from(invoiceLines)
    .where(
      and(eq(invoiceLines.organizationId, organizationId), inArray(invoiceLines.invoiceId, wanted)),
    )
    // Fees first, discounts after, as on the invoice.
    .orderBy(asc(invoiceLines.createdAt), sql`${invoiceLines.amount} < 0`, asc(invoiceLines.id));
  return rows.map((row) => ({
    ...row,
    lines: lines
      .filter((line) => line.invoiceId === row.id)
      .map(({ label, amount }) => ({ label, amount })),
  }));
}
