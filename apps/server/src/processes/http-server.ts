// The HTTP side of an API process (or of `npm start`): the payments' context, the application,
// and the port it listens on.
import type { FastifyInstance } from 'fastify';
import type { PayoutRail } from '../modules/accounting';
import type { PaymentsContext } from '../modules/payments';
import { createPaymentProvidersFromEnv } from '../modules/psp';
import { buildApp } from '../app';
import type { JobQueue } from '../platform/jobs/jobs';
import type { LiveBus } from '../platform/live';
import type { ProcessBase } from './start-up';

export interface HttpSettings {
  liveBus: LiveBus;
  payoutRail: PayoutRail;
  /** The jobs' queue (sending only, in an API process); undefined until started. */
  queue: () => JobQueue | undefined;
  /** A provider event was stored: wake the worker (in-process thread, or NOTIFY the workers). */
  onEventStored: () => void;
}

export interface HttpServer {
  app: FastifyInstance;
  payments: PaymentsContext;
  /** Listens on HOST:PORT; returns the port taken (PORT=0 in tests). */
  listen(): Promise<number>;
}

/** Payments: the providers the environment configures; the callback origin the providers call. */
export function paymentsContext(base: ProcessBase, onEventStored?: () => void): PaymentsContext {
  const { config, logger } = base;
  return {
    db: base.database.db,
    providers: createPaymentProvidersFromEnv(logger),
    now: () => new Date(),
    callbackBaseUrl:
      config.PSP_CALLBACK_BASE_URL ?? config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`,
    logger,
    ...(onEventStored ? { onEventStored } : {}),
  };
}

export async function createHttpServer(
  base: ProcessBase,
  settings: HttpSettings,
): Promise<HttpServer> {
  const { config, logger } = base;
  const payments = paymentsContext(base, settings.onEventStored);
  const send = async (name: string, data: object, singletonKey?: string) => {
    await settings
      .queue()
      ?.send(name, data, singletonKey ? { singletonKey } : undefined)
      .catch((error: unknown) => logger.warn({ err: error, job: name }, 'tâche non lancée'));
  };
  // TEST_CLOCK=enabled (journeys, demos): moving the clock runs what the calendar drives at once.
  const clockDrivenJobs = [
    'automations.plan',
    'automations.dispatch',
    'notifications.weekly-summary',
  ];
  const testClock =
    config.TEST_CLOCK === 'enabled'
      ? {
          onMoved: async () => {
            for (const name of clockDrivenJobs) await send(name, {});
          },
        }
      : undefined;
  const app = await buildApp({
    payoutRail: settings.payoutRail,
    testClock,
    // A workflow enabled or edited: its school's sends are planned at once, not at the next tick.
    automations: {
      planning: {
        requestPlanning: (organizationId: string) =>
          send('automations.plan', { organizationId }, organizationId),
      },
    },
    database: base.database,
    // /api/health/ready: not ready while migrating, starting or stopping.
    readiness: base.readiness,
    liveBus: settings.liveBus,
    logger,
    version: base.version,
    trustProxy: config.TRUST_PROXY,
    https: config.PUBLIC_URL?.startsWith('https://') ?? false,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    webDistDir: config.WEB_DIST_DIR,
    jwtSecret: base.jwtSecret,
    publicUrl: config.PUBLIC_URL,
    storage: base.storage,
    payments,
    metrics: { token: config.METRICS_TOKEN },
  });
  return {
    app,
    payments,
    async listen() {
      await app.listen({ host: config.HOST, port: config.PORT });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.PORT;
      // Without a public address, providers call back on the port actually taken (PORT=0 in tests).
      if (!config.PSP_CALLBACK_BASE_URL && !config.PUBLIC_URL) {
        payments.callbackBaseUrl = `http://127.0.0.1:${port}`;
      }
      return port;
    },
  };
}
