import type { Permission } from '@ecolage/contracts';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { sameSchool } from '../../platform/db/tenant-join';
import { memberships, roles } from '../access/access.tables';
import { users } from '../auth/auth.tables';
import {
  memberNotificationPreferences,
  type MemberNotificationPreferencesRow,
} from './notifications.tables';

/**
 * Who may hear of a thing (named read, docs/architecture.md): access's memberships and roles and
 * auth's accounts joined read-only to the members' notification settings. A recipient is an active
 * member, whose account is not deleted, whose role holds one of the permissions asked (or is one of
 * the roles asked), with their settings (null = no row: the defaults).
 */
export interface StaffRecipient {
  userId: string;
  name: string;
  loginEmail: string;
  preferences: MemberNotificationPreferencesRow | null;
}

export interface RecipientFilter {
  /** Any of these permissions (a role holding one is enough). */
  permissions?: readonly Permission[];
  /** Only members of these roles (automations' staff action). */
  roleIds?: readonly string[];
  /** Only these members (the weekly summary's batch). */
  userIds?: readonly string[];
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findStaffRecipients(
  db: DbOrTx,
  organizationId: string,
  filter: RecipientFilter,
): Promise<StaffRecipient[]> {
  const conditions: SQL[] = [
    eq(memberships.organizationId, organizationId),
    eq(memberships.status, 'active'),
    isNull(users.deletedAt),
  ];
  if (filter.permissions?.length) {
    const wanted = sql.join(
      filter.permissions.map((permission) => sql`${permission}`),
      sql`, `,
    );
    conditions.push(sql`${roles.permissions} && array[${wanted}]::text[]`);
  }
  if (filter.roleIds) {
    const ids = filter.roleIds.filter((id) => uuidPattern.test(id));
    if (ids.length === 0) return [];
    conditions.push(inArray(memberships.roleId, ids));
  }
  if (filter.userIds) {
    if (filter.userIds.length === 0) return [];
    conditions.push(inArray(memberships.userId, [...filter.userIds]));
  }
  const rows = await db
    .select({
      userId: memberships.userId,
      name: users.name,
      loginEmail: users.email,
      preferences: memberNotificationPreferences,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, sameSchool(roles, roles.id, memberships, memberships.roleId))
    .leftJoin(
      memberNotificationPreferences,
      sameSchool(
        memberNotificationPreferences,
        memberNotificationPreferences.userId,
        memberships,
        memberships.userId,
      ),
    )
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(memberships.userId));
  return rows;
}

/** One member of the school (any status) with their login e-mail and settings; undefined if none. */
export async function findMemberWithPreferences(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<StaffRecipient | undefined> {
  const [row] = await db
    .select({
      userId: memberships.userId,
      name: users.name,
      loginEmail: users.email,
      preferences: memberNotificationPreferences,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      memberNotificationPreferences,
      sameSchool(
        memberNotificationPreferences,
        memberNotificationPreferences.userId,
        memberships,
        memberships.userId,
      ),
    )
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row;
}
