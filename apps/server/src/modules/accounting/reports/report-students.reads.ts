/**
 * Named read-only query of the accounting reports: the students of the school by their matricule
 * (the students module's `students`), for the grand livre, whose 4111 third parties are
 * matricules. Their names and classes then come through students' `findStudentCards`.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { students } from '../../students/students.tables';

/** matricule → student id, for the matricules of the school that name a student. */
export async function findStudentIdsByMatricule(
  db: DbOrTx,
  organizationId: string,
  matricules: readonly string[],
): Promise<Map<string, string>> {
  if (matricules.length === 0) return new Map();
  const rows = await db
    .select({ id: students.id, matricule: students.matricule })
    .from(students)
    .where(
      and(
        eq(students.organizationId, organizationId),
        inArray(students.matricule, [...matricules]),
      ),
    );
  return new Map(rows.map((row) => [row.matricule, row.id]));
}
