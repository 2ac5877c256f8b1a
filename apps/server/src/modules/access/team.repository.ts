import type { MemberListQuery } from '@ecolage/contracts';
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { users } from '../auth/auth.tables';
import { memberships, roles, type Membership, type Role } from './access.tables';

/**
 * The members screen's query. Reporting query: it reads `users` (name, e-mail, avatar) of the auth
 * module read-only, to search and sort on the server — see docs/architecture.md.
 */
export async function findMemberPage(db: DbOrTx, organizationId: string, query: MemberListQuery) {
  const conditions: SQL[] = [eq(memberships.organizationId, organizationId)];
  if (query.status) conditions.push(eq(memberships.status, query.status));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${users.name} ilike ${pattern} or ${users.email} ilike ${pattern})`);
  }
  const where = and(...conditions);
  const joinRole = and(
    eq(roles.organizationId, memberships.organizationId),
    eq(roles.id, memberships.roleId),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ membership: memberships, role: { id: roles.id, name: roles.name }, user: users })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(roles, joinRole)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Serialises changes to a school's members (the last-Super-administration rule needs it). */
export async function lockSchoolMembers(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`members:${organizationId}`}))`);
}

export async function findMembership(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<{ membership: Membership; role: Role; memberName: string } | undefined> {
  const [row] = await db
    .select({ membership: memberships, role: roles, memberName: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(
      roles,
      and(eq(roles.organizationId, memberships.organizationId), eq(roles.id, memberships.roleId)),
    )
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row;
}

/** Active members holding the Super administration role, other than `exceptUserId`. */
export async function countOtherActiveSuperAdmins(
  db: DbOrTx,
  organizationId: string,
  exceptUserId: string,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(memberships)
    .innerJoin(
      roles,
      and(eq(roles.organizationId, memberships.organizationId), eq(roles.id, memberships.roleId)),
    )
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(roles.key, 'super_admin'),
        eq(memberships.status, 'active'),
        ne(memberships.userId, exceptUserId),
      ),
    );
  return row?.total ?? 0;
}

export async function updateMembership(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  values: Partial<Pick<Membership, 'roleId' | 'status'>>,
): Promise<void> {
  await db
    .update(memberships)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export function findRoles(db: DbOrTx, organizationId: string): Promise<Role[]> {
  return db
    .select()
    .from(roles)
    .where(eq(roles.organizationId, organizationId))
    .orderBy(asc(roles.createdAt), asc(roles.name));
}

export async function updateRoleRow(
  db: DbOrTx,
  organizationId: string,
  roleId: string,
  values: Partial<Pick<Role, 'name' | 'description' | 'permissions'>>,
): Promise<Role | undefined> {
  const [row] = await db
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)))
    .returning();
  return row;
}

export async function deleteRoleRow(
  db: DbOrTx,
  organizationId: string,
  roleId: string,
): Promise<void> {
  await db.delete(roles).where(and(eq(roles.organizationId, organizationId), eq(roles.id, roleId)));
}
