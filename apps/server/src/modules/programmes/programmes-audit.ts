import type { Transaction } from '../../platform/db/database';
import type { ActingMember } from '../../platform/http/acting-member';
import { recordAuditEntry } from '../audit';

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
