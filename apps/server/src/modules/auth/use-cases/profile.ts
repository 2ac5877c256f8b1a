import type { Profile } from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../../platform/db/database';
import { isUniqueViolation } from '../../../platform/db/errors';
import { domainError } from '../../../platform/errors';
import { saveUpload, type FileStorage } from '../../../platform/storage';
import { deactivateAllMemberships, schoolsWhereLastSuperAdmin } from '../../access';
import { recordAuditEntry } from '../../audit';
import { findRefreshToken, findUserById, revokeUserSessions, updateUser } from '../auth.repository';
import type { User } from '../auth.tables';
import { decodeAvatar } from '../avatar';
import { hashPassword, verifyPassword } from '../password';
import { avatarUrl, hashRefreshToken } from '../session';

/** Who is acting, in which school (profile changes are journaled in the current school's chain). */
export interface ProfileContext {
  userId: string;
  organizationId: string;
  ip: string | null;
  userAgent: string | null;
  /** The refresh cookie of this browser: its session survives a password change. */
  refreshToken?: string;
}

const toProfile = (user: User): Profile => ({
  name: user.name,
  email: user.email,
  avatarUrl: avatarUrl(user),
});

async function currentUser(db: DbOrTx, userId: string): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw domainError('SESSION_EXPIRED');
  return user;
}

async function requirePassword(user: User, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw domainError('WRONG_PASSWORD', {}, { field: 'password' });
  }
}

function journal(
  tx: Transaction,
  context: ProfileContext,
  user: User,
  action: string,
  details = {},
) {
  return recordAuditEntry(tx, {
    organizationId: context.organizationId,
    actor: { type: 'user', userId: user.id, label: user.name },
    action,
    resourceType: 'user',
    resourceId: user.id,
    category: 'user',
    details,
    ip: context.ip,
    userAgent: context.userAgent,
  });
}

export async function getProfile(db: DbOrTx, userId: string): Promise<Profile> {
  return toProfile(await currentUser(db, userId));
}

export async function renameProfile(
  db: Database,
  context: ProfileContext,
  name: string,
): Promise<Profile> {
  return db.transaction(async (tx) => {
    const user = await currentUser(tx, context.userId);
    if (user.name === name) throw domainError('SAME_NAME', {}, { field: 'name' });
    const updated = await updateUser(tx, user.id, { name });
    await journal(tx, context, user, 'profile.renamed', { avant: user.name, après: name });
    return toProfile(updated ?? user);
  });
}

/** Replaces (or, with `null`, removes) the avatar; the image is checked by its magic bytes. */
export async function setAvatar(
  db: Database,
  files: FileStorage,
  context: ProfileContext,
  dataUrl: string | null,
): Promise<Profile> {
  const avatar = dataUrl ? decodeAvatar(dataUrl) : undefined;
  const avatarPath = avatar
    ? await saveUpload(files, 'avatars', avatar.bytes, avatar.format.extension)
    : null;
  return db.transaction(async (tx) => {
    const user = await currentUser(tx, context.userId);
    const updated = await updateUser(tx, user.id, { avatarPath });
    await journal(
      tx,
      context,
      user,
      avatarPath ? 'profile.avatar_changed' : 'profile.avatar_removed',
    );
    return toProfile(updated ?? user);
  });
}

/** Changes the sign-in e-mail; needs the password, and the address must be free. */
export async function changeEmail(
  db: Database,
  context: ProfileContext,
  request: { email: string; password: string },
): Promise<Profile> {
  const user = await currentUser(db, context.userId);
  if (user.email.toLowerCase() === request.email) {
    throw domainError('SAME_EMAIL', {}, { field: 'email' });
  }
  await requirePassword(user, request.password);
  try {
    return await db.transaction(async (tx) => {
      const updated = await updateUser(tx, user.id, { email: request.email });
      await journal(tx, context, user, 'profile.email_changed', {
        avant: user.email,
        après: request.email,
      });
      return toProfile(updated ?? user);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw domainError('EMAIL_TAKEN', {}, { field: 'email' });
  }
}

/** Changes the password and closes every other session of the account. */
export async function changePassword(
  db: Database,
  context: ProfileContext,
  request: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await currentUser(db, context.userId);
  if (!(await verifyPassword(user.passwordHash, request.currentPassword))) {
    throw domainError('WRONG_PASSWORD', {}, { field: 'currentPassword' });
  }
  const passwordHash = await hashPassword(request.newPassword);
  await db.transaction(async (tx) => {
    const current = context.refreshToken
      ? await findRefreshToken(tx, hashRefreshToken(context.refreshToken))
      : undefined;
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserSessions(
      tx,
      user.id,
      current?.userId === user.id ? current.familyId : undefined,
    );
    await journal(tx, context, user, 'profile.password_changed');
  });
}

/**
 * Deletes one's own account: refused for the last Super administration of a school. The row is
 * kept (the journal and payments refer to it) but emptied of personal data, every membership is
 * deactivated and every session ended.
 */
export async function deleteAccount(
  db: Database,
  context: ProfileContext,
  password: string,
): Promise<void> {
  const user = await currentUser(db, context.userId);
  await requirePassword(user, password);
  await db.transaction(async (tx) => {
    if ((await schoolsWhereLastSuperAdmin(tx, user.id)).length > 0) {
      throw domainError('LAST_SUPER_ADMIN_ACCOUNT');
    }
    await journal(tx, context, user, 'account.deleted');
    await updateUser(tx, user.id, {
      name: 'Compte supprimé',
      email: `supprime+${user.id}@ecolage.invalid`,
      passwordHash: '',
      avatarPath: null,
      deletedAt: new Date(),
    });
    await deactivateAllMemberships(tx, user.id);
    await revokeUserSessions(tx, user.id);
  });
}

/** The member's own back-office theme; null = the school's default. Not journaled: a taste. */
export async function setThemePreference(
  db: Database,
  userId: string,
  theme: 'light' | 'dark' | null,
): Promise<{ theme: 'light' | 'dark' | null }> {
  const updated = await updateUser(db, userId, { themePreference: theme });
  if (!updated) throw domainError('SESSION_EXPIRED');
  return { theme: updated.themePreference };
}

export async function getThemePreference(
  db: DbOrTx,
  userId: string,
): Promise<'light' | 'dark' | null> {
  return (await findUserById(db, userId))?.themePreference ?? null;
}
