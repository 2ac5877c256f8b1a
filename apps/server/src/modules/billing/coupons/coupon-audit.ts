import type { Transaction } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';

/**
 * A coupon's journal entry, in the transaction of the fact: its edits under « Paramètres », its
 * uses (held, applied, released) under « Factures » since they change what a family owes.
 */
export function auditCoupon(
  tx: Transaction,
  acting: ActingMember,
  action: string,
  couponId: string,
  details: Record<string, unknown>,
  category: 'settings' | 'invoice' = 'settings',
) {
  return recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action,
    resourceType: 'coupon',
    resourceId: couponId,
    category,
    details,
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
}
