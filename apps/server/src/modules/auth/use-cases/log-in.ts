import type { LoginRequest } from '@ecolage/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../../platform/db/database';
import { domainError, type AppError } from '../../../platform/errors';
import { listSchoolsOfUser, recordLogin } from '../../access';
import { recordAuditEntry } from '../../audit';
import type { AccessTokenKeys } from '../access-token';
import { findUserByEmail } from '../auth.repository';
import { verifyAgainstNothing, verifyPassword } from '../password';
import type { User } from '../auth.tables';
import { issueOperatorSession, type IssuedOperatorSession } from '../operator-session';
import { issueSession, type AuthContext, type IssuedSession } from '../session';
import { reserveLoginAttempt, settleSuccessfulLogin } from './login-throttle';

/** How failed logins slow down and then lock an account and an IP address. */
export interface LoginPolicy {
  /** Pause before answering the n-th consecutive failure. */
  failureDelayMs(failures: number): number;
  /** Lock of an account after its n-th consecutive failure (0: none). */
  accountLockMs(failures: number): number;
  /** Lock of an IP address after its n-th consecutive failure (0: none). */
  ipLockMs(failures: number): number;
}

const MINUTE = 60_000;

/**
 * 250 ms more per failure (up to 2 s); an account locks for 1 minute at its 5th failure, doubling
 * up to 30 minutes; an address (a school's shared connection counts many people) at its 30th.
 */
export const defaultLoginPolicy: LoginPolicy = {
  failureDelayMs: (failures) => Math.min(250 * failures, 2000),
  accountLockMs: (failures) =>
    failures < 5 ? 0 : Math.min(MINUTE * 2 ** (failures - 5), 30 * MINUTE),
  ipLockMs: (failures) =>
    failures < 30 ? 0 : Math.min(MINUTE * 2 ** (failures - 30), 30 * MINUTE),
};

function lockedError(until: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const error = domainError('LOGIN_LOCKED');
  return Object.assign(error, { retryAfterSeconds: retryAfter });
}

/**
 * Checks the credentials and opens a session in the member's most recently used school. Unknown
 * e-mail and wrong password get the same answer, after the same work.
 */
export async function logIn(
  db: Database,
  keys: AccessTokenKeys,
  policy: LoginPolicy,
  request: LoginRequest,
  context: AuthContext,
): Promise<IssuedSession | IssuedOperatorSession> {
  const account = {
    key: `account:${request.email}`,
    lockFor: (failures: number) => policy.accountLockMs(failures),
  };
  const address = {
    key: `ip:${context.ip ?? 'inconnue'}`,
    lockFor: (failures: number) => policy.ipLockMs(failures),
  };
  // The attempt is counted before the password is checked: see reserveLoginAttempt.
  const reservation = await reserveLoginAttempt(db, [account, address]);
  if (reservation.locked) throw lockedError(reservation.until);

  const user = await findUserByEmail(db, request.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, request.password)
    : await verifyAgainstNothing(request.password);
  const schools = user && valid ? await listSchoolsOfUser(db, user.id) : [];
  const school = schools[0];

  // A platform operator may be a member of no school: their session opens the operator console.
  const operatorOnly = !school && user?.platformRole === 'operator';
  if (!user || !valid || (!school && !operatorOnly)) {
    await sleep(policy.failureDelayMs(reservation.failures.get(account.key) ?? 1));
    throw domainError('INVALID_CREDENTIALS');
  }

  await settleSuccessfulLogin(db, account, address);
  if (!school) return logInOperator(db, keys, user, context);
  return db.transaction(async (tx) => {
    const issued = await issueSession(
      tx,
      keys,
      { user, organizationId: school.organizationId },
      context,
    );
    if (!issued) throw domainError('INVALID_CREDENTIALS');
    await recordLogin(tx, school.organizationId, user.id);
    await recordAuditEntry(tx, {
      organizationId: school.organizationId,
      actor: { type: 'user', userId: user.id, label: user.name },
      action: 'auth.logged_in',
      resourceType: 'user',
      resourceId: user.id,
      category: 'user',
      ip: context.ip,
      userAgent: context.userAgent,
    });
    return issued;
  });
}

/** An operator without a school: their session, journaled in the platform's chain. */
function logInOperator(
  db: Database,
  keys: AccessTokenKeys,
  user: User,
  context: AuthContext,
): Promise<IssuedOperatorSession> {
  return db.transaction(async (tx) => {
    const issued = await issueOperatorSession(tx, keys, { user }, context);
    if (!issued) throw domainError('INVALID_CREDENTIALS');
    await recordAuditEntry(tx, {
      organizationId: null,
      actor: { type: 'user', userId: user.id, label: user.name },
      action: 'auth.logged_in',
      resourceType: 'user',
      resourceId: user.id,
      category: 'user',
      ip: context.ip,
      userAgent: context.userAgent,
    });
    return issued;
  });
}
