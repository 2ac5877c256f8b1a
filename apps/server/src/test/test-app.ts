import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { createLiveBus, type LiveBus } from '../platform/live';
import { LocalFileStorage } from '../platform/storage';
import { useTestDatabase, type TestDatabase } from './test-database';

/** An app on a fresh database for one test file, driven with `app.inject`. */
export function useTestApp(overrides: Partial<BuildAppOptions> = {}) {
  const database = useTestDatabase();
  let app: FastifyInstance | undefined;
  let liveBus: LiveBus | undefined;
  beforeAll(async () => {
    // The file's own database's notifications (live streams hear them as in production).
    liveBus =
      overrides.liveBus ??
      (await createLiveBus({ databaseUrl: database().directUrl, logger: silentLogger }));
    app = await buildApp({ ...testAppOptions(database()), liveBus, ...overrides });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (!overrides.liveBus) await liveBus?.stop();
  });
  return {
    app: (): FastifyInstance => {
      if (!app) throw new Error('test app not ready');
      return app;
    },
    database: (): TestDatabase => database(),
  };
}

/** Options every test app needs: no web build, a test secret, uploads in a temporary folder. */
export function testAppOptions(database: BuildAppOptions['database']): BuildAppOptions {
  return {
    database,
    webDistDir: false,
    jwtSecret: TEST_JWT_SECRET,
    storage: testFileStorage(),
    loginPolicy: { failureDelayMs: () => 0, accountLockMs: () => 0, ipLockMs: () => 0 },
  };
}

const TEST_JWT_SECRET = 'secret-de-test-qui-fait-au-moins-32-caracteres';

/** The local directory of a test process's files (`root` for a test that wants its own). */
export function testFileStorage(root = path.join(tmpdir(), `ecolage-uploads-${process.pid}`)) {
  return new LocalFileStorage({ root, linkSecret: TEST_JWT_SECRET, linkTtlSeconds: 300 });
}

const silentLogger = { info: () => undefined, error: () => undefined };
