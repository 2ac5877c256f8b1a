import type { Database } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import { recordAuditEntry } from '../../audit';
import type { AccessTokenKeys } from '../access-token';
import {
  findRefreshTokenForUpdate,
  findUserById,
  markRefreshTokenUsed,
  revokeRefreshFamily,
} from '../auth.repository';
import { issueOperatorSession, type IssuedOperatorSession } from '../operator-session';
import { hashRefreshToken, issueSession, type AuthContext, type IssuedSession } from '../session';

/** How long a just-used refresh token may be presented again (lost answer on 3G). */
export const REUSE_GRACE_MS = 30_000;

const expired = () => domainError('SESSION_EXPIRED');

/**
 * Trades a refresh token for a new pair (rotation). A token presented twice was copied: the whole
 * family is revoked, the thief's session and the owner's alike, and the event is journaled.
 * `organizationId` switches the session to another school of the member.
 */
export async function refreshSession(
  db: Database,
  keys: AccessTokenKeys,
  token: string | undefined,
  context: AuthContext,
  organizationId?: string,
): Promise<IssuedSession | IssuedOperatorSession> {
  if (!token) throw expired();
  const outcome = await db.transaction(async (tx) => {
    const stored = await findRefreshTokenForUpdate(tx, hashRefreshToken(token));
    if (!stored || stored.revokedAt) return { kind: 'expired' as const };
    // A token presented again within seconds is a retry after an answer lost on a poor network:
    // answer again. Later, it can only be a copy: revoke the family.
    const retry = stored.usedAt && Date.now() - stored.usedAt.getTime() < REUSE_GRACE_MS;
    if (stored.usedAt && !retry) {
      await revokeRefreshFamily(tx, stored.familyId);
      await recordAuditEntry(tx, {
        organizationId: stored.organizationId,
        actor: { type: 'system', label: 'Sécurité des sessions' },
        action: 'auth.refresh_token_reused',
        resourceType: 'user',
        resourceId: stored.userId,
        category: 'user',
        details: { famille: stored.familyId },
        ip: context.ip,
        userAgent: context.userAgent,
      });
      return { kind: 'reused' as const };
    }
    if (stored.expiresAt.getTime() <= Date.now()) return { kind: 'expired' as const };
    const user = await findUserById(tx, stored.userId);
    if (!user) return { kind: 'expired' as const };
    const school = organizationId ?? stored.organizationId;
    // An operator's session without a school continues as one while they are still an operator.
    const issued = school
      ? await issueSession(
          tx,
          keys,
          { user, organizationId: school, familyId: stored.familyId },
          context,
        )
      : await issueOperatorSession(tx, keys, { user, familyId: stored.familyId }, context);
    // Not (or no longer) a member: nothing issued, and the presented token stays usable.
    if (!issued) return { kind: organizationId ? ('not_member' as const) : ('expired' as const) };
    if (!stored.usedAt) await markRefreshTokenUsed(tx, stored.id);
    return { kind: 'issued' as const, issued };
  });
  if (outcome.kind === 'issued') return outcome.issued;
  // Switching to a school one is not (or no longer) a member of: 404, as for any foreign record.
  if (outcome.kind === 'not_member') {
    throw domainError('SESSION_SCHOOL_NOT_FOUND');
  }
  throw expired();
}

/** Ends the session of this refresh token (its whole family). Unknown tokens are ignored. */
export async function logOut(db: Database, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.transaction(async (tx) => {
    const stored = await findRefreshTokenForUpdate(tx, hashRefreshToken(token));
    if (!stored) return;
    const revoked = await revokeRefreshFamily(tx, stored.familyId);
    if (revoked === 0) return;
    await recordAuditEntry(tx, {
      organizationId: stored.organizationId,
      actor: { type: 'user', userId: stored.userId, label: 'Membre' },
      action: 'auth.logged_out',
      resourceType: 'user',
      resourceId: stored.userId,
      category: 'user',
    });
  });
}
