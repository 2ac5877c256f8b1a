import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { sandboxProviderEnv } from '../../../../../psp-sandbox/demo-env.mjs';
import { buildApp } from '../../../app';
import { testAppOptions } from '../../../test/test-app';
import { useTestDatabase, type TestDatabase } from '../../../test/test-database';
import type { PaymentsContext } from '../../payments';
import { createHttpClient, createPaymentProviders, loadPspConfig } from '../../psp';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * A test app whose deployment has every provider configured (the sandbox's settings, nothing
 * called): « Pages » offers a choice among all six wallets.
 */
export function useAppWithWallets() {
  const database = useTestDatabase();
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    const providers = createPaymentProviders(
      loadPspConfig(sandboxProviderEnv('http://127.0.0.1:9')),
      {
        now: () => new Date(),
        http: createHttpClient({ timeoutMs: 100 }),
        logger: silent,
      },
    );
    const payments: PaymentsContext = {
      db: database().db,
      providers,
      now: () => new Date(),
      callbackBaseUrl: 'http://127.0.0.1:9',
      logger: silent,
    };
    app = await buildApp({
      ...testAppOptions(database()),
      rateLimitPerMinute: 100_000,
      publicUrl: 'https://ecolage.example',
      payments,
    });
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

/** The settings as the screen sends them back, with `changes` on top. */
export function pagesUpdate(
  current: {
    slug: string;
    publicIntro: string | null;
    wallets: { wallet: string; offered: boolean }[];
    admissions: {
      open: boolean;
      allProgrammes: boolean;
      programmes: { id: string; offered: boolean }[];
    };
  },
  changes: Record<string, unknown> = {},
) {
  return {
    slug: current.slug,
    publicIntro: current.publicIntro,
    offeredWallets: current.wallets
      .filter((wallet) => wallet.offered)
      .map((wallet) => wallet.wallet),
    admissionsOpen: current.admissions.open,
    admissionProgrammeIds: current.admissions.allProgrammes
      ? null
      : current.admissions.programmes
          .filter((programme) => programme.offered)
          .map((programme) => programme.id),
    ...changes,
  };
}
