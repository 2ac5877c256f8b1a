/**
 * Named read-only query: a student's enrolments with their year, level and programme (the
 * programmes module's tables), for the student's page.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { sameSchool } from '../../platform/db/tenant-join';
import { academicYears, levels, programmes } from '../programmes/programmes.tables';
import { enrolments } from './students.tables';

export async function findEnrolments(db: DbOrTx, organizationId: string, studentId: string) {
  return db
    .select({
      enrolment: enrolments,
      year: { id: academicYears.id, label: academicYears.label, startsOn: academicYears.startsOn },
      level: { id: levels.id, name: levels.name },
      programme: { id: programmes.id, name: programmes.name },
    })
    .from(enrolments)
    .innerJoin(
      academicYears,
      sameSchool(academicYears, academicYears.id, enrolments, enrolments.academicYearId),
    )
    .innerJoin(levels, sameSchool(levels, levels.id, enrolments, enrolments.levelId))
    .innerJoin(programmes, sameSchool(programmes, programmes.id, levels, levels.programmeId))
    .where(and(eq(enrolments.organizationId, organizationId), eq(enrolments.studentId, studentId)))
    .orderBy(desc(academicYears.startsOn), desc(enrolments.enrolledAt));
}
