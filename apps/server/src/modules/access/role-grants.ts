import type { DomainErrorCode } from '@ecolage/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { domainError } from '../../platform/errors';
import type { AuditEntryInput } from '../audit';
import { findMemberAccess } from './access.repository';

/**
 * What the one who acts may hand out: the permissions of his own role, read in the caller's
 * transaction; everything for the system (sign-up, the demo seed). A member gives only a role
 * whose permissions are all his own, and grants a role only permissions he holds: no one climbs
 * above his own role, whatever the way a role is given.
 */
export type Grants = { all: true } | { all: false; held: ReadonlySet<string> };

export async function grantsOf(
  db: DbOrTx,
  organizationId: string,
  actor: AuditEntryInput['actor'],
): Promise<Grants> {
  if (actor.type === 'system') return { all: true };
  if (actor.type !== 'user') return { all: false, held: new Set() };
  const access = await findMemberAccess(db, organizationId, actor.userId);
  const active = access?.membership.status === 'active';
  return { all: false, held: new Set(active ? access.role.permissions : []) };
}

/** True when every permission is held. */
export function holdsAll(grants: Grants, permissions: readonly string[]): boolean {
  return grants.all || permissions.every((permission) => grants.held.has(permission));
}

/** A refusal of a grant beyond the giver's own permissions. */
export type BeyondYours = Extract<DomainErrorCode, `${string}_BEYOND_YOURS`>;

/** 403 with the code `refusal` unless every permission is held. */
export function requireHeld(grants: Grants, permissions: readonly string[], refusal: BeyondYours) {
  if (!holdsAll(grants, permissions)) throw domainError(refusal);
}
