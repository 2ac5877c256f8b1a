import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../platform/db/embedded/embedded-postgres';
import { runMigrations } from '../platform/db/migrate';
import { adminQuery } from './admin-query';
import { databaseUrl, randomDatabaseName } from './database-names';

/**
 * Once per run: a PostgreSQL server (TEST_DATABASE_URL, or the embedded engine in a temporary
 * directory) and a template database with every migration applied from empty. Each test file then
 * clones the template into a database of its own (see test-database.ts).
 *
 * TEST_DIRECT_DATABASE_URL: the same server without a pooler, when TEST_DATABASE_URL goes through
 * one (PgBouncer in transaction mode, as CI runs it): databases are created, cloned and dropped
 * there, and LISTEN connects there; the applications' pools go through TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let directAdminUrl = process.env.TEST_DIRECT_DATABASE_URL ?? adminUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = mkdtempSync(path.join(tmpdir(), 'ecolage-test-'));
    // mkdtemp makes it private; as root, the server runs as `postgres` and must traverse it.
    chmodSync(tempDir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir });
    adminUrl = embedded.adminUrl;
    directAdminUrl = adminUrl;
    stopEmbedded = embedded.stop;
  }
  const directUrl = directAdminUrl ?? adminUrl;
  const template = randomDatabaseName('ecolage_tpl');
  await adminQuery(directUrl, `create database ${template}`);
  // Directly: a pooler's idle server connection to the template would stop its cloning.
  const pool = new pg.Pool({ connectionString: databaseUrl(directUrl, template), max: 1 });
  try {
    await runMigrations(pool);
  } finally {
    await pool.end();
  }
  project.provide('testDatabase', {
    adminUrl,
    directAdminUrl: directUrl,
    template,
    engine: stopEmbedded ? 'embedded' : 'external',
  });

  return async () => {
    await adminQuery(directUrl, `drop database if exists ${template} with (force)`);
    await stopEmbedded?.();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: {
      /** Where the applications' pools connect (through the pooler when there is one). */
      adminUrl: string;
      /** The server itself: databases created and dropped, LISTEN. */
      directAdminUrl: string;
      template: string;
      engine: 'embedded' | 'external';
    };
  }
}
