import {
  ErrorCode,
  ProgrammeMessages,
  StudentMessages,
  type RemovalOutcome,
  type StudentDetail,
  type StudentItem,
  type StudentListQuery,
  type StudentRequest,
  type StudentStatus,
  type StudentSummary,
} from '@ecolage/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, DbOrTx, Transaction } from '../../platform/db/database';
import { deleteUnlessReferenced } from '../../platform/db/errors';
import { AppError, notFound } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { foldForSearch } from '../../platform/search-text';
import { recordAuditEntry } from '../audit';
import { schoolToday } from '../organizations';
import { findCurrentAcademicYear, programmes } from '../programmes';
import { findEnrolments } from './enrolments.repository';
import { findStudentGuardians, findStudentsOfGuardians } from './guardians.repository';
import { formatMatricule, matriculeExists, reserveMatricules } from './matricules.repository';
import {
  countStudentsByStatus,
  findStatusHistory,
  findStudent,
  findStudentBalances,
  findStudentPage,
  lockStudent,
  type StudentListContext,
} from './students.repository';
import { students, studentStatusChanges, type StudentRow } from './students.tables';

/** What the search box matches for a student: name, matricule, phone digits (local and full). */
export function studentSearchKey(student: {
  fullName: string;
  matricule: string;
  phone: string | null;
}): string {
  const digits = student.phone?.replace(/\D/g, '') ?? '';
  const local = student.phone?.startsWith('+228') ? digits.slice(3) : '';
  return foldForSearch(`${student.fullName} ${student.matricule} ${digits} ${local}`);
}

export function auditStudent(
  tx: Transaction,
  acting: ActingMember,
  action: string,
  studentId: string,
  details: Record<string, unknown>,
  category: 'student' | 'invoice' | 'export' = 'student',
) {
  return recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action,
    resourceType: 'student',
    resourceId: studentId,
    category,
    details,
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
}

async function checkProgramme(tx: DbOrTx, organizationId: string, programmeId: string | null) {
  if (!programmeId) return;
  const [row] = await tx
    .select({ archivedAt: programmes.archivedAt })
    .from(programmes)
    .where(and(eq(programmes.organizationId, organizationId), eq(programmes.id, programmeId)));
  const problem = !row
    ? ProgrammeMessages.programmeNotFound
    : row.archivedAt
      ? ProgrammeMessages.programmeArchived
      : null;
  if (problem) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, problem, {
      issues: [{ path: 'programmeId', message: problem }],
    });
  }
}

/** The next free matricule of the school's sequence (skipping any taken by an import). */
export async function nextMatricule(tx: DbOrTx, organizationId: string): Promise<string> {
  for (;;) {
    const { prefix, first } = await reserveMatricules(tx, organizationId, 1);
    const matricule = formatMatricule(prefix, first);
    if (!(await matriculeExists(tx, organizationId, matricule))) return matricule;
  }
}

export async function recordStatusChange(
  tx: DbOrTx,
  organizationId: string,
  studentId: string,
  change: { from: StudentStatus | null; to: StudentStatus; reason: string | null; by: string },
) {
  await tx.insert(studentStatusChanges).values({
    organizationId,
    studentId,
    fromStatus: change.from,
    toStatus: change.to,
    reason: change.reason,
    changedBy: change.by,
  });
}

/**
 * Writes a new student with the next matricule of the school's sequence, the first line of its
 * status history and its audit entry, in the caller's transaction.
 */
export async function insertStudent(
  tx: Transaction,
  acting: ActingMember,
  request: StudentRequest,
): Promise<StudentRow> {
  const { organizationId } = acting;
  await checkProgramme(tx, organizationId, request.programmeId);
  const matricule = await nextMatricule(tx, organizationId);
  const [row] = await tx
    .insert(students)
    .values({
      organizationId,
      matricule,
      fullName: request.fullName,
      phone: request.phone,
      email: request.email,
      status: request.status,
      programmeId: request.programmeId,
      searchKey: studentSearchKey({ ...request, matricule }),
    })
    .returning();
  await recordStatusChange(tx, organizationId, row!.id, {
    from: null,
    to: request.status,
    reason: request.statusReason || null,
    by: acting.actor.label,
  });
  await auditStudent(tx, acting, 'student.created', row!.id, {
    étudiant: row!.fullName,
    matricule,
    statut: request.status,
  });
  return row!;
}

export async function createStudent(
  db: Database,
  acting: ActingMember,
  request: StudentRequest,
): Promise<StudentItem> {
  const row = await db.transaction((tx) => insertStudent(tx, acting, request));
  return studentItem(db, acting.organizationId, row.id);
}

