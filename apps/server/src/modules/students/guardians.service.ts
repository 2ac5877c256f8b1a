import type {
  Guardian,
  GuardianFields,
  GuardianItem,
  GuardianRelation,
  LinkGuardianRequest,
  StudentGuardian,
} from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { notFound, domainError } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { foldForSearch } from '../../platform/search-text';
import { recordAuditEntry } from '../audit';
import { auditStudent } from './students.service';
import {
  clearMainPayer,
  deleteGuardianLink,
  findGuardian,
  findGuardianByPhone,
  findGuardianPage,
  findStudentGuardians,
  findStudentsOfGuardians,
  insertGuardianIfNew,
  insertGuardianLink,
  updateGuardianLinkRow,
  updateGuardianRow,
} from './guardians.repository';
import { findStudent } from './students.repository';
import type { GuardianRow } from './students.tables';

export function guardianSearchKey(guardian: { fullName: string; phone: string }): string {
  const digits = guardian.phone.replace(/\D/g, '');
  const local = guardian.phone.startsWith('+228') ? digits.slice(3) : '';
  return foldForSearch(`${guardian.fullName} ${digits} ${local}`);
}

const phoneTaken = () => domainError('GUARDIAN_PHONE_TAKEN', {}, { field: 'phone' });

function toGuardian(row: GuardianRow): Guardian {
  return { id: row.id, fullName: row.fullName, phone: row.phone, email: row.email };
}

