import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
// Named read-only query (docs/architecture.md): a credit's reference is matched against the
// school's matricules, its sender's phone against the guardians; the queue shows their names.
import { guardians, students } from '../../students/students.tables';

/**
 * A matricule or a reference as a comparable key: letters and digits only, upper case, the leading
 * zeros of each number dropped — « stu001 », « STU-001 », « Stu 1 » and « STU 01 » all read STU1.
 * `matriculeKeySql` is the same function in SQL; both must agree.
 */
export function matriculeKey(text: string): string {
  return text
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .replace(/(^|[^0-9])0+([0-9])/g, '$1$2');
}

const matriculeKeySql = sql`regexp_replace(upper(regexp_replace(${students.matricule}, '[^A-Za-z0-9]', '', 'g')), '(^|[^0-9])0+([0-9])', '\\1\\2', 'g')`;

export interface StudentByReference {
  id: string;
  fullName: string;
  matricule: string;
}

/** The school's students whose matricule reads as one of `keys` (see `matriculeKey`). */
export async function findStudentsByMatriculeKeys(
  db: DbOrTx,
  organizationId: string,
  keys: string[],
): Promise<StudentByReference[]> {
  if (keys.length === 0) return [];
  return db
    .select({ id: students.id, fullName: students.fullName, matricule: students.matricule })
    .from(students)
    .where(
      and(
        eq(students.organizationId, organizationId),
        sql`${matriculeKeySql} = any(${sql.param(keys)}::text[])`,
      ),
    )
    .limit(5);
}

/** The school's guardian with this phone (E.164), if any: one per phone number. */
export async function findGuardianByPhone(db: DbOrTx, organizationId: string, phone: string) {
  const [row] = await db
    .select({ id: guardians.id, fullName: guardians.fullName, phone: guardians.phone })
    .from(guardians)
    .where(and(eq(guardians.organizationId, organizationId), eq(guardians.phone, phone)));
  return row;
}

/**
 * The school's students whose matricule or name contains `q` (the queue's search also finds a
 * credit by the student it went to), 50 at most.
 */
export async function findStudentIdsMatching(db: DbOrTx, organizationId: string, q: string) {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: students.id })
    .from(students)
    .where(
      and(
        eq(students.organizationId, organizationId),
        or(ilike(students.matricule, pattern), ilike(students.fullName, pattern)),
      ),
    )
    .limit(50);
  return rows.map((row) => row.id);
}

/** Names for the queue: students and guardians by id. */
export async function findCreditNames(
  db: DbOrTx,
  organizationId: string,
  ids: { studentIds: string[]; guardianIds: string[] },
) {
  const [studentRows, guardianRows] = await Promise.all([
    ids.studentIds.length === 0
      ? []
      : db
          .select({ id: students.id, fullName: students.fullName, matricule: students.matricule })
          .from(students)
          .where(
            and(eq(students.organizationId, organizationId), inArray(students.id, ids.studentIds)),
          ),
    ids.guardianIds.length === 0
      ? []
      : db
          .select({ id: guardians.id, fullName: guardians.fullName })
          .from(guardians)
          .where(
            and(
              eq(guardians.organizationId, organizationId),
              inArray(guardians.id, ids.guardianIds),
            ),
          ),
  ]);
  return {
    students: new Map(studentRows.map((row) => [row.id, row])),
    guardians: new Map(guardianRows.map((row) => [row.id, row.fullName])),
  };
}
