import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrationsFolder } from '../paths';

/** Arbitrary constant: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Applies the committed drizzle-kit migrations. Several instances starting together take turns on
 * an advisory lock, so a migration never runs twice at once.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
