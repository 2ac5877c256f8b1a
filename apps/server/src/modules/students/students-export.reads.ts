/**
 * Named read-only queries of the students export: the list's rows with the level, programme and
 * main payer of each student (the programmes module's tables) and billing's balances through the
 * `StudentBalanceQueries` port.
 */
import { and, asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { levels, programmes } from '../programmes/programmes.tables';
import {
  enrolledLevelJoin,
  listedStudent,
  studentListConditions,
  studentProgrammeJoin,
  type StudentFilters,
  type StudentListContext,
} from './student-list.reads';
import { activeEnrolmentJoin, mainPayerJoin, mainPayerLinkJoin } from './students.repository';
import { enrolments, guardians, studentGuardians, students } from './students.tables';

/** The next keyset page starts after this student (the screen's order: name, then matricule). */
export interface PageKey {
  fullName: string;
  matricule: string;
}

export async function countExportRows(
  db: DbOrTx,
  organizationId: string,
  filters: StudentFilters,
  context: StudentListContext,
) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(students)
    .leftJoin(enrolments, activeEnrolmentJoin(context))
    .where(studentListConditions(organizationId, filters, context));
  return row?.count ?? 0;
}

/** One keyset page of the export, in the screen's order (name, then matricule). */
export function findExportPage(
  db: DbOrTx,
  organizationId: string,
  filters: StudentFilters,
  context: StudentListContext,
  after: PageKey | undefined,
  limit: number,
) {
  return db
    .select({
      matricule: students.matricule,
      fullName: students.fullName,
      phone: students.phone,
      email: students.email,
      birthDate: students.birthDate,
      status: students.status,
      archivedAt: students.archivedAt,
      programme: programmes.name,
      level: levels.name,
      guardian: guardians.fullName,
      guardianPhone: guardians.phone,
      due: context.balances.openBalance(listedStudent),
      overdue: context.balances.openBalance(listedStudent, context.today),
    })
    .from(students)
    .leftJoin(enrolments, activeEnrolmentJoin(context))
    .leftJoin(levels, enrolledLevelJoin())
    .leftJoin(programmes, studentProgrammeJoin())
    .leftJoin(studentGuardians, mainPayerLinkJoin())
    .leftJoin(guardians, mainPayerJoin())
    .where(
      and(
        studentListConditions(organizationId, filters, context),
        after
          ? sql`(${students.fullName}, ${students.matricule}) > (${after.fullName}, ${after.matricule})`
          : undefined,
      ),
    )
    .orderBy(asc(students.fullName), asc(students.matricule))
    .limit(limit);
}
