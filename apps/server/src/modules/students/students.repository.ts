import type { StudentStatus } from '@ecolage/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { sameSchool } from '../../platform/db/tenant-join';
import {
  enrolments,
  guardians,
  studentGuardians,
  students,
  studentStatusChanges,
  type StudentRow,
} from './students.tables';

export async function findStudent(db: DbOrTx, organizationId: string, studentId: string) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId)));
  return row;
}

/**
 * The student row, locked until the transaction ends (enrolments and withdrawals queue here).
 * `no key update` still lets other transactions insert rows that refer to the student (an
 * invoice's foreign key takes a key-share lock), so an enrolment waiting for the invoice counter
 * and a one-off invoice waiting for the student cannot deadlock.
 */
export async function lockStudent(db: DbOrTx, organizationId: string, studentId: string) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId)))
    .for('no key update');
  return row;
}

/** Joins each student's active enrolment of the year (none without a year). */
export function activeEnrolmentJoin(year: { yearId: string | null }) {
  return and(
    sameSchool(enrolments, enrolments.studentId, students, students.id),
    eq(enrolments.status, 'active'),
    year.yearId ? eq(enrolments.academicYearId, year.yearId) : sql`false`,
  );
}

/** The student's link to their main payer, then that guardian (`mainPayerJoin`). */
export function mainPayerLinkJoin() {
  return and(
    sameSchool(studentGuardians, studentGuardians.studentId, students, students.id),
    eq(studentGuardians.isMainPayer, true),
  );
}

export function mainPayerJoin() {
  return sameSchool(guardians, guardians.id, studentGuardians, studentGuardians.guardianId);
}

export async function countStudentsByStatus(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select({ status: students.status, count: sql<number>`count(*)::int` })
    .from(students)
    .where(and(eq(students.organizationId, organizationId), isNull(students.archivedAt)))
    .groupBy(students.status);
  const counts: Record<StudentStatus, number> = { active: 0, suspended: 0, pending: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export async function findStatusHistory(db: DbOrTx, organizationId: string, studentId: string) {
  return db
    .select()
    .from(studentStatusChanges)
    .where(
      and(
        eq(studentStatusChanges.organizationId, organizationId),
        eq(studentStatusChanges.studentId, studentId),
      ),
    )
    .orderBy(desc(studentStatusChanges.changedAt));
}

export async function insertStatusChange(
  db: DbOrTx,
  change: typeof studentStatusChanges.$inferInsert,
): Promise<void> {
  await db.insert(studentStatusChanges).values(change);
}

export async function insertStudentRow(
  db: DbOrTx,
  values: typeof students.$inferInsert,
): Promise<StudentRow> {
  const [row] = await db.insert(students).values(values).returning();
  return row!;
}

export async function updateStudentRow(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  values: Partial<typeof students.$inferInsert>,
): Promise<void> {
  await db
    .update(students)
    .set(values)
    .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId)));
}

/** Deletes the student row (refused by the foreign keys of any record that names them). */
export function deleteStudentRow(db: DbOrTx, organizationId: string, studentId: string) {
  return db
    .delete(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId)));
}
