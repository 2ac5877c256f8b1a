import type { Database } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import { findUserById } from '../auth.repository';
import { verifyPassword } from '../password';
import { defaultLoginPolicy, type LoginPolicy } from './log-in';
import { reserveLoginAttempt, settleSuccessfulLogin } from './login-throttle';

/**
 * Checks a signed-in member's password before a sensitive change (the school's bank details):
 * counted in the login throttle of the account and of the address like a login, so a stolen
 * session cannot try passwords without end (LOGIN_LOCKED once locked). True when it is right.
 */
export async function confirmMemberPassword(
  db: Database,
  input: { userId: string; password: string; ip: string | null },
  policy: LoginPolicy = defaultLoginPolicy,
): Promise<boolean> {
  const user = await findUserById(db, input.userId);
  if (!user || user.deletedAt) return false;
  const account = {
    key: `account:${user.email.toLowerCase()}`,
    lockFor: (failures: number) => policy.accountLockMs(failures),
  };
  const address = {
    key: `ip:${input.ip ?? 'inconnue'}`,
    lockFor: (failures: number) => policy.ipLockMs(failures),
  };
  const reservation = await reserveLoginAttempt(db, [account, address]);
  if (reservation.locked) throw domainError('LOGIN_LOCKED');
  const valid = await verifyPassword(user.passwordHash, input.password);
  if (valid) await settleSuccessfulLogin(db, account, address);
  return valid;
}
