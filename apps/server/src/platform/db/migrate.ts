import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../paths';

/** Arbitrary constant: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 4_242_001;

/** drizzle-kit's journal of applied migrations (the table its migrator writes). */
const JOURNAL_TABLE = 'drizzle.__drizzle_migrations';

/**
 * Applies the committed drizzle-kit migrations, as drizzle's migrator does (the same journal
 * table, a migration applied when newer than the last one recorded), but in ONE transaction that
 * first takes a transaction-scoped advisory lock: processes starting together take turns, the
 * second finds the work done, and the lock holds through PgBouncer in transaction mode (a
 * session lock would be taken on one server connection and released on another).
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('create schema if not exists drizzle');
    await client.query(
      `create table if not exists ${JOURNAL_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
    );
    const last = await lastAppliedMillis(client);
    for (const migration of migrations) {
      if (last !== null && last >= migration.folderMillis) continue;
      for (const statement of migration.sql) await client.query(statement);
      await client.query(`insert into ${JOURNAL_TABLE} (hash, created_at) values ($1, $2)`, [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Where the database's schema stands against this code's migrations. */
export interface MigrationStatus {
  /** The code's last migration is applied (the database may be newer still). */
  upToDate: boolean;
  /** Migrations of this code not applied yet. */
  pending: number;
  /**
   * Migrations applied that this code does not know: a newer version migrated first (the
   * zero-downtime upgrade's order). This code keeps running on the newer schema.
   */
  newer: number;
}

/** Reads the journal of applied migrations (none when the database was never migrated). */
export async function migrationStatus(pool: pg.Pool): Promise<MigrationStatus> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const codeLast = migrations.at(-1)?.folderMillis ?? 0;
  const { rows: exists } = await pool.query<{ journal: string | null }>(
    `select to_regclass('${JOURNAL_TABLE}')::text as journal`,
  );
  if (!exists[0]?.journal)
    return { upToDate: codeLast === 0, pending: migrations.length, newer: 0 };
  const { rows } = await pool.query<{ created_at: string }>(
    `select created_at from ${JOURNAL_TABLE}`,
  );
  const applied = rows.map((row) => Number(row.created_at));
  const last = applied.length > 0 ? Math.max(...applied) : null;
  return {
    upToDate: last !== null ? last >= codeLast : codeLast === 0,
    pending: migrations.filter((migration) => last === null || migration.folderMillis > last)
      .length,
    newer: applied.filter((millis) => millis > codeLast).length,
  };
}

async function lastAppliedMillis(client: pg.PoolClient): Promise<number | null> {
  const { rows } = await client.query<{ created_at: string | null }>(
    `select max(created_at)::text as created_at from ${JOURNAL_TABLE}`,
  );
  return rows[0]?.created_at ? Number(rows[0].created_at) : null;
}
