import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import * as schema from '../db-schema';
import { connectDatabase, type DatabaseHandle } from '../platform/db/database';
import { databaseUrl, randomDatabaseName } from './database-names';

export interface TestDatabase extends DatabaseHandle {
  /** Through the pooler when the run has one (TEST_DATABASE_URL): what the pools use. */
  url: string;
  /** The server itself (TEST_DIRECT_DATABASE_URL): for LISTEN, as DATABASE_DIRECT_URL is. */
  directUrl: string;
  name: string;
  drop(): Promise<void>;
}

/** The test databases of this file not dropped yet, oldest first. */
const live: TestDatabase[] = [];

/**
 * What helpers that only get an app may read (`registerSchool`: the answer of a sign-up does not
 * say which school it made). Newest first.
 */
export function liveTestDatabases(): readonly TestDatabase[] {
  return [...live].reverse();
}

/** A database of its own for one test file: a copy of the migrated template, dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, directAdminUrl, template } = inject('testDatabase');
  const name = randomDatabaseName('ecolage_t');
  await adminQuery(directAdminUrl, `create database ${name} template ${template}`);
  const url = databaseUrl(adminUrl, name);
  const directUrl = databaseUrl(directAdminUrl, name);
  const handle = connectDatabase(url, 5, schema);
  const database: TestDatabase = {
    ...handle,
    url,
    directUrl,
    name,
    drop: async () => {
      live.splice(live.indexOf(database), 1);
      await handle.close();
      // Forced: it also closes a pooler's server connections to it.
      await adminQuery(directAdminUrl, `drop database if exists ${name} with (force)`);
    },
  };
  live.push(database);
  return database;
}

/** Registers a per-file database; call the returned getter inside tests. */
export function useTestDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error('test database not ready');
    return database;
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  // CREATE DATABASE … TEMPLATE fails while another session copies the same template: retry briefly.
  for (let attempt = 1; ; attempt += 1) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!busy || attempt >= 20) throw error;
    } finally {
      await client.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}
