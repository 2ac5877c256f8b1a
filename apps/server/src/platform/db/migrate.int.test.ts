import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery } from '../../test/admin-query';
import { databaseUrl, randomDatabaseName } from '../../test/database-names';
import { startJobs } from '../jobs/jobs';
import { connectDatabase } from './database';
import { migrationStatus, runMigrations } from './migrate';

const admin = (statement: string) => adminQuery(inject('testDatabase').directAdminUrl, statement);

/**
 * Processes starting together on an empty database (through the run's pooler when it has one):
 * the migrations are applied once, in turns; pg-boss's schema is made once too.
 */
describe('several processes starting at once on an empty database', () => {
  const name = randomDatabaseName('ecolage_mig');
  let pools: pg.Pool[] = [];
  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = databaseUrl(inject('testDatabase').adminUrl, name);
    // The product's pools: a client still closing when the database is dropped is not an error.
    pools = Array.from({ length: 4 }, () => connectDatabase(url, 2).pool);
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('migrates once, then every process starts its jobs; a newer schema is accepted', async () => {
    const before = await migrationStatus(pools[0]!);
    expect(before.upToDate).toBe(false);
    expect(before.pending).toBeGreaterThan(50);
    await Promise.all(pools.map((pool) => runMigrations(pool)));
    const { rows } = await pools[0]!.query<{ n: string; distinct: string }>(
      'select count(*) as n, count(distinct created_at) as distinct from drizzle.__drizzle_migrations',
    );
    expect(Number(rows[0]!.n)).toBe(before.pending);
    expect(Number(rows[0]!.distinct)).toBe(before.pending);
    expect(await migrationStatus(pools[1]!)).toEqual({ upToDate: true, pending: 0, newer: 0 });

    const quiet = { info() {}, error() {} };
    const jobs = ['a', 'b', 'c', 'd', 'e'].map((name) => ({
      name: `test.${name}`,
      run: () => Promise.resolve(),
    }));
    const queues = await Promise.all(
      pools.map((pool) => startJobs(pool, jobs, quiet, { work: false })),
    );
    await Promise.all(queues.map((queue) => queue.stop()));

    // A newer version migrated first (the zero-downtime upgrade): this code is up to date, runs,
    // and applies nothing.
    await pools[0]!.query(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('next', 99999999999999)`,
    );
    expect(await migrationStatus(pools[2]!)).toEqual({ upToDate: true, pending: 0, newer: 1 });
    await runMigrations(pools[3]!);
    const after = await pools[0]!.query('select count(*) as n from drizzle.__drizzle_migrations');
    expect(Number(after.rows[0].n)).toBe(before.pending + 1);
  });
});
