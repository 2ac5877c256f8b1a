import type {
  RemovalOutcome,
  StudentItem,
  StudentRequest,
  StudentStatus,
} from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../platform/db/database';
import { deleteUnlessReferenced } from '../../platform/db/errors';
import { notFound, domainError } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { foldForSearch } from '../../platform/search-text';
import { recordAuditEntry } from '../audit';
import { schoolToday } from '../organizations';
import { findProgramme } from '../programmes';
import { formatMatricule, matriculeExists, reserveMatricules } from './matricules.repository';
import type { StudentBalanceQueries } from './billing.port';
import { studentItem } from './student-list.service';
import {
  deleteStudentRow,
  findStudent,
  insertStatusChange,
  insertStudentRow,
  lockStudent,
  updateStudentRow,
} from './students.repository';
import type { StudentRow } from './students.tables';

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
  const row = await findProgramme(tx, organizationId, programmeId);
  const problem = !row ? 'PROGRAMME_NOT_FOUND' : row.archivedAt ? 'PROGRAMME_ARCHIVED' : null;
  if (problem) throw domainError(problem, {}, { field: 'programmeId', statusCode: 400 });
}

/** A birth date after the school's today is refused (the contract only knows the UTC+14 day). */
async function checkBirthDate(tx: DbOrTx, organizationId: string, birthDate: string | null) {
  if (!birthDate || birthDate <= (await schoolToday(tx, organizationId))) return;
  throw domainError('BIRTH_DATE_IN_FUTURE', {}, { field: 'birthDate' });
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
  await insertStatusChange(tx, {
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
  const birthDate = request.birthDate ?? null;
  await checkBirthDate(tx, organizationId, birthDate);
  const matricule = await nextMatricule(tx, organizationId);
  const row = await insertStudentRow(tx, {
    organizationId,
    matricule,
    fullName: request.fullName,
    phone: request.phone,
    email: request.email,
    birthDate,
    status: request.status,
    programmeId: request.programmeId,
    searchKey: studentSearchKey({ ...request, matricule }),
  });
  await recordStatusChange(tx, organizationId, row.id, {
    from: null,
    to: request.status,
    reason: request.statusReason || null,
    by: acting.actor.label,
  });
  await auditStudent(tx, acting, 'student.created', row.id, {
    étudiant: row.fullName,
    matricule,
    statut: request.status,
    ...(birthDate ? { 'date de naissance': birthDate } : {}),
  });
  return row;
}

export async function createStudent(
  db: Database,
  acting: ActingMember,
  request: StudentRequest,
  balances: StudentBalanceQueries,
): Promise<StudentItem> {
  const row = await db.transaction((tx) => insertStudent(tx, acting, request));
  return studentItem(db, acting.organizationId, row.id, balances);
}

/** Archives a student in the caller's transaction: kept with its history, out of the lists. */
export async function archiveStudent(
  tx: Transaction,
  acting: ActingMember,
  student: StudentRow,
): Promise<void> {
  await updateStudentRow(tx, student.organizationId, student.id, {
    archivedAt: student.archivedAt ?? new Date(),
    updatedAt: new Date(),
  });
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
  balances: StudentBalanceQueries,
): Promise<StudentItem> {
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const current = await findStudent(tx, organizationId, studentId);
    if (!current) throw notFound('STUDENT_NOT_FOUND');
    await checkProgramme(
      tx,
      organizationId,
      request.programmeId === current.programmeId ? null : request.programmeId,
    );
    // Absent from the request: unchanged (a client that does not know the field keeps it).
    const birthDate = request.birthDate === undefined ? current.birthDate : request.birthDate;
    if (birthDate !== current.birthDate) await checkBirthDate(tx, organizationId, birthDate);
    await updateStudentRow(tx, organizationId, studentId, {
      fullName: request.fullName,
      phone: request.phone,
      email: request.email,
      birthDate,
      status: request.status,
      programmeId: request.programmeId,
      searchKey: studentSearchKey({ ...request, matricule: current.matricule }),
      updatedAt: new Date(),
    });
    if (request.status !== current.status) {
      await recordStatusChange(tx, organizationId, studentId, {
        from: current.status,
        to: request.status,
        reason: request.statusReason || null,
        by: acting.actor.label,
      });
    }
    const changed = changedFields(current, { ...request, birthDate });
    if (changed.length > 0) {
      await auditStudent(tx, acting, 'student.updated', studentId, {
        étudiant: request.fullName,
        matricule: current.matricule,
        champs: changed.join(', '),
        ...(request.status !== current.status
          ? { 'statut avant': current.status, 'statut après': request.status }
          : {}),
        ...(birthDate !== current.birthDate
          ? { 'date de naissance avant': current.birthDate, 'date de naissance': birthDate }
          : {}),
      });
    }
  });
  return studentItem(db, acting.organizationId, studentId, balances);
}

function changedFields(
  current: StudentRow,
  request: StudentRequest & { birthDate: string | null },
): string[] {
  const labels: [keyof StudentRequest & keyof StudentRow, string][] = [
    ['fullName', 'nom'],
    ['phone', 'téléphone'],
    ['email', 'e-mail'],
    ['birthDate', 'date de naissance'],
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
    if (!current) throw notFound('STUDENT_NOT_FOUND');
    const erased = await deleteUnlessReferenced(tx, (savepoint) =>
      deleteStudentRow(savepoint, organizationId, studentId),
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
