import type { PasswordResetConfirm } from '@ecolage/contracts';
import type { Database } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import { listSchoolsOfUser } from '../../access';
import { recordAuditEntry } from '../../audit';
import { queueEmail, type OutboundMessage } from '../../messaging';
import {
  findPasswordResetForUpdate,
  findUserByEmail,
  findUserById,
  insertPasswordReset,
  markPasswordResetUsed,
  revokeUserSessions,
  updateUser,
} from '../auth.repository';
import { newSecret, parseToken, secretMatches } from '../one-time-token';
import { hashPassword } from '../password';
import type { AuthContext } from '../session';

const LINK_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Sends a single-use reset link (1 hour) when the account exists. The answer is the same either way,
 * so the form does not tell who has an account. Returns the captured e-mail, if any, for the log.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  context: AuthContext & { baseUrl: string },
): Promise<OutboundMessage | undefined> {
  const user = await findUserByEmail(db, email);
  if (!user) return undefined;
  return db.transaction(async (tx) => {
    const { secret, hash } = newSecret();
    const reset = await insertPasswordReset(tx, {
      userId: user.id,
      secretHash: hash,
      expiresAt: new Date(Date.now() + LINK_LIFETIME_MS),
    });
    const link = `${context.baseUrl}/reinitialiser-mot-de-passe?token=${reset.id}.${secret}`;
    return queueEmail(tx, {
      organizationId: null,
      to: user.email,
      subject: 'Réinitialisation de votre mot de passe Écolage',
      text: [
        `Bonjour ${user.name},`,
        '',
        'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :',
        link,
        '',
        "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe ne change pas.",
        '',
        "L'équipe Écolage",
      ].join('\n'),
      template: 'password_reset',
      metadata: { userId: user.id, ip: context.ip },
    });
  });
}

/** Sets the new password from a valid link, uses the link up, and ends every open session. */
export async function resetPassword(
  db: Database,
  request: PasswordResetConfirm,
  context: AuthContext,
): Promise<{ email: string }> {
  const invalid = () => domainError('PASSWORD_RESET_LINK_INVALID', {}, { field: 'token' });
  const token = parseToken(request.token);
  if (!token) throw invalid();
  const passwordHash = await hashPassword(request.password);
  return db.transaction(async (tx) => {
    const reset = await findPasswordResetForUpdate(tx, token.id);
    if (
      !reset ||
      reset.usedAt ||
      reset.expiresAt.getTime() <= Date.now() ||
      !secretMatches(token.secret, reset.secretHash)
    ) {
      throw invalid();
    }
    const user = await findUserById(tx, reset.userId);
    if (!user) throw invalid();
    await markPasswordResetUsed(tx, reset.id);
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserSessions(tx, user.id);
    for (const school of await listSchoolsOfUser(tx, user.id)) {
      await recordAuditEntry(tx, {
        organizationId: school.organizationId,
        actor: { type: 'user', userId: user.id, label: user.name },
        action: 'auth.password_reset',
        resourceType: 'user',
        resourceId: user.id,
        category: 'user',
        ip: context.ip,
        userAgent: context.userAgent,
      });
    }
    return { email: user.email };
  });
}
