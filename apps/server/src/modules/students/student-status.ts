import type { StudentStatus } from '@ecolage/contracts';
import type { Transaction } from '../../platform/db/database';
import type { ActingMember } from '../../platform/http/acting-member';
import { recordStatusChange } from './students.service';
import { updateStudentRow } from './students.repository';
import type { StudentRow } from './students.tables';

/**
 * Moves a student to another status in the caller's transaction, with its line in the status
 * history (the caller writes the audit entry of what made it change: an accepted admission).
 */
export async function changeStudentStatus(
  tx: Transaction,
  acting: ActingMember,
  student: StudentRow,
  change: { to: StudentStatus; reason: string | null },
): Promise<void> {
  if (change.to === student.status) return;
  await updateStudentRow(tx, student.organizationId, student.id, {
    status: change.to,
    updatedAt: new Date(),
  });
  await recordStatusChange(tx, student.organizationId, student.id, {
    from: student.status,
    to: change.to,
    reason: change.reason,
    by: acting.actor.label,
  });
}
