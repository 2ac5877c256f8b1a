import { and, asc, eq, isNull } from 'drizzle-orm';
import { sameSchool } from '../../platform/db/tenant-join';
import type { DbOrTx } from '../../platform/db/database';
import { mainPayerLinkJoin } from './students.repository';
import { enrolments, studentGuardians, students } from './students.tables';

/** A student of a class, with the guardian who pays for them (null: none yet). */
export interface RosterStudent {
  id: string;
  fullName: string;
  matricule: string;
  mainPayerId: string | null;
}

/**
 * The students actively enrolled in a level for a year (a class), by name, each with their main
 * payer: what a class's printed sheets list.
 */
export async function findLevelRoster(
  db: DbOrTx,
  organizationId: string,
  levelId: string,
  academicYearId: string,
): Promise<RosterStudent[]> {
  return db
    .select({
      id: students.id,
      fullName: students.fullName,
      matricule: students.matricule,
      mainPayerId: studentGuardians.guardianId,
    })
    .from(enrolments)
    .innerJoin(students, sameSchool(students, students.id, enrolments, enrolments.studentId))
    .leftJoin(studentGuardians, mainPayerLinkJoin())
    .where(
      and(
        eq(enrolments.organizationId, organizationId),
        eq(enrolments.levelId, levelId),
        eq(enrolments.academicYearId, academicYearId),
        eq(enrolments.status, 'active'),
        isNull(students.archivedAt),
      ),
    )
    .orderBy(asc(students.fullName), asc(students.matricule));
}
