import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import {
  invitations,
  loginThrottles,
  passwordResets,
  refreshTokens,
  users,
  type Invitation,
  type LoginThrottle,
  type PasswordReset,
  type RefreshToken,
  type User,
} from './auth.tables';

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function findUsersByIds(db: DbOrTx, ids: string[]): Promise<User[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Inserts an account; undefined when the e-mail (any case) is already taken. */
export async function insertUser(
  db: DbOrTx,
  values: { email: string; passwordHash: string; name: string; avatarPath?: string | null },
): Promise<User | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: Omit<RefreshToken, 'id' | 'createdAt' | 'usedAt' | 'revokedAt'>,
): Promise<RefreshToken> {
  const [row] = await db.insert(refreshTokens).values(values).returning();
  if (!row) throw new Error('refresh token not inserted');
  return row;
}

/** Locks the token's row so that two refreshes with the same token cannot both succeed. */
export async function findRefreshTokenForUpdate(
  db: DbOrTx,
  tokenHash: string,
): Promise<RefreshToken | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markRefreshTokenUsed(db: DbOrTx, id: string): Promise<void> {
  await db.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, id));
}

export async function revokeRefreshFamily(db: DbOrTx, familyId: string): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/**
 * Locks the throttle rows of these keys until the end of the transaction, creating missing ones at
 * zero failures; always in key order, so that two logins never wait on each other in a circle.
 */
export async function lockThrottles(tx: DbOrTx, keys: string[]): Promise<LoginThrottle[]> {
  const sorted = [...new Set(keys)].sort();
  // A row deleted by a successful login while we waited is skipped by the lock: insert it again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await tx
      .insert(loginThrottles)
      .values(sorted.map((key) => ({ key, failures: 0 })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(loginThrottles)
      .where(inArray(loginThrottles.key, sorted))
      .orderBy(asc(loginThrottles.key))
      .for('update');
    if (rows.length === sorted.length) return rows;
  }
  throw new Error('login throttle rows kept disappearing');
}

export async function updateThrottle(
  tx: DbOrTx,
  key: string,
  values: Pick<LoginThrottle, 'failures' | 'lockedUntil'> & { lastFailureAt?: Date },
): Promise<void> {
  await tx.update(loginThrottles).set(values).where(eq(loginThrottles.key, key));
}

export async function clearLoginFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

/** Revokes every open session of a user, but the family `exceptFamilyId` (the current one). */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  exceptFamilyId?: string,
): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (exceptFamilyId) conditions.push(sql`${refreshTokens.familyId} <> ${exceptFamilyId}`);
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

export async function updateUser(
  db: DbOrTx,
  userId: string,
  values: Partial<
    Pick<User, 'name' | 'email' | 'passwordHash' | 'avatarPath' | 'deletedAt' | 'themePreference'>
  >,
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function insertPasswordReset(
  db: DbOrTx,
  values: { userId: string; secretHash: string; expiresAt: Date },
): Promise<PasswordReset> {
  const [row] = await db.insert(passwordResets).values(values).returning();
  if (!row) throw new Error('password reset not inserted');
  return row;
}

export async function findPasswordResetForUpdate(
  db: DbOrTx,
  id: string,
): Promise<PasswordReset | undefined> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.id, id))
    .for('update');
  return row;
}

export async function markPasswordResetUsed(db: DbOrTx, id: string): Promise<void> {
  await db.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, id));
}

export async function insertInvitation(
  db: DbOrTx,
  values: Pick<Invitation, 'organizationId' | 'userId' | 'invitedBy' | 'secretHash' | 'expiresAt'>,
): Promise<Invitation> {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('invitation not inserted');
  return row;
}

export async function findInvitation(
  db: DbOrTx,
  id: string,
  forUpdate = false,
): Promise<Invitation | undefined> {
  const query = db.select().from(invitations).where(eq(invitations.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function markInvitationAccepted(db: DbOrTx, id: string): Promise<void> {
  await db.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, id));
}

export async function findRefreshToken(
  db: DbOrTx,
  tokenHash: string,
): Promise<RefreshToken | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}
