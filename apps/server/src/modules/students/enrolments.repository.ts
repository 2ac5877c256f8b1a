import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { academicYears, levels, programmes } from '../programmes';
import { enrolments, studentGuardians, type EnrolmentRow } from './students.tables';

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
      and(
        eq(academicYears.organizationId, enrolments.organizationId),
        eq(academicYears.id, enrolments.academicYearId),
      ),
    )
    .innerJoin(
      levels,
      and(eq(levels.organizationId, enrolments.organizationId), eq(levels.id, enrolments.levelId)),
    )
    .innerJoin(
      programmes,
      and(
        eq(programmes.organizationId, levels.organizationId),
        eq(programmes.id, levels.programmeId),
      ),
    )
    .where(and(eq(enrolments.organizationId, organizationId), eq(enrolments.studentId, studentId)))
    .orderBy(desc(academicYears.startsOn), desc(enrolments.enrolledAt));
}

export async function findActiveEnrolment(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  academicYearId: string,
) {
  const [row] = await db
    .select()
    .from(enrolments)
    .where(
      and(
        eq(enrolments.organizationId, organizationId),
        eq(enrolments.studentId, studentId),
        eq(enrolments.academicYearId, academicYearId),
        eq(enrolments.status, 'active'),
      ),
    );
  return row;
}

export async function findEnrolment(db: DbOrTx, organizationId: string, enrolmentId: string) {
  const [row] = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.organizationId, organizationId), eq(enrolments.id, enrolmentId)));
  return row;
}

/**
 * How many children sharing the main payer of the enrolment's student were enrolled in the same
 * year before it (ties broken by id): the enrolment's sibling rank is that count plus one.
 */
export async function countEnrolledSiblings(
  db: DbOrTx,
  organizationId: string,
  enrolment: Pick<EnrolmentRow, 'id' | 'studentId' | 'academicYearId'>,
) {
  const { studentId, academicYearId } = enrolment;
  const mainPayer = db
    .select({ guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(
      and(
        eq(studentGuardians.organizationId, organizationId),
        eq(studentGuardians.studentId, studentId),
        eq(studentGuardians.isMainPayer, true),
      ),
    );
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${enrolments.studentId})::int` })
    .from(enrolments)
    .innerJoin(
      studentGuardians,
      and(
        eq(studentGuardians.organizationId, enrolments.organizationId),
        eq(studentGuardians.studentId, enrolments.studentId),
        eq(studentGuardians.isMainPayer, true),
      ),
    )
    .where(
      and(
        eq(enrolments.organizationId, organizationId),
        eq(enrolments.academicYearId, academicYearId),
        eq(enrolments.status, 'active'),
        sql`${enrolments.studentId} <> ${studentId}`,
        sql`(${enrolments.enrolledAt}, ${enrolments.id}) < (select e.enrolled_at, e.id from enrolments e
          where e.organization_id = ${organizationId} and e.id = ${enrolment.id})`,
        inArray(studentGuardians.guardianId, mainPayer),
      ),
    );
  return row?.count ?? 0;
}
