import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerSchool } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { defaultLoginPolicy } from './use-cases/log-in';

describe('the login lock under concurrent guesses', () => {
  // The real policy (lock at the 5th failure), without the pause, and no per-address rate limit:
  // only the lock stands between the guesses and the password check.
  const { app, database } = useTestApp({
    loginPolicy: { ...defaultLoginPolicy, failureDelayMs: () => 0 },
    authRateLimit: { max: 10_000, timeWindow: '1 minute' },
  });
  const attempt = (email: string, password: string) =>
    app().inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const failuresOf = async (key: string) =>
    (
      await database().db.execute<{ failures: number }>(
        sql`select failures from login_throttles where key = ${key}`,
      )
    ).rows[0]?.failures;

  it('checks at most 5 of 50 simultaneous wrong passwords; the others are refused with 429', async () => {
    const school = await registerSchool(app(), { email: 'assiegee@exemple.tg' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt('assiegee@exemple.tg', `mauvais-${i}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
    expect(await failuresOf('account:assiegee@exemple.tg')).toBe(5);
    const locked = await attempt('assiegee@exemple.tg', school.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
  });

  it('a successful login still resets the count, and does not count against the address', async () => {
    const school = await registerSchool(app(), { email: 'distraite@exemple.tg' });
    const address = await failuresOf('ip:127.0.0.1');
    for (let i = 0; i < 4; i += 1) {
      expect((await attempt('distraite@exemple.tg', 'mauvais')).statusCode).toBe(401);
    }
    expect((await attempt('distraite@exemple.tg', school.password)).statusCode).toBe(200);
    expect(await failuresOf('account:distraite@exemple.tg')).toBeUndefined();
    expect(await failuresOf('ip:127.0.0.1')).toBe((address ?? 0) + 4);
    const again = await Promise.all(
      Array.from({ length: 4 }, () => attempt('distraite@exemple.tg', 'mauvais')),
    );
    expect(again.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
    expect((await attempt('distraite@exemple.tg', school.password)).statusCode).toBe(200);
  });
});
