import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { sameSchool } from '../../platform/db/tenant-join';
import type { DbOrTx } from '../../platform/db/database';
import { guardians, studentGuardians, students } from './students.tables';

/** Who may ask for a one-time code on the school's pay page, and for whom. */
export interface StudentPayer {
  studentId: string;
  guardianId: string;
  guardianName: string;
  /**
   * `guardian`: the phone is one of the student's guardians' (the family's invoices);
   * `student`: it is the student's own phone (their invoices only, paid for by their main payer).
   */
  reachedThrough: 'guardian' | 'student';
}

/**
 * The student of this school whose matricule is `matricule` (any case), when `phone` (E.164) is
 * registered for them: one of their guardians' phones, or their own. A student without any
 * guardian has no one to pay for them: null. Archived students are left out.
 */
export async function findStudentPayerByMatriculeAndPhone(
  db: DbOrTx,
  organizationId: string,
  matricule: string,
  phone: string,
): Promise<StudentPayer | null> {
  const rows = await db
    .select({
      studentId: students.id,
      studentPhone: students.phone,
      guardianId: guardians.id,
      guardianName: guardians.fullName,
      guardianPhone: guardians.phone,
    })
    .from(students)
    .innerJoin(
      studentGuardians,
      sameSchool(studentGuardians, studentGuardians.studentId, students, students.id),
    )
    .innerJoin(
      guardians,
      sameSchool(guardians, guardians.id, studentGuardians, studentGuardians.guardianId),
    )
    .where(
      and(
        eq(students.organizationId, organizationId),
        sql`upper(${students.matricule}) = ${matricule.toUpperCase()}`,
        isNull(students.archivedAt),
      ),
    )
    .orderBy(desc(studentGuardians.isMainPayer), asc(studentGuardians.createdAt));
  const guardian = rows.find((row) => row.guardianPhone === phone);
  if (guardian) return payer(guardian, 'guardian');
  const mainPayer = rows[0];
  if (mainPayer && mainPayer.studentPhone === phone) return payer(mainPayer, 'student');
  return null;
}

function payer(
  row: { studentId: string; guardianId: string; guardianName: string },
  reachedThrough: StudentPayer['reachedThrough'],
): StudentPayer {
  return {
    studentId: row.studentId,
    guardianId: row.guardianId,
    guardianName: row.guardianName,
    reachedThrough,
  };
}
