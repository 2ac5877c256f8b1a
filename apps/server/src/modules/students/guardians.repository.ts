import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { containsPattern, searchTerms } from '../../platform/search-text';
import { guardians, studentGuardians, students } from './students.tables';

export async function findStudentGuardians(db: DbOrTx, organizationId: string, studentId: string) {
  return db
    .select({ guardian: guardians, link: studentGuardians })
    .from(studentGuardians)
    .innerJoin(
      guardians,
      and(
        eq(guardians.organizationId, studentGuardians.organizationId),
        eq(guardians.id, studentGuardians.guardianId),
      ),
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
      and(
        eq(students.organizationId, studentGuardians.organizationId),
        eq(students.id, studentGuardians.studentId),
      ),
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
