import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { connectDatabase } from '../../apps/server/src/platform/db/database';
import { runMigrations } from '../../apps/server/src/platform/db/migrate';
import { adminQuery } from '../../apps/server/src/test/admin-query';
import { benchStorage } from './bench-storage';

type ScratchDatabase = ReturnType<typeof connectDatabase>;

/**
 * Runs `bench` on a fresh, migrated database of a PostgreSQL server (BENCH_DATABASE_URL, by
 * default the local one), dropped afterwards — kept with BENCH_KEEP_DATABASE=1 for EXPLAIN ANALYZE.
 */
export async function withScratchDatabase<T>(
  label: string,
  bench: (database: ScratchDatabase) => Promise<T>,
): Promise<T> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), 10);
  try {
    await runMigrations(database.pool);
    return await bench(database);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP_DATABASE) console.log(`Base conservée : ${url.toString()}`);
    else await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
}

/**
 * The whole application on `database` without limits that would throttle a bench, and the big
 * school it measures, signed up through the API: its id and its Super administration's token.
 */
export async function startBenchSchool(
  database: ScratchDatabase,
): Promise<{ app: FastifyInstance; organizationId: string; token: string }> {
  const app = await buildApp({
    database,
    webDistDir: false,
    jwtSecret: 'secret-de-banc-d-essai-de-32-caracteres-au-moins',
    storage: benchStorage(path.join(tmpdir(), `ecolage-bench-uploads-${process.pid}`)),
    rateLimitPerMinute: 100_000_000,
    loginPolicy: { failureDelayMs: () => 0, accountLockMs: () => 0, ipLockMs: () => 0 },
    authRateLimit: { max: 100_000_000, timeWindow: '1 minute' },
  });
  const account = { email: 'direction@grande-ecole.tg', password: 'motdepasse-solide' };
  await app.inject({
    method: 'POST',
    url: '/api/auth/registration',
    payload: { name: 'Afi Mensah', schoolName: 'Grande École de Lomé', ...account },
  });
  // The sign-up's answer does not name the school (the same for a known address): the session does.
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: account });
  return {
    app,
    organizationId: login.json().organization.id as string,
    token: login.json().access_token as string,
  };
}
