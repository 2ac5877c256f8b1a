import type { StudentStatus } from '@ecolage/contracts';
import type { Transaction } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import type { LevelFees, SchoolYearDates } from '../../programmes';
import type { IssueEnrolmentInvoices } from '../billing.port';
import { guardianSearchKey } from '../guardians.service';
import { formatMatricule, reserveMatricules } from '../matricules.repository';
import { studentSearchKey } from '../students.service';
import type { EnrolmentRow, StudentRow } from '../students.tables';
import { findActiveEnrolmentsOf, findStudentsByMatricules } from './import.repository';
import {
  findGuardianLinks,
  findGuardiansByPhones,
  findTakenMatricules,
  insertEnrolments,
  insertGuardianLinks,
  insertGuardians,
  insertStatusChanges,
  insertStudents,
  updateStudents,
  type NewStudent,
} from './import-writes.repository';
import type { CheckedRow } from './validate-rows';

export interface ImportCounts {
  created: number;
  updated: number;
  skipped: number;
  enrolled: number;
  invoicesIssued: number;
}

export const noCounts = (): ImportCounts => ({
  created: 0,
  updated: 0,
  skipped: 0,
  enrolled: 0,
  invoicesIssued: 0,
});

export function addCounts(total: ImportCounts, more: ImportCounts): ImportCounts {
  return {
    created: total.created + more.created,
    updated: total.updated + more.updated,
    skipped: total.skipped + more.skipped,
    enrolled: total.enrolled + more.enrolled,
    invoicesIssued: total.invoicesIssued + more.invoicesIssued,
  };
}

export interface ApplyContext {
  acting: ActingMember;
  fileName: string;
  today: string;
  levels: Map<string, LevelFees>;
  years: Map<string, SchoolYearDates & { id: string }>;
  /** A line that cannot be applied any more (archived student, other level): stop, or skip it. */
  onConflict: 'fail' | 'skip';
  /** Billing's issuing of the new enrolments' invoices (handed over by the composition root). */
  issueInvoices: IssueEnrolmentInvoices;
}

interface Plan {
  row: CheckedRow;
  current: StudentRow | undefined;
  studentId: string;
  enrol: boolean;
}

/** `count` free matricules of the school's sequence (numbers taken by an import are skipped). */
async function generateMatricules(tx: Transaction, organizationId: string, count: number) {
  const free: string[] = [];
  while (free.length < count) {
    const missing = count - free.length;
    const { prefix, first } = await reserveMatricules(tx, organizationId, missing);
    const candidates = Array.from({ length: missing }, (_, i) =>
      formatMatricule(prefix, first + i),
    );
    const taken = await findTakenMatricules(tx, organizationId, candidates);
    free.push(...candidates.filter((candidate) => !taken.has(candidate)));
  }
  return free;
}

/** Decides each line's fate against the database as it is now: create, update, or conflict. */
async function plan(tx: Transaction, context: ApplyContext, rows: CheckedRow[]) {
  const { organizationId } = context.acting;
  const matricules = rows.flatMap((row) => (row.matricule ? [row.matricule] : []));
  const found = await findStudentsByMatricules(tx, organizationId, matricules);
  const existing = new Map(found.map((student) => [student.matricule, student]));
  const enrolling = rows.flatMap((row) => {
    const student = row.levelId && row.matricule ? existing.get(row.matricule) : undefined;
    return student ? [student.id] : [];
  });
  const active = new Map(
    (await findActiveEnrolmentsOf(tx, organizationId, enrolling)).map((enrolment) => [
      `${enrolment.studentId}:${enrolment.academicYearId}`,
      enrolment.levelId,
    ]),
  );
  const plans: Plan[] = [];
  let skipped = 0;
  for (const row of rows) {
    const current = row.matricule ? existing.get(row.matricule) : undefined;
    let enrol = Boolean(row.levelId && row.yearId);
    let problem: 'IMPORT_ROW_STUDENT_ARCHIVED' | 'IMPORT_ROW_OTHER_LEVEL' | null =
      current?.archivedAt ? 'IMPORT_ROW_STUDENT_ARCHIVED' : null;
    if (current && enrol) {
      const enrolledLevel = active.get(`${current.id}:${row.yearId}`);
      if (enrolledLevel === row.levelId) enrol = false;
      else if (enrolledLevel) problem = 'IMPORT_ROW_OTHER_LEVEL';
    }
    if (problem) {
      if (context.onConflict === 'fail') {
        throw domainError(problem, { line: row.line });
      }
      skipped += 1;
      continue;
    }
    plans.push({ row, current, studentId: current?.id ?? '', enrol });
  }
  return { plans, skipped };
}

