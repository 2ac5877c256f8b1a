import type { Transaction } from '../../platform/db/database';
import type { ActingMember } from '../../platform/http/acting-member';
import { recordAuditEntry } from '../audit';

/** A change of « Paramètres », journaled in the school's chain (category settings). */
export function journalSettings(
  tx: Transaction,
  acting: ActingMember,
  action: string,
  resourceType: 'organization' | 'kyc_document' | 'settings',
  details: Record<string, unknown>,
  resourceId: string = acting.organizationId,
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
