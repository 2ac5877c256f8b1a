import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testAppOptions } from '../../test/test-app';
import { useTestDatabase } from '../../test/test-database';
import type { Database } from '../db/database';
import { createReadiness } from '../observability/readiness';
import { cachedDatabaseProbe } from './health.routes';

describe('liveness, readiness and the cached database probe', () => {
  const database = useTestDatabase();

  it('answers live without the database, and ready once built when no readiness is handed', async () => {
    const down = { execute: () => Promise.reject(new Error('ECONNREFUSED')) } as never;
    const app = await buildApp(testAppOptions({ db: down, engine: 'external' }));
    const live = await app.inject({ method: 'GET', url: '/api/health/live' });
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    await app.close();
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    // Built, but the database does not answer: no traffic.
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ready: false, phase: 'ready', database: 'unreachable' });

    const working = await buildApp(testAppOptions(database()));
    const answer = await working.inject({ method: 'GET', url: '/api/health/ready' });
    await working.close();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ready: true, phase: 'ready', database: 'ok' });
  });

  it('is not ready while the process starts, migrates or stops, whatever the database says', async () => {
    const { db } = database();
    const readiness = createReadiness(() => db.execute(sql`select 1`));
    const app = await buildApp({ ...testAppOptions(database()), readiness });
    const ask = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      return { status: response.statusCode, body: response.json() as { phase: string } };
    };
    expect(await ask()).toEqual({
      status: 503,
      body: { ready: false, phase: 'starting', database: 'ok' },
    });
    readiness.enter('migrating');
    expect((await ask()).body.phase).toBe('migrating');
    expect((await ask()).status).toBe(503);
    readiness.enter('ready');
    expect(await ask()).toEqual({
      status: 200,
      body: { ready: true, phase: 'ready', database: 'ok' },
    });
    readiness.enter('stopping');
    expect(await ask()).toEqual({
      status: 503,
      body: { ready: false, phase: 'stopping', database: 'ok' },
    });
    // Liveness does not care: the process answers.
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await app.close();
  });

  it('never tells an orchestrator 429 on its probes', async () => {
    const app = await buildApp({ ...testAppOptions(database()), rateLimitPerMinute: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode);
      statuses.push((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode);
    }
    // /api/health itself keeps the per-IP budget.
    const health = [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/api/health' }));
    const healthStatuses = (await Promise.all(health)).map((response) => response.statusCode);
    await app.close();
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(healthStatuses).toContain(429);
  });

  it('sends one database probe per second however many health checks arrive, and sees it go down', async () => {
    let probes = 0;
    let up = true;
    const db = {
      execute: async () => {
        probes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (!up) throw new Error('ECONNREFUSED');
        return { rows: [] };
      },
    } as unknown as Database;
    const probe = cachedDatabaseProbe(db, 200);
    // Concurrent callers share the probe in flight.
    expect(await Promise.all([probe(), probe(), probe()])).toEqual(['up', 'up', 'up']);
    expect(await probe()).toBe('up');
    expect(probes).toBe(1);
    up = false;
    // Still the cached answer within the second…
    expect(await probe()).toBe('up');
    await new Promise((resolve) => setTimeout(resolve, 220));
    // …then a real one.
    expect(await probe()).toBe('down');
    expect(probes).toBe(2);
  });

  it('reports the real database state on /api/health, through the cache', async () => {
    const app = await buildApp(testAppOptions(database()));
    const responses = await Promise.all(
      [1, 2, 3, 4].map(() => app.inject({ method: 'GET', url: '/api/health' })),
    );
    await app.close();
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok', database: 'up' });
    }
  });
});
