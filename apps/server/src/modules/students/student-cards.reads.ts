/**
 * Named read-only query: students as receipts and papers name them, with the programme and level
 * of their current enrolment (the programmes module's tables).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { sameSchool } from '../../platform/db/tenant-join';
import { academicYears, levels, programmes } from '../programmes/programmes.tables';
import { findStudentsOfGuardians } from './guardians.repository';
import { enrolledLevelJoin, studentProgrammeJoin } from './student-list.reads';
import { enrolments, students } from './students.tables';

/** A student as a receipt or a paper names them. */
export interface StudentCard {
  id: string;
  fullName: string;
  matricule: string;
  /** The programme of the current enrolment, else the one chosen for the student. */
  programme: string | null;
  /** The level of the current enrolment. */
  level: string | null;
}

/**
 * The students with their matricule and the programme and level of their current enrolment (the
 * active one of the current year, else of the latest year), in the order asked.
 */
export async function findStudentCards(
  db: DbOrTx,
  organizationId: string,
  studentIds: string[],
): Promise<StudentCard[]> {
  const wanted = [...new Set(studentIds)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      id: students.id,
      fullName: students.fullName,
      matricule: students.matricule,
      programme: programmes.name,
    })
    .from(students)
    .leftJoin(programmes, studentProgrammeJoin())
    .where(and(eq(students.organizationId, organizationId), inArray(students.id, wanted)));
  const enrolled = await db
    .select({ studentId: enrolments.studentId, level: levels.name, programme: programmes.name })
    .from(enrolments)
    .innerJoin(
      academicYears,
      sameSchool(academicYears, academicYears.id, enrolments, enrolments.academicYearId),
    )
    .innerJoin(levels, enrolledLevelJoin())
    .innerJoin(programmes, sameSchool(programmes, programmes.id, levels, levels.programmeId))
    .where(
      and(
        eq(enrolments.organizationId, organizationId),
        inArray(enrolments.studentId, wanted),
        eq(enrolments.status, 'active'),
      ),
    )
    .orderBy(desc(academicYears.isCurrent), desc(academicYears.startsOn), asc(enrolments.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => {
    const student = byId.get(id);
    if (!student) return [];
    const current = enrolled.find((row) => row.studentId === id);
    return [
      {
        ...student,
        programme: current?.programme ?? student.programme,
        level: current?.level ?? null,
      },
    ];
  });
}

/** The ids of the students a guardian is linked to (a family), by name. */
export async function findStudentIdsOfGuardian(
  db: DbOrTx,
  organizationId: string,
  guardianId: string,
): Promise<string[]> {
  const rows = await findStudentsOfGuardians(db, organizationId, [guardianId]);
  return rows.map((row) => row.id);
}
