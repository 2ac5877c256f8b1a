// A server dump (`db:backup` against PostgreSQL: `pg_dump -Fc`) restored into a fresh database
// with `pg_restore`, as docs/deploy.md tells an operator to; the database is dropped afterwards.
import { spawn } from 'node:child_process';
import * as schema from '../../db-schema';
import { connectDatabase, type DatabaseHandle } from '../../platform/db/database';
import { adminQuery } from '../admin-query';
import { databaseUrl as withDatabase, randomDatabaseName } from '../database-names';

function pgRestore(dump: string, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let errors = '';
    const child = spawn('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url}`, dump], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_restore a échoué (code ${code}) : ${errors}`)),
    );
  });
}

/** Restores `dump` into a new database of `serverUrl`, hands it to `check`, then drops it. */
export async function restoreServerDump(
  serverUrl: string,
  dump: string,
  check: (restored: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const name = randomDatabaseName('ecolage_restauree');
  await adminQuery(serverUrl, `create database ${name}`);
  try {
    const url = withDatabase(serverUrl, name);
    await pgRestore(dump, url);
    const restored = connectDatabase(url, 2, schema);
    try {
      await check(restored);
    } finally {
      await restored.close();
    }
  } finally {
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
}
