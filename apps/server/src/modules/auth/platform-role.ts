import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../platform/db/database';
import { recordAuditEntry } from '../audit';
import { users } from './auth.tables';

/**
 * The platform role of an account (`users.platform_role`): 'operator' for Écolage's own staff,
 * who open the operator console. Never a school role: a school member may hold it or not, and an
 * operator needs no membership. Given and taken only by `npm run operator:grant|revoke` (and the
 * demo seed), journaled in the platform's chain.
 */
export type PlatformRoleValue = 'operator';

/** The account's platform role, read on every operator request (a revocation takes effect at once). */
export async function findPlatformRole(
  db: DbOrTx,
  userId: string,
): Promise<PlatformRoleValue | null> {
  const [row] = await db
    .select({ role: users.platformRole })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.role ?? null;
}

export type PlatformRoleChange =
  | { outcome: 'granted' | 'revoked' | 'unchanged'; userId: string; name: string }
  | { outcome: 'unknown_account' };

/**
 * Gives (or takes away) the operator role of the account of this e-mail, with its journal entry
 * in the platform's chain. An unknown or deleted account changes nothing.
 */
export async function changePlatformRole(
  tx: Transaction,
  email: string,
  role: PlatformRoleValue | null,
  actorLabel: string,
): Promise<PlatformRoleChange> {
  const [user] = await tx
    .select({ id: users.id, name: users.name, role: users.platformRole })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, isNull(users.deletedAt)))
    .for('update');
  if (!user) return { outcome: 'unknown_account' };
  if (user.role === role) return { outcome: 'unchanged', userId: user.id, name: user.name };
  await tx
    .update(users)
    .set({ platformRole: role, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  // Their open sessions keep working until their access token expires (15 min) on school routes;
  // operator routes read the role on each request, so a revocation is immediate there.
  await recordAuditEntry(tx, {
    organizationId: null,
    actor: { type: 'system', label: actorLabel },
    action: role ? 'platform.operator_granted' : 'platform.operator_revoked',
    resourceType: 'user',
    resourceId: user.id,
    category: 'user',
  });
  return { outcome: role ? 'granted' : 'revoked', userId: user.id, name: user.name };
}
