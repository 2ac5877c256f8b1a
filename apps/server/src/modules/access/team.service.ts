import {
  type CreateRoleRequest,
  type MemberItem,
  type MemberListQuery,
  type Permission,
  type RoleItem,
  type UpdateMemberRequest,
  type UpdateRoleRequest,
  allPermissions,
} from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/errors';
import { notFound, domainError } from '../../platform/errors';
import { recordAuditEntry, type AuditEntryInput } from '../audit';
import { currentMemberLimit, lockSchoolRow } from '../organizations';
import { countMembersByRole, findRoleById, insertRoles } from './access.repository';
import type { Role } from './access.tables';
import type { MemberDirectory } from './member-directory';
import { grantsOf, holdsAll, requireHeld, type Grants } from './role-grants';
import {
  countOtherActiveSuperAdmins,
  deleteRoleRow,
  findRoles,
  lockSchoolMembers,
  updateMembership,
  updateRoleRow,
} from './team.repository';

export interface TeamContext {
  organizationId: string;
  actor: AuditEntryInput['actor'];
  ip: string | null;
  userAgent: string | null;
}

const roleNameTaken = () => domainError('ROLE_NAME_TAKEN', {}, { field: 'name' });

/** The members screen: search by name or e-mail, status filter, pages. */
export async function listMembers(
  db: DbOrTx,
  members: MemberDirectory,
  organizationId: string,
  query: MemberListQuery,
) {
  const { rows, total } = await members.findMemberPage(db, organizationId, query);
  const items: MemberItem[] = rows.map(({ membership, role, user }) => ({
    userId: user.id,
    name: user.name,
    email: user.email,
    avatarUrl: user.avatarPath ? `/api/avatars/${user.avatarPath}` : null,
    role,
    status: membership.status,
    lastLoginAt: membership.lastLoginAt?.toISOString() ?? null,
    since: membership.createdAt.toISOString(),
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * Changes a member's role or status. No one changes his own role, touches a member who holds
 * permissions he lacks, or gives a role beyond his own (403). The last active Super
 * administration of a school can be neither demoted nor deactivated: the school would have no one
 * left to manage it.
 */
export async function updateMember(
  db: Database,
  members: MemberDirectory,
  context: TeamContext,
  userId: string,
  change: UpdateMemberRequest,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { organizationId } = context;
    await lockSchoolMembers(tx, organizationId);
    const current = await members.findMembership(tx, organizationId, userId);
    if (!current) throw notFound('MEMBER_NOT_FOUND');
    const self = context.actor.type === 'user' && context.actor.userId === userId;
    if (change.status === 'inactive' && self) throw domainError('SELF_DEACTIVATION');
    const role = change.roleId
      ? await findRoleById(tx, organizationId, change.roleId)
      : current.role;
    if (!role) throw notFound('ROLE_NOT_FOUND');
    if (role.id !== current.role.id && self) throw domainError('OWN_ROLE');
    const grants = await grantsOf(tx, organizationId, context.actor);
    requireHeld(grants, current.role.permissions, 'MEMBER_BEYOND_YOURS');
    requireHeld(grants, role.permissions, 'ROLE_BEYOND_YOURS');
    const status = change.status ?? current.membership.status;
    const losesSuperAdmin =
      current.role.key === 'super_admin' &&
      current.membership.status === 'active' &&
      (role.key !== 'super_admin' || status !== 'active');
    if (losesSuperAdmin && (await countOtherActiveSuperAdmins(tx, organizationId, userId)) === 0) {
      throw domainError('LAST_SUPER_ADMIN');
    }
    if (status === 'active' && current.membership.status === 'inactive') {
      await requireFreeSeat(tx, members, organizationId);
    }
    await updateMembership(tx, organizationId, userId, { roleId: role.id, status });
    const audit = (action: string, details: Record<string, unknown>) =>
      recordAuditEntry(tx, {
        organizationId,
        actor: context.actor,
        action,
        resourceType: 'member',
        resourceId: userId,
        category: 'user',
        details,
        ip: context.ip,
        userAgent: context.userAgent,
      });
    if (role.id !== current.role.id) {
      await audit('member.role_changed', {
        membre: current.memberName,
        avant: current.role.name,
        après: role.name,
      });
    }
    if (status !== current.membership.status) {
      await audit(status === 'active' ? 'member.reactivated' : 'member.deactivated', {
        membre: current.memberName,
      });
    }
  });
}

/**
 * A member coming back takes a seat of the school's plan (Découverte: 5 users, invitations
 * pending included): refused when none is free. The school's row is locked first, as invitations
 * and plan changes do, so two of them cannot take the last seat together.
 */
async function requireFreeSeat(tx: Transaction, members: MemberDirectory, organizationId: string) {
  const school = await lockSchoolRow(tx, organizationId);
  const limit = await currentMemberLimit(tx, organizationId, school.plan);
  if (limit !== null && (await members.countSeatsTaken(tx, organizationId)) >= limit) {
    throw domainError('PLAN_MEMBER_LIMIT_REACHED', { limit });
  }
}

function toRoleItem(role: Role, memberCount: number, grants: Grants): RoleItem {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: role.permissions as Permission[],
    memberCount,
    system: role.key !== null,
    assignable: holdsAll(grants, role.permissions),
  };
}

/**
 * The school's roles with their real member counts, and whether the reader (`held`: his
 * permissions) may give each one.
 */
export async function listRoles(
  db: DbOrTx,
  organizationId: string,
  held: readonly Permission[],
): Promise<RoleItem[]> {
  const roles = await findRoles(db, organizationId);
  const counts = await countMembersByRole(
    db,
    organizationId,
    roles.map((role) => role.id),
  );
  const grants: Grants = { all: false, held: new Set(held) };
  return roles.map((role) => toRoleItem(role, counts.get(role.id) ?? 0, grants));
}

/** Creates a role with permissions the creator holds himself. */
export async function createRole(
  db: Database,
  context: TeamContext,
  request: CreateRoleRequest,
): Promise<RoleItem> {
  try {
    return await db.transaction(async (tx) => {
      const grants = await grantsOf(tx, context.organizationId, context.actor);
      requireHeld(grants, request.permissions, 'PERMISSIONS_BEYOND_YOURS');
      const [role] = await insertRoles(tx, context.organizationId, [
        {
          key: null,
          name: request.name,
          description: request.description,
          permissions: [...new Set(request.permissions)],
        },
      ]);
      if (!role) throw new Error('role not inserted');
      await recordAuditEntry(tx, {
        organizationId: context.organizationId,
        actor: context.actor,
        action: 'role.created',
        resourceType: 'role',
        resourceId: role.id,
        category: 'user',
        details: { nom: role.name, permissions: role.permissions },
        ip: context.ip,
        userAgent: context.userAgent,
      });
      return toRoleItem(role, 0, grants);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw roleNameTaken();
    throw error;
  }
}

/** Edits a role; the permissions it adds must be the editor's own. */
export async function updateRole(
  db: Database,
  context: TeamContext,
  roleId: string,
  request: UpdateRoleRequest,
): Promise<RoleItem> {
  try {
    return await db.transaction(async (tx) => {
      const role = await findRoleById(tx, context.organizationId, roleId);
      if (!role) throw notFound('ROLE_NOT_FOUND');
      const permissions = request.permissions ? [...new Set(request.permissions)] : undefined;
      if (
        role.key === 'super_admin' &&
        permissions &&
        permissions.length !== allPermissions.length
      ) {
        throw domainError('SUPER_ADMIN_PERMISSIONS');
      }
      // What the edit adds must be the editor's own; taking a permission away gives nothing.
      const grants = await grantsOf(tx, context.organizationId, context.actor);
      const added = (permissions ?? []).filter(
        (permission) => !role.permissions.includes(permission),
      );
      requireHeld(grants, added, 'PERMISSIONS_BEYOND_YOURS');
      const updated = await updateRoleRow(tx, context.organizationId, roleId, {
        name: request.name,
        description: request.description,
        permissions,
      });
      if (!updated) throw notFound('ROLE_NOT_FOUND');
      await recordAuditEntry(tx, {
        organizationId: context.organizationId,
        actor: context.actor,
        action: 'role.updated',
        resourceType: 'role',
        resourceId: role.id,
        category: 'user',
        details: {
          avant: { nom: role.name, permissions: role.permissions },
          après: { nom: updated.name, permissions: updated.permissions },
        },
        ip: context.ip,
        userAgent: context.userAgent,
      });
      const counts = await countMembersByRole(tx, context.organizationId, [role.id]);
      return toRoleItem(updated, counts.get(role.id) ?? 0, grants);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw roleNameTaken();
    throw error;
  }
}

/** Deletes a role the school created, once no member holds it. */
export async function deleteRole(
  db: Database,
  context: TeamContext,
  roleId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSchoolMembers(tx, context.organizationId);
    const role = await findRoleById(tx, context.organizationId, roleId);
    if (!role) throw notFound('ROLE_NOT_FOUND');
    if (role.key !== null) throw domainError('SYSTEM_ROLE');
    const counts = await countMembersByRole(tx, context.organizationId, [role.id]);
    if ((counts.get(role.id) ?? 0) > 0) throw domainError('ROLE_IN_USE');
    await deleteRoleRow(tx, context.organizationId, roleId);
    await recordAuditEntry(tx, {
      organizationId: context.organizationId,
      actor: context.actor,
      action: 'role.deleted',
      resourceType: 'role',
      resourceId: role.id,
      category: 'user',
      details: { nom: role.name },
      ip: context.ip,
      userAgent: context.userAgent,
    });
  });
}
