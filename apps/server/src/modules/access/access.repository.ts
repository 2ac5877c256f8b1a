import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { memberships, roles, type Membership, type Role } from './access.tables';
import { sameSchool } from '../../platform/db/tenant-join';

export async function insertRoles(
  db: DbOrTx,
  organizationId: string,
  values: { key: string | null; name: string; description: string; permissions: string[] }[],
): Promise<Role[]> {
  return db
    .insert(roles)
    .values(values.map((role) => ({ ...role, organizationId })))
    .returning();
}

export async function findRoleByKey(
  db: DbOrTx,
  organizationId: string,
  key: string,
): Promise<Role | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.key, key)));
  return row;
}

export async function insertMembership(
  db: DbOrTx,
  values: { organizationId: string; userId: string; roleId: string; status: Membership['status'] },
): Promise<Membership> {
  const [row] = await db.insert(memberships).values(values).returning();
  if (!row) throw new Error('membership not inserted');
  return row;
}

/** A member and their role in one school, whatever the status. */
export async function findMemberAccess(db: DbOrTx, organizationId: string, userId: string) {
  const [row] = await db
    .select({ membership: memberships, role: roles })
    .from(memberships)
    .innerJoin(roles, sameSchool(roles, roles.id, memberships, memberships.roleId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row;
}

/** A user's active memberships in every school, most recently used first. */
export async function listActiveMembershipsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({ membership: memberships, role: roles })
    .from(memberships)
    .innerJoin(roles, sameSchool(roles, roles.id, memberships, memberships.roleId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(sql`${memberships.lastLoginAt} desc nulls last`, memberships.createdAt);
}

export async function touchLastLogin(db: DbOrTx, organizationId: string, userId: string) {
  await db
    .update(memberships)
    .set({ lastLoginAt: new Date() })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function countMembersByRole(db: DbOrTx, organizationId: string, roleIds: string[]) {
  if (roleIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ roleId: memberships.roleId, count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(eq(memberships.organizationId, organizationId), inArray(memberships.roleId, roleIds)),
    )
    .groupBy(memberships.roleId);
  return new Map(rows.map((row) => [row.roleId, row.count]));
}

export async function findRoleById(
  db: DbOrTx,
  organizationId: string,
  roleId: string,
): Promise<Role | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)));
  return row;
}

export async function setMembershipStatus(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  status: Membership['status'],
): Promise<void> {
  await db
    .update(memberships)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function deactivateMembershipsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(memberships)
    .set({ status: 'inactive', updatedAt: new Date() })
    .where(eq(memberships.userId, userId));
}

/** A school's active members (the journal's counters). */
export async function countActiveMembers(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'active')));
  return row?.total ?? 0;
}
