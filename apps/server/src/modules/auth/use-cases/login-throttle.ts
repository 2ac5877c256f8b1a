import type { Database } from '../../../platform/db/database';
import { clearLoginFailures, lockThrottles, updateThrottle } from '../auth.repository';

/** A throttle key (`account:<email>`, `ip:<address>`) and the lock its n-th failure calls for. */
export interface ThrottleKey {
  key: string;
  lockFor(failures: number): number;
}

export type Reservation =
  { locked: true; until: Date } | { locked: false; failures: Map<string, number> };

/**
 * Reserves one login attempt on every key, before any password is checked: under the keys' row
 * locks, either one of them is locked out (nothing is counted), or each counts one more failure
 * and takes the lock its new count calls for. The attempt stays a failure unless its password is
 * proved; so however many guesses arrive at once, no more than the policy allows are ever checked.
 */
export async function reserveLoginAttempt(
  db: Database,
  keys: ThrottleKey[],
  now = new Date(),
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const rows = await lockThrottles(
      tx,
      keys.map((key) => key.key),
    );
    const lockedUntil = rows
      .map((row) => row.lockedUntil)
      .filter((until): until is Date => until !== null && until > now)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (lockedUntil) return { locked: true, until: lockedUntil };
    const failures = new Map<string, number>();
    for (const row of rows) {
      const count = row.failures + 1;
      const lockMs = keys.find((key) => key.key === row.key)?.lockFor(count) ?? 0;
      await updateThrottle(tx, row.key, {
        failures: count,
        lastFailureAt: now,
        lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : row.lockedUntil,
      });
      failures.set(row.key, count);
    }
    return { locked: false, failures };
  });
}

/**
 * After a proved password: the account starts afresh, and the address gives its reserved attempt
 * back (with the lock it may have set), since a success is no failure of a shared connection.
 */
export async function settleSuccessfulLogin(
  db: Database,
  account: ThrottleKey,
  address: ThrottleKey,
): Promise<void> {
  await db.transaction(async (tx) => {
    await clearLoginFailures(tx, account.key);
    const [row] = await lockThrottles(tx, [address.key]);
    if (!row) return;
    const failures = Math.max(0, row.failures - 1);
    await updateThrottle(tx, row.key, {
      failures,
      lockedUntil: address.lockFor(failures) > 0 ? row.lockedUntil : null,
    });
  });
}
