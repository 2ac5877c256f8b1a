import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { MemberDirectory } from '../access';
import { memberships, roles } from '../access/access.tables';
import { invitations, users } from './auth.tables';
import { sameSchool } from '../../platform/db/tenant-join';

/**
 * The members screen's reads (access's `MemberDirectory` port, handed over by app.ts): access's
 * memberships and roles joined read-only to the accounts, to search and sort by name and e-mail
 * in SQL — see docs/architecture.md.
 */
const joinRole = () => sameSchool(roles, roles.id, memberships, memberships.roleId);

const person = { id: users.id, name: users.name, email: users.email, avatarPath: users.avatarPath };

const findMemberPage: MemberDirectory['findMemberPage'] = async (db, organizationId, query) => {
  const conditions: SQL[] = [eq(memberships.organizationId, organizationId)];
  if (query.status) conditions.push(eq(memberships.status, query.status));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${users.name} ilike ${pattern} or ${users.email} ilike ${pattern})`);
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ membership: memberships, role: { id: roles.id, name: roles.name }, user: person })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(roles, joinRole())
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
};

const findMembership: MemberDirectory['findMembership'] = async (db, organizationId, userId) => {
  const [row] = await db
    .select({ membership: memberships, role: roles, memberName: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, joinRole())
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row;
};

/**
 * The school's staff seats taken: active members, and invited ones whose invitation is still
 * pending (not accepted, not expired) — what a plan's user limit counts.
 */
const countSeatsTaken: MemberDirectory['countSeatsTaken'] = async (db, organizationId) => {
  const [row] = await db
    .select({ total: count() })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        sql`(${memberships.status} = 'active' or (${memberships.status} = 'invited' and exists (
          select 1 from ${invitations}
          where ${invitations.organizationId} = ${memberships.organizationId}
            and ${invitations.userId} = ${memberships.userId}
            and ${invitations.acceptedAt} is null
            and ${invitations.expiresAt} > now())))`,
      ),
    );
  return row?.total ?? 0;
};

/** The school's active Super administrations, with their e-mail (who hears of a bank change). */
export async function findActiveSuperAdmins(
  db: DbOrTx,
  organizationId: string,
): Promise<{ userId: string; name: string; email: string }[]> {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(roles, joinRole())
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
        eq(roles.key, 'super_admin'),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

export const memberDirectory: MemberDirectory = {
  findMemberPage,
  findMembership,
  countSeatsTaken,
};

export { countSeatsTaken };
