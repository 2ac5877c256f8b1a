import type { OperatorSessionResponse } from '@ecolage/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../platform/db/database';
import { ACCESS_TOKEN_SECONDS, signAccessToken, type AccessTokenKeys } from './access-token';
import { insertRefreshToken } from './auth.repository';
import type { User } from './auth.tables';
import {
  REFRESH_TOKEN_DAYS,
  avatarUrl,
  hashRefreshToken,
  schoolsOfUser,
  type AuthContext,
} from './session';

export interface IssuedOperatorSession {
  session: OperatorSessionResponse;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/**
 * Opens (or continues, with `familyId`) the session of a platform operator without a school: a
 * refresh token row with no school and an access token without `org` (school routes refuse it,
 * OPERATOR_NO_SCHOOL). Undefined when the account is not (or no longer) an operator.
 */
export async function issueOperatorSession(
  db: DbOrTx,
  keys: AccessTokenKeys,
  input: { user: User; familyId?: string },
  context: AuthContext,
): Promise<IssuedOperatorSession | undefined> {
  const { user } = input;
  if (user.platformRole !== 'operator') return undefined;
  const refreshToken = randomBytes(32).toString('base64url');
  const refreshExpiresAt = new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000);
  await insertRefreshToken(db, {
    userId: user.id,
    organizationId: null,
    familyId: input.familyId ?? randomUUID(),
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: refreshExpiresAt,
    ip: context.ip,
    userAgent: context.userAgent,
  });
  const accessToken = await signAccessToken(keys, {
    sub: user.id,
    name: user.name,
    plat: 'operator',
  });
  // Schools they may also work in (none at login; one may have invited them since).
  const { memberships } = await schoolsOfUser(db, user.id);
  return {
    refreshToken,
    refreshExpiresAt,
    session: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      user: { id: user.id, name: user.name, email: user.email, avatarUrl: avatarUrl(user) },
      platformRole: 'operator',
      organization: null,
      memberships,
    },
  };
}
