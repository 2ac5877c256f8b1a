import type { Permission, SessionResponse } from '@ecolage/contracts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../platform/db/database';
import { getMemberAccess, listSchoolsOfUser } from '../access';
import { findOrganizationsByIds } from '../organizations';
import { ACCESS_TOKEN_SECONDS, signAccessToken, type AccessTokenKeys } from './access-token';
import { findUserById, insertRefreshToken } from './auth.repository';
import type { User } from './auth.tables';

export const REFRESH_TOKEN_DAYS = 30;

export interface AuthContext {
  ip: string | null;
  userAgent: string | null;
}

export interface IssuedSession {
  session: SessionResponse;
  /** The raw refresh token, for the httpOnly cookie; only its hash is stored. */
  refreshToken: string;
  refreshExpiresAt: Date;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function avatarUrl(user: Pick<User, 'avatarPath'>): string | null {
  return user.avatarPath ? `/api/avatars/${user.avatarPath}` : null;
}

/** The schools where `user` is a member, as the session lists them (and by id). */
export async function schoolsOfUser(db: DbOrTx, userId: string) {
  const schools = await listSchoolsOfUser(db, userId);
  const organizations = await findOrganizationsByIds(
    db,
    schools.map((school) => school.organizationId),
  );
  const byId = new Map(organizations.map((organization) => [organization.id, organization]));
  const memberships = schools.flatMap((school) => {
    const organization = byId.get(school.organizationId);
    return organization
      ? [
          {
            organizationId: organization.id,
            organizationName: organization.name,
            organizationSlug: organization.slug,
            roleName: school.roleName,
          },
        ]
      : [];
  });
  return { byId, memberships };
}

/** What the web app keeps of a session, without the tokens (also `GET /api/auth/me`). */
export async function describeSession(
  db: DbOrTx,
  user: User,
  organizationId: string,
): Promise<
  | {
      describe: Omit<SessionResponse, 'access_token' | 'token_type' | 'expires_in'>;
      roleId: string;
    }
  | undefined
> {
  const access = await getMemberAccess(db, organizationId, user.id);
  if (!access || access.status !== 'active') return undefined;
  const { byId, memberships } = await schoolsOfUser(db, user.id);
  const current = byId.get(organizationId);
  if (!current) return undefined;
  return {
    roleId: access.role.id,
    describe: {
      user: { id: user.id, name: user.name, email: user.email, avatarUrl: avatarUrl(user) },
      organization: { id: current.id, name: current.name, slug: current.slug },
      role: { id: access.role.id, name: access.role.name },
      permissions: access.permissions as Permission[],
      ...(user.platformRole === 'operator' ? { platformRole: 'operator' as const } : {}),
      memberships,
    },
  };
}

/**
 * Opens (or continues, with `familyId`) a session of `user` in a school where they are an active
 * member: a refresh token row and a signed access token. Returns undefined when they are not.
 */
export async function issueSession(
  db: DbOrTx,
  keys: AccessTokenKeys,
  input: { user: User; organizationId: string; familyId?: string },
  context: AuthContext,
): Promise<IssuedSession | undefined> {
  const { user, organizationId } = input;
  const described = await describeSession(db, user, organizationId);
  if (!described) return undefined;

  const refreshToken = randomBytes(32).toString('base64url');
  const refreshExpiresAt = new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000);
  await insertRefreshToken(db, {
    userId: user.id,
    organizationId,
    familyId: input.familyId ?? randomUUID(),
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: refreshExpiresAt,
    ip: context.ip,
    userAgent: context.userAgent,
  });
  const accessToken = await signAccessToken(keys, {
    sub: user.id,
    org: organizationId,
    role: described.roleId,
    name: user.name,
    ...(user.platformRole === 'operator' ? { plat: 'operator' as const } : {}),
  });
  return {
    refreshToken,
    refreshExpiresAt,
    session: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      ...described.describe,
    },
  };
}

/** The session of a signed-in member, without tokens; undefined once they lost access. */
export async function getCurrentSession(db: DbOrTx, userId: string, organizationId: string) {
  const user = await findUserById(db, userId);
  return user ? (await describeSession(db, user, organizationId))?.describe : undefined;
}
