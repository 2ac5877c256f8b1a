import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded/embedded-postgres';
import { retryConcurrencyFailures } from './transactions';

/**
 * The tables the typed client knows (for drizzle's relational queries). The platform knows no
 * module: the composition root hands them (`db-schema.ts`, from main.ts and the test helpers).
 * Queries name the tables they use and need none of it.
 */
export type DatabaseSchema = Record<string, unknown>;
export type Database = NodePgDatabase<DatabaseSchema>;
/** A transaction handle; query functions accept either (`db` first, STYLE.md). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export type DatabaseEngine = 'embedded' | 'external';

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  engine: DatabaseEngine;
  /** Where it listens: another thread of the process (the payments worker) opens its own pool. */
  url: string;
  /** True on the very first start of an embedded database. */
  created: boolean;
  close(): Promise<void>;
}

/** Opens the database the environment points at (for the command-line tools). */
export function openConfiguredDatabase(config: {
  DATABASE_URL?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolMax: 2 });
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolMax: number;
  onEngineLog?: (line: string) => void;
  /** Handed by the composition root (`db-schema.ts`); none by default. */
  schema?: DatabaseSchema;
}

/** Connects to `DATABASE_URL` when set, otherwise starts the embedded engine in the data directory. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const schema = options.schema ?? {};
  if (options.databaseUrl) return connectDatabase(options.databaseUrl, options.poolMax, schema);
  const embedded = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    onLog: options.onEngineLog,
  });
  const pool = createPool(embedded.url, options.poolMax);
  return {
    db: retryConcurrencyFailures(drizzle(pool, { schema })),
    pool,
    engine: 'embedded',
    url: embedded.url,
    created: embedded.created,
    close: async () => {
      await pool.end();
      await embedded.stop();
    },
  };
}

/** Connects to a PostgreSQL server by URL (`DATABASE_URL`, tests); `schema` as in `openDatabase`. */
export function connectDatabase(
  url: string,
  poolMax = 5,
  schema: DatabaseSchema = {},
): DatabaseHandle {
  const pool = createPool(url, poolMax);
  return {
    db: retryConcurrencyFailures(drizzle(pool, { schema })),
    pool,
    engine: 'external',
    url,
    created: false,
    close: () => pool.end(),
  };
}

function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, application_name: 'ecolage' });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}
