import type { GuardianRelation, StudentStatus } from '@ecolage/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import {
  enrolments,
  guardians,
  studentGuardians,
  students,
  studentStatusChanges,
  type EnrolmentRow,
} from '../students.tables';
import { chunksOf } from './import.repository';

/**
 * The import's writes, many rows per statement: an import of 10,000 students cannot afford one
 * round trip per student. The rules (search keys, matricules, main payer) are applied by the
 * caller with the students module's helpers; this file only says how to write in bulk.
 */

const INSERT_CHUNK = 1000;

export interface NewStudent {
  matricule: string;
  fullName: string;
  phone: string | null;
  email: string | null;
  /** `YYYY-MM-DD`. */
  birthDate: string | null;
  status: StudentStatus;
  programmeId: string | null;
  searchKey: string;
}

export async function insertStudents(db: DbOrTx, organizationId: string, rows: NewStudent[]) {
  const inserted: { id: string; matricule: string }[] = [];
  for (const chunk of chunksOf(rows, INSERT_CHUNK)) {
    inserted.push(
      ...(await db
        .insert(students)
        .values(chunk.map((row) => ({ organizationId, ...row })))
        .returning({ id: students.id, matricule: students.matricule })),
    );
  }
  return inserted;
}

/** Rewrites the fields of existing students, all rows in one statement per chunk. */
export async function updateStudents(
  db: DbOrTx,
  organizationId: string,
  rows: (Omit<NewStudent, 'matricule'> & { id: string })[],
) {
  for (const chunk of chunksOf(rows, INSERT_CHUNK)) {
    const values = JSON.stringify(
      chunk.map((row) => ({
        id: row.id,
        full_name: row.fullName,
        phone: row.phone,
        email: row.email,
        birth_date: row.birthDate,
        status: row.status,
        programme_id: row.programmeId,
        search_key: row.searchKey,
      })),
    );
    await db.execute(sql`update ${students} set
        full_name = v.full_name, phone = v.phone, email = v.email, birth_date = v.birth_date,
        status = v.status, programme_id = v.programme_id, search_key = v.search_key,
        updated_at = now()
      from jsonb_to_recordset(${values}::jsonb) as v(id uuid, full_name text, phone text,
        email text, birth_date date, status text, programme_id uuid, search_key text)
      where ${students.organizationId} = ${organizationId} and ${students.id} = v.id`);
  }
}

export async function insertStatusChanges(
  db: DbOrTx,
  organizationId: string,
  rows: {
    studentId: string;
    fromStatus: StudentStatus | null;
    toStatus: StudentStatus;
    reason: string;
    changedBy: string;
  }[],
) {
  for (const chunk of chunksOf(rows, INSERT_CHUNK)) {
    await db.insert(studentStatusChanges).values(chunk.map((row) => ({ organizationId, ...row })));
  }
}

export async function findGuardiansByPhones(db: DbOrTx, organizationId: string, phones: string[]) {
  const found: { id: string; phone: string }[] = [];
  for (const chunk of chunksOf(phones, INSERT_CHUNK)) {
    found.push(
      ...(await db
        .select({ id: guardians.id, phone: guardians.phone })
        .from(guardians)
        .where(and(eq(guardians.organizationId, organizationId), inArray(guardians.phone, chunk)))),
    );
  }
  return found;
}

/** Creates guardians; a phone taken meanwhile is left out (the caller reads it again). */
export async function insertGuardians(
  db: DbOrTx,
  organizationId: string,
  rows: { fullName: string; phone: string; email: string | null; searchKey: string }[],
) {
  const inserted: { id: string; phone: string }[] = [];
  for (const chunk of chunksOf(rows, INSERT_CHUNK)) {
    inserted.push(
      ...(await db
        .insert(guardians)
        .values(chunk.map((row) => ({ organizationId, ...row })))
        .onConflictDoNothing()
        .returning({ id: guardians.id, phone: guardians.phone })),
    );
  }
  return inserted;
}

/** The guardian links of these students (to skip those already there, and find main payers). */
export async function findGuardianLinks(db: DbOrTx, organizationId: string, studentIds: string[]) {
  const found: { studentId: string; guardianId: string; isMainPayer: boolean }[] = [];
  for (const chunk of chunksOf(studentIds, INSERT_CHUNK)) {
    found.push(
      ...(await db
        .select({
          studentId: studentGuardians.studentId,
          guardianId: studentGuardians.guardianId,
          isMainPayer: studentGuardians.isMainPayer,
        })
        .from(studentGuardians)
        .where(
          and(
            eq(studentGuardians.organizationId, organizationId),
            inArray(studentGuardians.studentId, chunk),
          ),
        )),
    );
  }
  return found;
}

export async function insertGuardianLinks(
  db: DbOrTx,
  organizationId: string,
  rows: {
    studentId: string;
    guardianId: string;
    relation: GuardianRelation;
    isMainPayer: boolean;
  }[],
) {
  for (const chunk of chunksOf(rows, INSERT_CHUNK)) {
    await db
      .insert(studentGuardians)
      .values(chunk.map((row) => ({ organizationId, ...row })))
      .onConflictDoNothing();
  }
}

export async function insertEnrolments(
  db: DbOrTx,
  organizationId: string,
  rows: { studentId: string; levelId: string; academicYearId: string }[],
): Promise<EnrolmentRow[]> {
  const inserted: EnrolmentRow[] = [];
  for (const chunk of chunksOf(rows, INSERT_CHUNK)) {
    inserted.push(
      ...(await db
        .insert(enrolments)
        .values(chunk.map((row) => ({ organizationId, ...row })))
        // Enrolled meanwhile in that year (one active enrolment per year): left as it is.
        .onConflictDoNothing()
        .returning()),
    );
  }
  return inserted;
}

/** Which of these matricules the school already uses. */
export async function findTakenMatricules(
  db: DbOrTx,
  organizationId: string,
  matricules: string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunksOf(matricules, INSERT_CHUNK)) {
    const rows = await db
      .select({ matricule: students.matricule })
      .from(students)
      .where(and(eq(students.organizationId, organizationId), inArray(students.matricule, chunk)));
    for (const row of rows) taken.add(row.matricule);
  }
  return taken;
}
