import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { memberships, roles, type Membership, type Role } from './access.tables';
import { sameSchool } from '../../platform/db/tenant-join';

/** Serialises changes to a school's members (the last-Super-administration rule needs it). */
export async function lockSchoolMembers(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`members:${organizationId}`}))`);
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
    .innerJoin(roles, sameSchool(roles, roles.id, memberships, memberships.roleId))
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