export async function listGuardians(
  db: DbOrTx,
  organizationId: string,
  query: { search?: string; page: number; pageSize: number },
) {
  const { rows, total } = await findGuardianPage(db, organizationId, query);
  const family = await findStudentsOfGuardians(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  const items: GuardianItem[] = rows.map((row) => ({
    ...toGuardian(row),
    students: family
      .filter((member) => member.guardianId === row.id)
      .map(({ id, fullName, matricule }) => ({ id, fullName, matricule })),
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * The guardian with this phone number, created if the school has none: a family is one guardian
 * linked to several students, found again by phone.
 */
export async function findOrCreateGuardian(
  tx: DbOrTx,
  organizationId: string,
  fields: GuardianFields,
): Promise<{ guardian: GuardianRow; created: boolean }> {
  const existing = await findGuardianByPhone(tx, organizationId, fields.phone);
  if (existing) return { guardian: existing, created: false };
  // Another request may be creating this family's guardian right now: its insert wins, this one
  // waits for it, inserts nothing and takes the guardian it created.
  const row = await insertGuardianIfNew(tx, {
    organizationId,
    ...fields,
    searchKey: guardianSearchKey(fields),
  });
  if (row) return { guardian: row, created: true };
  const created = await findGuardianByPhone(tx, organizationId, fields.phone);
  if (!created) throw phoneTaken();
  return { guardian: created, created: false };
}

/**
 * Links a guardian to a student, making them main payer when asked or when the student has none
 * yet (someone must receive the payment links).
 */
export async function linkGuardianToStudent(
  tx: Transaction,
  organizationId: string,
  studentId: string,
  guardianId: string,
  options: { relation: GuardianRelation; mainPayer: boolean },
): Promise<boolean> {
  const links = await findStudentGuardians(tx, organizationId, studentId);
  if (links.some((link) => link.guardian.id === guardianId)) return false;
  const mainPayer = options.mainPayer || !links.some((link) => link.link.isMainPayer);
  if (mainPayer) await clearMainPayer(tx, organizationId, studentId);
  await insertGuardianLink(tx, {
    organizationId,
    studentId,
    guardianId,
    relation: options.relation,
    isMainPayer: mainPayer,
  });
  return true;
}

export async function addGuardian(
  db: Database,
  acting: ActingMember,
  studentId: string,
  request: LinkGuardianRequest,
): Promise<StudentGuardian> {
  const guardianId = await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const student = await findStudent(tx, organizationId, studentId);
    if (!student) throw notFound('STUDENT_NOT_FOUND');
    let guardian: GuardianRow | undefined;
    if ('guardianId' in request) {
      guardian = await findGuardian(tx, organizationId, request.guardianId);
      if (!guardian) throw notFound('GUARDIAN_NOT_FOUND');
    } else {
      guardian = (
        await findOrCreateGuardian(tx, organizationId, {
          fullName: request.fullName,
          phone: request.phone,
          email: request.email,
        })
      ).guardian;
    }
    const linked = await linkGuardianToStudent(tx, organizationId, studentId, guardian.id, request);
    if (!linked) {
      throw domainError('GUARDIAN_ALREADY_LINKED');
    }
    await auditStudent(tx, acting, 'guardian.linked', studentId, {
      étudiant: student.fullName,
      responsable: guardian.fullName,
      téléphone: guardian.phone,
      lien: request.relation,
      'payeur principal': request.mainPayer ? 'oui' : 'non',
    });
    return guardian.id;
  });
  const links = await findStudentGuardians(db, acting.organizationId, studentId);
  const family = await findStudentsOfGuardians(db, acting.organizationId, [guardianId]);
  const { guardian, link } = links.find((row) => row.guardian.id === guardianId)!;
  return {
    ...toGuardian(guardian),
    relation: link.relation,
    mainPayer: link.isMainPayer,
    otherStudents: family
      .filter((member) => member.id !== studentId)
      .map(({ id, fullName, matricule }) => ({ id, fullName, matricule })),
  };
}

export async function updateGuardian(
  db: Database,
  acting: ActingMember,
  guardianId: string,
  fields: GuardianFields,
): Promise<Guardian> {
  return db.transaction(async (tx) => {
    const { organizationId } = acting;
    const current = await findGuardian(tx, organizationId, guardianId);
    if (!current) throw notFound('GUARDIAN_NOT_FOUND');
    try {
      const row = await updateGuardianRow(tx, organizationId, guardianId, {
        ...fields,
        searchKey: guardianSearchKey(fields),
        updatedAt: new Date(),
      });
      await recordGuardianAudit(tx, acting, 'guardian.updated', guardianId, {
        responsable: fields.fullName,
        ...(current.phone !== fields.phone ? { 'téléphone avant': current.phone } : {}),
        téléphone: fields.phone,
      });
      return toGuardian(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken();
      throw error;
    }
  });
}

async function recordGuardianAudit(
  tx: Transaction,
  acting: ActingMember,
  action: string,
  guardianId: string,
  details: Record<string, unknown>,
) {
  await recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action,
    resourceType: 'guardian',
    resourceId: guardianId,
    category: 'student',
    details,
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
}

export async function updateGuardianLink(
  db: Database,
  acting: ActingMember,
  studentId: string,
  guardianId: string,
  change: { relation?: GuardianRelation; mainPayer?: true },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const student = await findStudent(tx, organizationId, studentId);
    const links = student ? await findStudentGuardians(tx, organizationId, studentId) : [];
    const current = links.find((row) => row.guardian.id === guardianId);
    if (!student || !current) throw notFound('GUARDIAN_NOT_FOUND');
    if (change.mainPayer) await clearMainPayer(tx, organizationId, studentId);
    await updateGuardianLinkRow(
      tx,
      organizationId,
      { studentId, guardianId },
      {
        relation: change.relation ?? current.link.relation,
        isMainPayer: change.mainPayer ? true : current.link.isMainPayer,
      },
    );
    await auditStudent(tx, acting, 'guardian.link_updated', studentId, {
      étudiant: student.fullName,
      responsable: current.guardian.fullName,
      ...(change.relation ? { lien: change.relation } : {}),
      ...(change.mainPayer ? { 'payeur principal': 'oui' } : {}),
    });
  });
}

export async function unlinkGuardian(
  db: Database,
  acting: ActingMember,
  studentId: string,
  guardianId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const student = await findStudent(tx, organizationId, studentId);
    const links = student ? await findStudentGuardians(tx, organizationId, studentId) : [];
    const current = links.find((row) => row.guardian.id === guardianId);
    if (!student || !current) throw notFound('GUARDIAN_NOT_FOUND');
    await deleteGuardianLink(tx, organizationId, { studentId, guardianId });
    // The payment links go to someone: the next guardian becomes main payer.
    const next = links.find((row) => row.guardian.id !== guardianId);
    if (current.link.isMainPayer && next) {
      await updateGuardianLinkRow(
        tx,
        organizationId,
        { studentId, guardianId: next.guardian.id },
        { isMainPayer: true },
      );
    }
    await auditStudent(tx, acting, 'guardian.unlinked', studentId, {
      étudiant: student.fullName,
      responsable: current.guardian.fullName,
    });
  });
}