/** Archives a student in the caller's transaction: kept with its history, out of the lists. */
export async function archiveStudent(
  tx: Transaction,
  acting: ActingMember,
  student: StudentRow,
): Promise<void> {
  await tx
    .update(students)
    .set({ archivedAt: student.archivedAt ?? new Date(), updatedAt: new Date() })
    .where(and(eq(students.organizationId, student.organizationId), eq(students.id, student.id)));
  await auditStudent(tx, acting, 'student.archived', student.id, {
    étudiant: student.fullName,
    matricule: student.matricule,
  });
}

export async function updateStudent(
  db: Database,
  acting: ActingMember,
  studentId: string,
  request: StudentRequest,
): Promise<StudentItem> {
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const current = await findStudent(tx, organizationId, studentId);
    if (!current) throw notFound(StudentMessages.notFound);
    await checkProgramme(
      tx,
      organizationId,
      request.programmeId === current.programmeId ? null : request.programmeId,
    );
    await tx
      .update(students)
      .set({
        fullName: request.fullName,
        phone: request.phone,
        email: request.email,
        status: request.status,
        programmeId: request.programmeId,
        searchKey: studentSearchKey({ ...request, matricule: current.matricule }),
        updatedAt: new Date(),
      })
      .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId)));
    if (request.status !== current.status) {
      await recordStatusChange(tx, organizationId, studentId, {
        from: current.status,
        to: request.status,
        reason: request.statusReason || null,
        by: acting.actor.label,
      });
    }
    const changed = changedFields(current, request);
    if (changed.length > 0) {
      await auditStudent(tx, acting, 'student.updated', studentId, {
        étudiant: request.fullName,
        matricule: current.matricule,
        champs: changed.join(', '),
        ...(request.status !== current.status
          ? { 'statut avant': current.status, 'statut après': request.status }
          : {}),
      });
    }
  });
  return studentItem(db, acting.organizationId, studentId);
}

function changedFields(current: StudentRow, request: StudentRequest): string[] {
  const labels: [keyof StudentRequest & keyof StudentRow, string][] = [
    ['fullName', 'nom'],
    ['phone', 'téléphone'],
    ['email', 'e-mail'],
    ['programmeId', 'programme'],
    ['status', 'statut'],
  ];
  return labels.filter(([key]) => current[key] !== request[key]).map(([, label]) => label);
}

/**
 * Erases a student who has no history; a student with invoices (or, later, payments) is
 * archived instead — the foreign keys of those records refuse the delete.
 */
export async function removeStudent(
  db: Database,
  acting: ActingMember,
  studentId: string,
): Promise<RemovalOutcome> {
  return db.transaction(async (tx) => {
    const { organizationId } = acting;
    // Locked first: a second removal of the same student waits here, then finds it gone (404)
    // instead of deleting nothing, journaling a second deletion or deadlocking on its children.
    const current = await lockStudent(tx, organizationId, studentId);
    if (!current) throw notFound(StudentMessages.notFound);
    const erased = await deleteUnlessReferenced(tx, (savepoint) =>
      savepoint
        .delete(students)
        .where(and(eq(students.organizationId, organizationId), eq(students.id, studentId))),
    );
    if (!erased) {
      await archiveStudent(tx, acting, current);
      return { outcome: 'archived' };
    }
    await auditStudent(tx, acting, 'student.deleted', studentId, {
      étudiant: current.fullName,
      matricule: current.matricule,
    });
    return { outcome: 'deleted' };
  });
}

/** The day and the year the list's level, balance and overdue columns are read for. */
export async function studentListContext(
  db: DbOrTx,
  organizationId: string,
  yearId?: string,
): Promise<StudentListContext> {
  const [today, current] = await Promise.all([
    schoolToday(db, organizationId),
    yearId ? Promise.resolve(undefined) : findCurrentAcademicYear(db, organizationId),
  ]);
  return { today, yearId: yearId ?? current?.id ?? null };
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

export async function listStudents(db: DbOrTx, organizationId: string, query: StudentListQuery) {
  const context = await studentListContext(db, organizationId, query.yearId);
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
  if (!rows[0]) throw notFound(StudentMessages.notFound);
  return rows[0];
}

/** One student as the list shows it (after a create, an update or an enrolment). */
export async function studentItem(db: DbOrTx, organizationId: string, studentId: string) {
  const context = await studentListContext(db, organizationId);
  return toItem(await studentRow(db, organizationId, studentId, context));
}

export async function getStudent(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
): Promise<StudentDetail> {
  const context = await studentListContext(db, organizationId);
  const row = await studentRow(db, organizationId, studentId, context);
  const [history, guardianRows, enrolmentRows, balances] = await Promise.all([
    findStatusHistory(db, organizationId, studentId),
    findStudentGuardians(db, organizationId, studentId),
    findEnrolments(db, organizationId, studentId),
    findStudentBalances(db, organizationId, studentId, context.today),
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
    balances,
  };
}
