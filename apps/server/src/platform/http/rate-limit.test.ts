import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../app';
import { testAppOptions } from '../../test/test-app';
import { useTestDatabase } from '../../test/test-database';
import { pruneRateBudgets, SharedBudget } from './rate-limit';

describe('request budgets across API processes', { timeout: 90_000 }, () => {
  const database = useTestDatabase();
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  /** Two API processes on one database, as behind a load balancer. */
  async function twoInstances(overrides: Partial<BuildAppOptions>) {
    const [a, b] = await Promise.all([
      buildApp({ ...testAppOptions(database()), ...overrides }),
      buildApp({ ...testAppOptions(database()), ...overrides }),
    ]);
    apps.push(a, b);
    return { a, b };
  }

  const subscribe = (app: FastifyInstance, ip: string, n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/newsletter-subscribe',
      remoteAddress: ip,
      payload: { email: `parent${n}@exemple.tg` },
    });

  it('refuses the 11th try on instance B after 10 on instance A (a form budget of 10)', async () => {
    const { a, b } = await twoInstances({
      formRateLimit: { max: 10, timeWindow: '10 minutes' },
    });
    for (let n = 1; n <= 10; n++) {
      const answer = await subscribe(a, '102.64.1.1', n);
      expect(answer.statusCode, answer.body).toBe(200);
      // An allowed try says nothing of the budget.
      expect(answer.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const eleventh = await subscribe(b, '102.64.1.1', 11);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Trop de requêtes'),
    });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(500);
    expect(eleventh.headers['x-ratelimit-limit']).toBe('10');
    expect(eleventh.headers['x-ratelimit-remaining']).toBe('0');
    // Another address keeps its own budget, on either instance.
    expect((await subscribe(b, '102.64.1.2', 12)).statusCode).toBe(200);
  });

  it('counts concurrent tries on both instances exactly once each', async () => {
    const { a, b } = await twoInstances({ formRateLimit: { max: 10, timeWindow: '10 minutes' } });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, n) => subscribe(n % 2 ? a : b, '102.64.2.1', 100 + n)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('keeps the per-IP flood guard per process (each process its share of the traffic)', async () => {
    const { a, b } = await twoInstances({ rateLimitPerMinute: 3 });
    const health = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/health', remoteAddress: '102.64.3.1' });
    const onA = [];
    for (let n = 0; n < 4; n++) onA.push((await health(a)).statusCode);
    expect(onA).toEqual([200, 200, 200, 429]);
    expect((await health(b)).statusCode).toBe(200);
  });

  it('starts a new window once the last is over, and the hourly job forgets the windows over', async () => {
    const { db } = database();
    const budget = new SharedBudget(db, 'test scope');
    expect((await budget.count('102.64.4.1', 150)).current).toBe(1);
    const second = await budget.count('102.64.4.1', 150);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(150);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await budget.count('102.64.4.1', 150)).current).toBe(1);
    // The caller is never stored in clear.
    const stored = await db.execute<{ key_hash: string }>(
      sql`select key_hash from rate_budgets where scope = 'test scope'`,
    );
    expect(stored.rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await pruneRateBudgets(db)).toBeGreaterThanOrEqual(1);
    const left = await db.execute(sql`select 1 from rate_budgets where scope = 'test scope'`);
    expect(left.rows).toHaveLength(0);
  });
});
