/**
 * Named read-only queries of the invoices money may go to, with their student and the families
 * that pay for them (the students module's `students` and `student_guardians`). Locks taken here
 * are on billing's own invoices.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { studentGuardians, students } from '../../students/students.tables';
import { invoices, type InvoiceRow } from '../billing.tables';
import { studentOfInvoice } from '../invoices/invoices.reads';

const payableColumns = {
  id: invoices.id,
  number: invoices.number,
  label: invoices.label,
  studentId: invoices.studentId,
  studentName: students.fullName,
  matricule: students.matricule,
  dueOn: invoices.dueOn,
  status: invoices.status,
  total: invoices.total,
  paid: invoices.paid,
};

/** An invoice money may go to, with its student and whether that student is the guardian's. */
export interface PayableRow {
  id: string;
  number: string | null;
  label: string;
  studentId: string;
  studentName: string;
  matricule: string;
  dueOn: string;
  status: InvoiceRow['status'];
  total: number;
  paid: number;
  linked: boolean;
}

/**
 * The open or partly paid invoices of the students linked to a guardian (as any payer), in id
 * order; `lock` takes them FOR UPDATE in that order (the same order everywhere: no deadlock).
 */
export async function findGuardianPayableInvoices(
  db: DbOrTx,
  organizationId: string,
  guardianId: string,
  options: { lock: boolean },
): Promise<PayableRow[]> {
  const query = db
    .select({ ...payableColumns, linked: sql<boolean>`true` })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        inArray(invoices.status, ['open', 'partially_paid']),
        inArray(
          invoices.studentId,
          db
            .select({ studentId: studentGuardians.studentId })
            .from(studentGuardians)
            .where(
              and(
                eq(studentGuardians.organizationId, organizationId),
                eq(studentGuardians.guardianId, guardianId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(invoices.id));
  return options.lock ? query.for('update', { of: invoices }) : query;
}

/**
 * Invoices chosen by id (whatever their status), with whether their student is linked to the
 * guardian, in id order.
 */
export async function findInvoicesForGuardian(
  db: DbOrTx,
  organizationId: string,
  guardianId: string,
  invoiceIds: string[],
): Promise<PayableRow[]> {
  if (invoiceIds.length === 0) return [];
  return db
    .select({
      ...payableColumns,
      linked: sql<boolean>`exists (select 1 from student_guardians sg
        where sg.organization_id = invoices.organization_id and sg.student_id = invoices.student_id
          and sg.guardian_id = ${guardianId})`,
    })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, invoiceIds)))
    .orderBy(asc(invoices.id));
}

/**
 * The invoices a batch of payments may go to, locked FOR UPDATE in id order (the order every
 * payment takes): the `invoiceIds` chosen (whatever their status), and the open or partly paid
 * invoices of the students linked to each of `guardianIds` (the payers who chose nothing).
 * `payers` tells which of those guardians each invoice's student is linked to.
 */
export async function findInvoicesForPayments(
  db: DbOrTx,
  organizationId: string,
  chosen: { invoiceIds: string[]; guardianIds: string[] },
): Promise<(PayableRow & { payers: string[] })[]> {
  const { invoiceIds, guardianIds } = chosen;
  if (invoiceIds.length === 0 && guardianIds.length === 0) return [];
  const ofGuardians = db
    .select({ studentId: studentGuardians.studentId })
    .from(studentGuardians)
    .where(
      and(
        eq(studentGuardians.organizationId, organizationId),
        inArray(studentGuardians.guardianId, guardianIds),
      ),
    );
  return db
    .select({
      ...payableColumns,
      linked: sql<boolean>`true`,
      payers: sql<string[]>`array(select sg.guardian_id::text from student_guardians sg
        where sg.organization_id = invoices.organization_id and sg.student_id = invoices.student_id
          and sg.guardian_id = any(${sql.param(guardianIds)}::uuid[]))`,
    })
    .from(invoices)
    .innerJoin(students, studentOfInvoice)
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        or(
          invoiceIds.length > 0 ? inArray(invoices.id, invoiceIds) : undefined,
          guardianIds.length > 0
            ? and(
                inArray(invoices.status, ['open', 'partially_paid']),
                inArray(invoices.studentId, ofGuardians),
              )
            : undefined,
        ),
      ),
    )
    .orderBy(asc(invoices.id))
    .for('update', { of: invoices });
}

/** Oldest due first (then by number): the order money is applied in. */
export function byDueDate(a: PayableRow, b: PayableRow): number {
  return (
    a.dueOn.localeCompare(b.dueOn) ||
    (a.number ?? '').localeCompare(b.number ?? '') ||
    a.id.localeCompare(b.id)
  );
}
