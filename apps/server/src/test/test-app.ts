import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { useTestDatabase, type TestDatabase } from './test-database';

/** An app on a fresh database for one test file, driven with `app.inject`. */
export function useTestApp(overrides: Partial<BuildAppOptions> = {}) {
  const database = useTestDatabase();
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildApp({ database: database(), webDistDir: false, ...overrides });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    app: (): FastifyInstance => {
      if (!app) throw new Error('test app not ready');
      return app;
    },
    database: (): TestDatabase => database(),
  };
}
