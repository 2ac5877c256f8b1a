import type {
  StudentDetail,
  StudentItem,
  StudentListQuery,
  StudentSummary,
} from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { schoolToday } from '../organizations';
import { findCurrentAcademicYear } from '../programmes';
import { findEnrolments } from './enrolments.reads';
import { findStudentGuardians, findStudentsOfGuardians } from './guardians.repository';
import type { StudentBalanceQueries } from './billing.port';
import { findStudentPage, type StudentListContext } from './student-list.reads';
import { countStudentsByStatus, findStatusHistory } from './students.repository';

/** The day and the year the list's level, balance and overdue columns are read for. */
export async function studentListContext(
  db: DbOrTx,
  organizationId: string,
  balances: StudentBalanceQueries,
  yearId?: string,
): Promise<StudentListContext> {
  const [today, current] = await Promise.all([
    schoolToday(db, organizationId),
    yearId ? Promise.resolve(undefined) : findCurrentAcademicYear(db, organizationId),
  ]);
  return { today, yearId: yearId ?? current?.id ?? null, balances };
}

type StudentPageRow = Awaited<ReturnType<typeof findStudentPage>>['rows'][number];

function toItem(row: StudentPageRow): StudentItem {
  const { student } = row;
  return {
    id: student.id,
    matricule: student.matricule,
    fullName: student.fullName,
    phone: student.phone,
    email: student.email,
    birthDate: student.birthDate,
    status: student.status,
    archived: student.archivedAt !== null,
    programme:
      student.programmeId && row.programmeName
        ? { id: student.programmeId, name: row.programmeName }
        : null,
    level: row.levelId && row.levelName ? { id: row.levelId, name: row.levelName } : null,
    balance: row.balance,
    overdue: row.overdue,
  };
}

export async function listStudents(
  db: DbOrTx,
  organizationId: string,
  query: StudentListQuery,
  balances: StudentBalanceQueries,
) {
  const context = await studentListContext(db, organizationId, balances, query.yearId);
  const { rows, total } = await findStudentPage(db, organizationId, query, context);
  return { items: rows.map(toItem), total, page: query.page, pageSize: query.pageSize };
}

export async function summarizeStudents(
  db: DbOrTx,
  organizationId: string,
): Promise<StudentSummary> {
  const counts = await countStudentsByStatus(db, organizationId);
  return { total: counts.active + counts.suspended + counts.pending, ...counts };
}

/** One student's row as the list shows it, for the school's day and current year. */
async function studentRow(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  context: StudentListContext,
) {
  const { rows } = await findStudentPage(
    db,
    organizationId,
    { includeArchived: true, page: 1, pageSize: 1 },
    { ...context, studentId },
  );
  if (!rows[0]) throw notFound('STUDENT_NOT_FOUND');
  return rows[0];
}

/** One student as the list shows it (after a create, an update or an enrolment). */
export async function studentItem(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  balances: StudentBalanceQueries,
) {
  const context = await studentListContext(db, organizationId, balances);
  return toItem(await studentRow(db, organizationId, studentId, context));
}

export async function getStudent(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
  balances: StudentBalanceQueries,
): Promise<StudentDetail> {
  const context = await studentListContext(db, organizationId, balances);
  const row = await studentRow(db, organizationId, studentId, context);
  const [history, guardianRows, enrolmentRows, amounts] = await Promise.all([
    findStatusHistory(db, organizationId, studentId),
    findStudentGuardians(db, organizationId, studentId),
    findEnrolments(db, organizationId, studentId),
    balances.findBalances(db, organizationId, studentId, context.today),
  ]);
  const families = await findStudentsOfGuardians(
    db,
    organizationId,
    guardianRows.map((row) => row.guardian.id),
  );
  return {
    ...toItem(row),
    createdAt: row.student.createdAt.toISOString(),
    statusHistory: history.map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      reason: change.reason,
      changedBy: change.changedBy,
      changedAt: change.changedAt.toISOString(),
    })),
    guardians: guardianRows.map(({ guardian, link }) => ({
      id: guardian.id,
      fullName: guardian.fullName,
      phone: guardian.phone,
      email: guardian.email,
      relation: link.relation,
      mainPayer: link.isMainPayer,
      otherStudents: families
        .filter((member) => member.guardianId === guardian.id && member.id !== studentId)
        .map(({ id, fullName, matricule }) => ({ id, fullName, matricule })),
    })),
    enrolments: enrolmentRows.map(({ enrolment, year, level, programme }) => ({
      id: enrolment.id,
      academicYear: { id: year.id, label: year.label },
      programme,
      level,
      status: enrolment.status,
      enrolledAt: enrolment.enrolledAt.toISOString(),
      withdrawnAt: enrolment.withdrawnAt?.toISOString() ?? null,
      withdrawalReason: enrolment.withdrawalReason,
    })),
    balances: amounts,
  };
}
