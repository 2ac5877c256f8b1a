import { ErrorCode } from '@ecolage/contracts';
import type { Transaction } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { ActingMember } from '../../platform/http/acting-member';
import { recordAuditEntry } from '../audit';

/** A name already used, reported on its field. */
export const taken = (path: string, message: string) =>
  new AppError(ErrorCode.CONFLICT, message, { issues: [{ path, message }] });

/** The journal entry of a change to the school's years, programmes or levels (« Paramètres »). */
export function auditSettingsChange(
  tx: Transaction,
  acting: ActingMember,
  action: string,
  resourceType: string,
  resourceId: string,
  details: Record<string, unknown>,
) {
  return recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action,
    resourceType,
    resourceId,
    category: 'settings',
    details,
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
}
