import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { guardians, studentGuardians, students } from '../../students';
import { familyCreditMovements, invoices, type InvoiceRow } from '../billing.tables';
import { studentOfInvoice } from '../invoices/invoices.repository';

// Named read-only queries over students' `guardians` and `student_guardians` (who pays for whom),
// as billing already reads `students` for its lists: the family account is the paying guardian.

/**
 * The guardians' rows, locked in id order until the transaction ends: every use of a family's
 * money (credit applied, payment allocated) queues here, so the same credit is never spent twice.
 * `no key update` still lets other transactions link students to the guardians meanwhile.
 */
export async function lockGuardians(db: DbOrTx, organizationId: string, guardianIds: string[]) {
  if (guardianIds.length === 0) return [];
  return db
    .select({ id: guardians.id, fullName: guardians.fullName })
    .from(guardians)
    .where(
      and(
        eq(guardians.organizationId, organizationId),
        inArray(guardians.id, [...new Set(guardianIds)]),
      ),
    )
    .orderBy(asc(guardians.id))
    .for('no key update');
}

/** One guardian's row, locked (`lockGuardians`). */
export async function lockGuardian(db: DbOrTx, organizationId: string, guardianId: string) {
  const [row] = await lockGuardians(db, organizationId, [guardianId]);
  return row;
}

/** The ids of the main payers of these students (a subquery). */
function mainPayersOf(db: DbOrTx, organizationId: string, studentIds: string[]) {
  return db
    .selectDistinct({ guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(
      and(
        eq(studentGuardians.organizationId, organizationId),
        inArray(studentGuardians.studentId, [...new Set(studentIds)]),
        eq(studentGuardians.isMainPayer, true),
      ),
    );
}

/**
 * Locks the main payers of students about to be billed, in id order, before any open invoice is
 * locked: the order a payment takes (guardian, then invoices), so issuing and paying never
 * deadlock. Returns their ids.
 */
export async function lockMainPayers(db: DbOrTx, organizationId: string, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  const rows = await db
    .select({ id: guardians.id })
    .from(guardians)
    .where(
      and(
        eq(guardians.organizationId, organizationId),
        inArray(guardians.id, mainPayersOf(db, organizationId, studentIds)),
      ),
    )
    .orderBy(asc(guardians.id))
    .for('no key update');
  return rows.map((row) => row.id);
}

/** The main payers of these students. */
export async function findMainPayers(db: DbOrTx, organizationId: string, studentIds: string[]) {
  if (studentIds.length === 0) return [];
  const rows = await mainPayersOf(db, organizationId, studentIds);
  return rows.map((row) => row.guardianId);
}

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

export interface CreditMovementInput {
  guardianId: string;
  amount: number;
  sourceType: 'payment' | 'allocation';
  sourceId: string;
}

export async function insertCreditMovements(
  db: DbOrTx,
  organizationId: string,
  movements: readonly CreditMovementInput[],
) {
  if (movements.length === 0) return;
  await db
    .insert(familyCreditMovements)
    .values(movements.map((movement) => ({ organizationId, ...movement })));
}

export async function insertCreditMovement(
  db: DbOrTx,
  organizationId: string,
  movement: CreditMovementInput,
) {
  await insertCreditMovements(db, organizationId, [movement]);
}

/** The credit a payment left (0 when it all went to invoices). */
export async function findPaymentCredit(db: DbOrTx, organizationId: string, paymentId: string) {
  const [row] = await db
    .select({ amount: familyCreditMovements.amount })
    .from(familyCreditMovements)
    .where(
      and(
        eq(familyCreditMovements.organizationId, organizationId),
        eq(familyCreditMovements.sourceType, 'payment'),
        eq(familyCreditMovements.sourceId, paymentId),
      ),
    );
  return row?.amount ?? 0;
}

/** Each guardian's credit by billing's record (non-zero only). */
export async function creditByGuardian(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select({
      guardianId: familyCreditMovements.guardianId,
      credit: sql<number>`sum(${familyCreditMovements.amount})`.mapWith(Number),
    })
    .from(familyCreditMovements)
    .where(eq(familyCreditMovements.organizationId, organizationId))
    .groupBy(familyCreditMovements.guardianId)
    .having(sql`sum(${familyCreditMovements.amount}) <> 0`);
  return new Map(rows.map((row) => [row.guardianId, row.credit]));
}
