import { systemRoles, type Permission } from '@ecolage/contracts';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import { recordAuditEntry, type AuditEntryInput } from '../audit';
import {
  findMemberAccess,
  findRoleByKey,
  insertMembership,
  insertRoles,
  listActiveMembershipsOfUser,
  touchLastLogin,
} from './access.repository';
import type { Membership, Role } from './access.tables';

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
    details: { member: input.userLabel, role: role.name },
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
