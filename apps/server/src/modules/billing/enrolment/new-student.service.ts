import {
  ErrorCode,
  ProgrammeMessages,
  StudentMessages,
  type NewStudentEnrolment,
  type NewStudentEnrolmentResponse,
} from '@ecolage/contracts';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { findLevel } from '../../programmes';
import { insertStudent, studentItem } from '../../students';
import { enrolStudent } from './enrolment.service';

/**
 * « Nouvel Étudiant » with a programme chosen: the student (next matricule, status history,
 * audit), enrolled in the level for the year with the enrolment's invoices (audited), in one
 * transaction — a student is never left with a programme and nothing billed.
 */
export async function createEnrolledStudent(
  db: Database,
  acting: ActingMember,
  request: NewStudentEnrolment,
): Promise<NewStudentEnrolmentResponse> {
  const { levelId, academicYearId, ...student } = request;
  const { organizationId } = acting;
  const created = await db.transaction(async (tx) => {
    const found = await findLevel(tx, organizationId, levelId);
    if (!found) {
      throw new AppError(ErrorCode.NOT_FOUND, ProgrammeMessages.levelNotFound, {
        issues: [{ path: 'levelId', message: ProgrammeMessages.levelNotFound }],
      });
    }
    if (student.programmeId && student.programmeId !== found.programme.id) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, StudentMessages.levelOfOtherProgramme, {
        issues: [{ path: 'levelId', message: StudentMessages.levelOfOtherProgramme }],
      });
    }
    const row = await insertStudent(tx, acting, { ...student, programmeId: found.programme.id });
    const enrolled = await enrolStudent(tx, acting, row.id, { levelId, academicYearId });
    return { studentId: row.id, ...enrolled };
  });
  return {
    student: await studentItem(db, organizationId, created.studentId),
    enrolment: created.enrolment,
    invoicesIssued: created.invoicesIssued,
  };
}
