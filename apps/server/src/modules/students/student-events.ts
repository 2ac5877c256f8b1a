import type { DbOrTx } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { findStudent } from './students.repository';

/**
 * The live topic of a student's page (`platform/live`): payments publish on it when a payment of
 * the student reaches its end (succeeded, failed, expired, cancelled) or is refunded; the page's
 * stream listens to it. Led by the school, so a topic is never shared between schools.
 */
export function studentLiveTopic(organizationId: string, studentId: string): string {
  return `student:${organizationId}:${studentId}`;
}

/** The student's live topic once the student is known to be the school's (404 otherwise). */
export async function studentTopicOf(
  db: DbOrTx,
  organizationId: string,
  studentId: string,
): Promise<string> {
  if (!(await findStudent(db, organizationId, studentId))) throw notFound('STUDENT_NOT_FOUND');
  return studentLiveTopic(organizationId, studentId);
}