/** Creates the new students, rewrites the existing ones, and records their status changes. */
async function writeStudents(tx: Transaction, context: ApplyContext, plans: Plan[]) {
  const { organizationId } = context.acting;
  const creates = plans.filter((entry) => !entry.current);
  const generated = await generateMatricules(
    tx,
    organizationId,
    creates.filter((entry) => !entry.row.matricule).length,
  );
  let generatedIndex = 0;
  const newStudents: NewStudent[] = creates.map(({ row }) => {
    const matricule = row.matricule ?? generated[generatedIndex++]!;
    const fields = { fullName: row.fullName, matricule, phone: row.phone };
    return {
      ...fields,
      email: row.email,
      birthDate: row.birthDate ?? null,
      status: row.status ?? 'active',
      programmeId: row.programmeId,
      searchKey: studentSearchKey(fields),
    };
  });
  const inserted = await insertStudents(tx, organizationId, newStudents);
  const idOf = new Map(inserted.map((student) => [student.matricule, student.id]));
  creates.forEach((entry, index) => (entry.studentId = idOf.get(newStudents[index]!.matricule)!));

  const reason = `Import « ${context.fileName} »`;
  const by = context.acting.actor.label;
  const changes: {
    studentId: string;
    fromStatus: StudentStatus | null;
    toStatus: StudentStatus;
  }[] = newStudents.map((student, index) => ({
    studentId: creates[index]!.studentId,
    fromStatus: null,
    toStatus: student.status,
  }));
  const rewrites = plans.flatMap(({ row, current }) => {
    if (!current) return [];
    // An empty cell keeps what the school has: a partial file never erases a phone number.
    const next = {
      fullName: row.fullName,
      phone: row.phone ?? current.phone,
      email: row.email ?? current.email,
      birthDate: row.birthDate ?? current.birthDate,
      status: row.status ?? current.status,
      programmeId: row.programmeId ?? current.programmeId,
    };
    if (next.status !== current.status) {
      changes.push({ studentId: current.id, fromStatus: current.status, toStatus: next.status });
    }
    const same = (Object.keys(next) as (keyof typeof next)[]).every(
      (key) => next[key] === current[key],
    );
    if (same) return [];
    return [
      {
        id: current.id,
        ...next,
        searchKey: studentSearchKey({ ...next, matricule: current.matricule }),
      },
    ];
  });
  await updateStudents(tx, organizationId, rewrites);
  await insertStatusChanges(
    tx,
    organizationId,
    changes.map((change) => ({ ...change, reason, changedBy: by })),
  );
  return { created: inserted.length, updated: plans.length - creates.length };
}

/**
 * Finds or creates each guardian by phone (a phone shared by several lines is one guardian: a
 * family), then links them; a student without a main payer gets this guardian as main payer.
 */
async function writeGuardians(tx: Transaction, context: ApplyContext, plans: Plan[]) {
  const { organizationId } = context.acting;
  const withGuardian = plans.filter((entry) => entry.row.guardianPhone && entry.row.guardianName);
  if (withGuardian.length === 0) return;
  const firstByPhone = new Map<string, CheckedRow>();
  for (const { row } of withGuardian) {
    if (!firstByPhone.has(row.guardianPhone!)) firstByPhone.set(row.guardianPhone!, row);
  }
  const phones = [...firstByPhone.keys()];
  const guardianOf = new Map(
    (await findGuardiansByPhones(tx, organizationId, phones)).map((row) => [row.phone, row.id]),
  );
  const missing = phones.filter((phone) => !guardianOf.has(phone));
  const created = await insertGuardians(
    tx,
    organizationId,
    missing.map((phone) => {
      const row = firstByPhone.get(phone)!;
      const fields = { fullName: row.guardianName!, phone };
      return { ...fields, email: row.guardianEmail, searchKey: guardianSearchKey(fields) };
    }),
  );
  for (const row of created) guardianOf.set(row.phone, row.id);
  const raced = missing.filter((phone) => !guardianOf.has(phone));
  for (const row of await findGuardiansByPhones(tx, organizationId, raced)) {
    guardianOf.set(row.phone, row.id);
  }

  const links = await findGuardianLinks(
    tx,
    organizationId,
    withGuardian.filter((entry) => entry.current).map((entry) => entry.studentId),
  );
  const linked = new Set(links.map((link) => `${link.studentId}:${link.guardianId}`));
  const hasMainPayer = new Set(
    links.filter((link) => link.isMainPayer).map((link) => link.studentId),
  );
  const newLinks = withGuardian.flatMap(({ row, studentId }) => {
    const guardianId = guardianOf.get(row.guardianPhone!)!;
    if (linked.has(`${studentId}:${guardianId}`)) return [];
    const isMainPayer = !hasMainPayer.has(studentId);
    hasMainPayer.add(studentId);
    return [{ studentId, guardianId, relation: row.relation ?? 'other', isMainPayer }];
  });
  await insertGuardianLinks(tx, organizationId, newLinks);
}

/** Enrols the lines that name a level, then issues each (level, year) group's invoices at once. */
async function writeEnrolments(tx: Transaction, context: ApplyContext, plans: Plan[]) {
  const { organizationId } = context.acting;
  const inserted = await insertEnrolments(
    tx,
    organizationId,
    plans
      .filter((entry) => entry.enrol)
      .map(({ row, studentId }) => ({
        studentId,
        levelId: row.levelId!,
        academicYearId: row.yearId!,
      })),
  );
  const groups = new Map<string, EnrolmentRow[]>();
  for (const enrolment of inserted) {
    const key = `${enrolment.levelId}:${enrolment.academicYearId}`;
    const group = groups.get(key);
    if (group) group.push(enrolment);
    else groups.set(key, [enrolment]);
  }
  let invoicesIssued = 0;
  for (const group of groups.values()) {
    const { levelId, academicYearId } = group[0]!;
    invoicesIssued += await context.issueInvoices(tx, context.acting, {
      enrolments: group,
      level: context.levels.get(levelId)!,
      year: context.years.get(academicYearId)!,
      today: context.today,
    });
  }
  return { enrolled: inserted.length, invoicesIssued };
}

/** Applies checked lines in the transaction: students, guardians, enrolments and invoices. */
export async function applyBatch(
  tx: Transaction,
  context: ApplyContext,
  rows: CheckedRow[],
): Promise<ImportCounts> {
  const { plans, skipped } = await plan(tx, context, rows);
  const { created, updated } = await writeStudents(tx, context, plans);
  await writeGuardians(tx, context, plans);
  const { enrolled, invoicesIssued } = await writeEnrolments(tx, context, plans);
  return { created, updated, skipped, enrolled, invoicesIssued };
}
