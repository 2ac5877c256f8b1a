import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type BuildAppOptions } from '../../apps/server/src/app';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { runMigrations } from '../../apps/server/src/platform/db/migrate';
import { seedDemoData } from '../../apps/server/src/seed/demo-seed';
import { benchStorage } from './bench-storage';

/** The server's own code on a fresh embedded database, for benchmarks that need its internals. */
export async function startInProcess(overrides: Partial<BuildAppOptions> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ecolage-bench-'));
  chmodSync(dataDir, 0o755);
  const database: DatabaseHandle = await openDatabase({ dataDir, poolMax: 10 });
  await runMigrations(database.pool);
  await seedDemoData(database.db);
  const app = await buildApp({
    database,
    webDistDir: false,
    jwtSecret: 'secret-de-banc-d-essai-de-32-caracteres-au-moins',
    storage: benchStorage(path.join(dataDir, 'uploads')),
    rateLimitPerMinute: 100_000_000,
    ...overrides,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    database,
    stop: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { percentile } from './percentile';
