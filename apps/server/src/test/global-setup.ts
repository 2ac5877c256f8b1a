import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../platform/db/embedded/embedded-postgres';
import { runMigrations } from '../platform/db/migrate';
import { databaseUrl, randomDatabaseName } from './database-names';

/**
 * Once per run: a PostgreSQL server (TEST_DATABASE_URL, or the embedded engine in a temporary
 * directory) and a template database with every migration applied from empty. Each test file then
 * clones the template into a database of its own (see test-database.ts).
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = mkdtempSync(path.join(tmpdir(), 'ecolage-test-'));
    // mkdtemp makes it private; as root, the server runs as `postgres` and must traverse it.
    chmodSync(tempDir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir });
    adminUrl = embedded.adminUrl;
    stopEmbedded = embedded.stop;
  }
  const template = randomDatabaseName('ecolage_tpl');
  await admin(adminUrl, `create database ${template}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, template), max: 1 });
  try {
    await runMigrations(pool);
  } finally {
    await pool.end();
  }
  project.provide('testDatabase', {
    adminUrl,
    template,
    engine: stopEmbedded ? 'embedded' : 'external',
  });

  return async () => {
    await admin(adminUrl, `drop database if exists ${template} with (force)`);
    await stopEmbedded?.();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string; engine: 'embedded' | 'external' };
  }
}
