import { systemRoles, type Permission } from '@ecolage/contracts';
import { notFound, domainError } from '../../platform/errors';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import { recordAuditEntry, type AuditEntryInput } from '../audit';
import {
  findMemberAccess,
  findRoleById,
  findRoleByKey,
  insertMembership,
  setMembershipStatus,
  deactivateMembershipsOfUser,
  insertRoles,
  listActiveMembershipsOfUser,
  touchLastLogin,
} from './access.repository';
import type { Membership, Role } from './access.tables';
import { grantsOf, requireHeld } from './role-grants';
import { countOtherActiveSuperAdmins } from './team.repository';

/** What a member may do in a school, as the HTTP layer needs it on every request. */
export interface MemberAccess {
  organizationId: string;
  userId: string;
  status: Membership['status'];
  role: Pick<Role, 'id' | 'name' | 'key'>;
  permissions: Permission[];
}

/** Gives a new school its seven system roles (Super administration … Lecteur). */
export async function createSystemRoles(tx: Transaction, organizationId: string): Promise<Role[]> {
  return insertRoles(
    tx,
    organizationId,
    systemRoles.map((role) => ({
      key: role.key,
      name: role.name,
      description: role.description,
      permissions: [...role.permissions],
    })),
  );
}

/** Adds the system roles a school lacks (older schools, the demo seed); idempotent. */
export async function ensureSystemRoles(tx: Transaction, organizationId: string): Promise<void> {
  for (const role of systemRoles) {
    if (await findRoleByKey(tx, organizationId, role.key)) continue;
    await insertRoles(tx, organizationId, [
      {
        key: role.key,
        name: role.name,
        description: role.description,
        permissions: [...role.permissions],
      },
    ]);
  }
}

/** True when the user already belongs to the school, whatever the status. */
export async function isMember(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  return (await findMemberAccess(db, organizationId, userId)) !== undefined;
}

/** Adds a user to a school with a system role, journaled in the school's chain. */
export async function addMemberWithSystemRole(
  tx: Transaction,
  input: { organizationId: string; userId: string; roleKey: string; userLabel: string },
  context: { actor: AuditEntryInput['actor']; ip: string | null },
): Promise<Membership> {
  const role = await findRoleByKey(tx, input.organizationId, input.roleKey);
  if (!role) throw new Error(`system role ${input.roleKey} missing`);
  const membership = await insertMembership(tx, {
    organizationId: input.organizationId,
    userId: input.userId,
    roleId: role.id,
    status: 'active',
  });
  await recordAuditEntry(tx, {
    organizationId: input.organizationId,
    actor: context.actor,
    action: 'member.added',
    resourceType: 'member',
    resourceId: input.userId,
    category: 'user',
    details: { membre: input.userLabel, rôle: role.name },
    ip: context.ip,
  });
  return membership;
}

/** The member's access in a school, or undefined when they are not (or no longer) a member. */
export async function getMemberAccess(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<MemberAccess | undefined> {
  const row = await findMemberAccess(db, organizationId, userId);
  if (!row) return undefined;
  return {
    organizationId,
    userId,
    status: row.membership.status,
    role: { id: row.role.id, name: row.role.name, key: row.role.key },
    permissions: row.role.permissions as Permission[],
  };
}

/** Active memberships of a user, most recently used school first. */
export async function listSchoolsOfUser(db: DbOrTx, userId: string) {
  const rows = await listActiveMembershipsOfUser(db, userId);
  return rows.map((row) => ({
    organizationId: row.membership.organizationId,
    roleId: row.role.id,
    roleName: row.role.name,
  }));
}

export { touchLastLogin as recordLogin };

/**
 * Adds an invited person to a school with one of its roles (status `invited` until they accept).
 * 404 for a role of another school, 403 for a role beyond the inviter's own, 409 when they already
 * belong to the school.
 */
export async function addInvitedMember(
  tx: Transaction,
  input: { organizationId: string; userId: string; roleId: string; userLabel: string },
  context: { actor: AuditEntryInput['actor']; ip: string | null; userAgent: string | null },
): Promise<{ roleName: string }> {
  const role = await findRoleById(tx, input.organizationId, input.roleId);
  if (!role) throw notFound('ROLE_NOT_FOUND');
  const grants = await grantsOf(tx, input.organizationId, context.actor);
  requireHeld(grants, role.permissions, 'ROLE_BEYOND_YOURS');
  if (await findMemberAccess(tx, input.organizationId, input.userId)) {
    throw domainError('ALREADY_MEMBER', {}, { field: 'email' });
  }
  await insertMembership(tx, { ...input, status: 'invited' });
  await recordAuditEntry(tx, {
    organizationId: input.organizationId,
    actor: context.actor,
    action: 'member.invited',
    resourceType: 'member',
    resourceId: input.userId,
    category: 'user',
    details: { membre: input.userLabel, rôle: role.name },
    ip: context.ip,
    userAgent: context.userAgent,
  });
  return { roleName: role.name };
}

/** Turns an accepted invitation's membership active. */
export async function activateInvitedMember(
  tx: Transaction,
  organizationId: string,
  userId: string,
): Promise<void> {
  await setMembershipStatus(tx, organizationId, userId, 'active');
}

/** Schools where this user is the only active Super administration (they cannot leave them). */
export async function schoolsWhereLastSuperAdmin(db: DbOrTx, userId: string): Promise<string[]> {
  const schools = await listActiveMembershipsOfUser(db, userId);
  const result: string[] = [];
  for (const { membership, role } of schools) {
    if (role.key !== 'super_admin') continue;
    if ((await countOtherActiveSuperAdmins(db, membership.organizationId, userId)) === 0) {
      result.push(membership.organizationId);
    }
  }
  return result;
}

/** Takes a departing user out of every school (account deletion). */
export async function deactivateAllMemberships(tx: Transaction, userId: string): Promise<void> {
  await deactivateMembershipsOfUser(tx, userId);
}
