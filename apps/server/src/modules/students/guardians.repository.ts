import type { GuardianRelation } from '@ecolage/contracts';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { sameSchool } from '../../platform/db/tenant-join';
import type { DbOrTx } from '../../platform/db/database';
import { containsPattern, searchTerms } from '../../platform/search-text';
import { guardians, studentGuardians, students, type GuardianRow } from './students.tables';

export async function findStudentGuardians(db: DbOrTx, organizationId: string, studentId: string) {
  return db
    .select({ guardian: guardians, link: studentGuardians })
    .from(studentGuardians)
    .innerJoin(
      guardians,
      sameSchool(guardians, guardians.id, studentGuardians, studentGuardians.guardianId),
    )
    .where(
      and(
        eq(studentGuardians.organizationId, organizationId),
        eq(studentGuardians.studentId, studentId),
      ),
    )
    .orderBy(desc(studentGuardians.isMainPayer), asc(studentGuardians.createdAt));
}

/** Students linked to each of `guardianIds` (the families). */
export async function findStudentsOfGuardians(
  db: DbOrTx,
  organizationId: string,
  guardianIds: string[],
) {
  if (guardianIds.length === 0) return [];
  return db
    .select({
      guardianId: studentGuardians.guardianId,
      id: students.id,
      fullName: students.fullName,
      matricule: students.matricule,
    })
    .from(studentGuardians)
    .innerJoin(
      students,
      sameSchool(students, students.id, studentGuardians, studentGuardians.studentId),
    )
    .where(
      and(
        eq(studentGuardians.organizationId, organizationId),
        inArray(studentGuardians.guardianId, guardianIds),
      ),
    )
    .orderBy(asc(students.fullName));
}

export async function findGuardianByPhone(db: DbOrTx, organizationId: string, phone: string) {
  const [row] = await db
    .select()
    .from(guardians)
    .where(and(eq(guardians.organizationId, organizationId), eq(guardians.phone, phone)));
  return row;
}

export async function findGuardian(db: DbOrTx, organizationId: string, guardianId: string) {
  const [row] = await db
    .select()
    .from(guardians)
    .where(and(eq(guardians.organizationId, organizationId), eq(guardians.id, guardianId)));
  return row;
}

/** Guardians' names by id (the payers of payments listed or found), read once per page. */
export async function findGuardianNames(
  db: DbOrTx,
  organizationId: string,
  guardianIds: string[],
): Promise<Map<string, string>> {
  if (guardianIds.length === 0) return new Map();
  const rows = await db
    .select({ id: guardians.id, fullName: guardians.fullName })
    .from(guardians)
    .where(
      and(
        eq(guardians.organizationId, organizationId),
        inArray(guardians.id, [...new Set(guardianIds)]),
      ),
    );
  return new Map(rows.map((row) => [row.id, row.fullName]));
}

export async function findGuardianPage(
  db: DbOrTx,
  organizationId: string,
  query: { search?: string; page: number; pageSize: number },
) {
  const conditions: (SQL | undefined)[] = [eq(guardians.organizationId, organizationId)];
  if (query.search) {
    const terms = searchTerms(query.search);
    conditions.push(
      or(...terms.map((term) => sql`${guardians.searchKey} like ${containsPattern(term)}`)),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(guardians)
    .where(where)
    .orderBy(asc(guardians.fullName))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(guardians)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

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

/** A new guardian; undefined when the school already has one with that phone (found again). */
export async function insertGuardianIfNew(db: DbOrTx, guardian: typeof guardians.$inferInsert) {
  const [row] = await db
    .insert(guardians)
    .values(guardian)
    .onConflictDoNothing({ target: [guardians.organizationId, guardians.phone] })
    .returning();
  return row;
}

export async function updateGuardianRow(
  db: DbOrTx,
  organizationId: string,
  guardianId: string,
  values: Partial<typeof guardians.$inferInsert>,
): Promise<GuardianRow> {
  const [row] = await db
    .update(guardians)
    .set(values)
    .where(and(eq(guardians.organizationId, organizationId), eq(guardians.id, guardianId)))
    .returning();
  return row!;
}

export async function insertGuardianLink(
  db: DbOrTx,
  link: typeof studentGuardians.$inferInsert,
): Promise<void> {
  await db.insert(studentGuardians).values(link);
}

/** The student's link to one guardian, or to every main payer when `guardianId` is left out. */
function linkOf(organizationId: string, studentId: string, guardianId?: string) {
  return and(
    eq(studentGuardians.organizationId, organizationId),
    eq(studentGuardians.studentId, studentId),
    guardianId
      ? eq(studentGuardians.guardianId, guardianId)
      : eq(studentGuardians.isMainPayer, true),
  );
}

/** The student has no main payer any more (one is about to be chosen). */
export async function clearMainPayer(db: DbOrTx, organizationId: string, studentId: string) {
  await db
    .update(studentGuardians)
    .set({ isMainPayer: false })
    .where(linkOf(organizationId, studentId));
}

export async function updateGuardianLinkRow(
  db: DbOrTx,
  organizationId: string,
  link: { studentId: string; guardianId: string },
  values: { relation?: GuardianRelation; isMainPayer?: boolean },
): Promise<void> {
  await db
    .update(studentGuardians)
    .set(values)
    .where(linkOf(organizationId, link.studentId, link.guardianId));
}

export async function deleteGuardianLink(
  db: DbOrTx,
  organizationId: string,
  link: { studentId: string; guardianId: string },
): Promise<void> {
  await db.delete(studentGuardians).where(linkOf(organizationId, link.studentId, link.guardianId));
}
