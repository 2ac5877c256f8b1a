import type { NewStudentEnrolment, NewStudentEnrolmentResponse } from '@ecolage/contracts';
import type { Database } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { findLevel } from '../../programmes';
import { insertStudent, studentItem } from '../../students';
import { studentBalanceQueries } from '../invoices/open-balance.repository';
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
      throw domainError('LEVEL_NOT_FOUND', {}, { field: 'levelId' });
    }
    if (student.programmeId && student.programmeId !== found.programme.id) {
      throw domainError('LEVEL_OF_OTHER_PROGRAMME', {}, { field: 'levelId' });
    }
    const row = await insertStudent(tx, acting, { ...student, programmeId: found.programme.id });
    const enrolled = await enrolStudent(tx, acting, row.id, { levelId, academicYearId });
    return { studentId: row.id, ...enrolled };
  });
  return {
    student: await studentItem(db, organizationId, created.studentId, studentBalanceQueries),
    enrolment: created.enrolment,
    invoicesIssued: created.invoicesIssued,
  };
}
