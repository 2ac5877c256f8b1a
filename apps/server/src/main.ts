// Entry point of the API server: database (embedded or DATABASE_URL), migrations, demo seed, HTTP.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app';
import {
  configureEmailTransport,
  configureSmsGateway,
  configureWhatsApp,
  createMessaging,
  messagingSettingsFromEnv,
} from './modules/messaging';
import type { PaymentsContext } from './modules/payments';
import { createPaymentProvidersFromEnv } from './modules/psp';
import { startJobs, type JobQueue } from './platform/jobs/jobs';
import { applicationJobs, sendNextReconcileRound } from './composition/jobs';
import { payoutRailFromConfig, SETTLE_MISSING_JOB } from './modules/accounting';
import { STATISTICS_REFRESH_JOB } from './modules/analytics';
import { startWorkerThread } from './composition/worker-thread';
import { failInterruptedImports } from './modules/students';
import { createLinkSigner } from './modules/payer';
import { openDatabase } from './platform/db/database';
import { FileStore } from './platform/files';
import * as schema from './db-schema';
import { runMigrations } from './platform/db/migrate';
import { loadConfig } from './platform/env';
import { createLiveBus } from './platform/live';
import { OUTBOX_TOPIC } from './platform/outbox/outbox';
import { loggerOptions } from './platform/logger';
import { serverRoot } from './platform/paths';
import { resolveJwtSecret } from './platform/secrets';
import { DEMO_PASSWORD, seedDemoData } from './seed/demo-seed';

const startedAt = performance.now();
const config = loadConfig();
const logger = pino(loggerOptions(config) as pino.LoggerOptions);
const { version } = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
  version: string;
};

let jwtSecret: string;
try {
  jwtSecret = resolveJwtSecret(config);
} catch (error) {
  logger.fatal((error as Error).message);
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dataDir,
  poolMax: config.DATABASE_POOL_MAX,
  onEngineLog: (line) => logger.debug({ engine: 'postgres' }, line),
  schema,
}).catch((error: unknown) => {
  logger.fatal(error instanceof Error ? error.message : error);
  process.exit(1);
});

await runMigrations(database.pool);
// The demo school comes with the embedded database; a real server gets it only on request.
const seedDemo = config.SEED_DEMO ?? database.engine === 'embedded';
const demo = seedDemo ? await seedDemoData(database.db) : undefined;

// An import that was running when the process stopped will never finish: say so.
await failInterruptedImports(database.db);

// SMS and WhatsApp: queued for the providers the environment names (the sandbox's téléphone in
// demo), else captured; their delivery reports come back to the callback origin (decisions/0020).
let channels: ReturnType<typeof messagingSettingsFromEnv>;
try {
  channels = messagingSettingsFromEnv(config);
} catch (error) {
  logger.fatal((error as Error).message);
  process.exit(1);
}
const smsGateway = channels.sms;
configureSmsGateway(smsGateway);
configureWhatsApp(channels.whatsapp);
// E-mail: queued for the SMTP server when one is set (the sandbox's Boîte mail in demo), else captured.
const emailTransport = config.SMTP_URL
  ? { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }
  : null;
configureEmailTransport(emailTransport);
// Messages leave after their transaction commits, each by its pg-boss job (send-email, send-sms);
// a school's e-mails carry its logo, read from the uploads.
const uploadsDir = path.join(config.dataDir, 'uploads');
const messaging = createMessaging(database.db, new FileStore(uploadsDir));

// Payments: the providers the environment configures, and the worker that processes their events.
const payments: PaymentsContext = {
  db: database.db,
  providers: createPaymentProvidersFromEnv(logger),
  now: () => new Date(),
  callbackBaseUrl:
    config.PSP_CALLBACK_BASE_URL ?? config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`,
  logger,
  onEventStored: () => paymentsWorker.wake(),
};
// The background worker (payments, events' handlers) runs on a thread of its own (its own pool),
// beside the HTTP server's event loop.
const paymentsWorker = startWorkerThread({
  databaseUrl: database.url,
  callbackBaseUrl: payments.callbackBaseUrl,
  poolMax: Math.max(2, Math.ceil(config.DATABASE_POOL_MAX / 2)),
  logLevel: config.LOG_LEVEL,
  smsGateway,
  whatsapp: channels.whatsapp,
  emailTransport,
});

// Live updates: one LISTEN connection of this process, fanned out to its event streams.
const liveBus = await createLiveBus({ databaseUrl: database.url, logger });
// An event written by any process or thread wakes the events' dispatcher at its commit: the bell,
// the receipts and the automations react at once, not at the next reconciliation round.
liveBus.subscribe(OUTBOX_TOPIC, () => {
  paymentsWorker
    .dispatchOutbox()
    .catch((error: unknown) => logger.warn({ err: error }, 'événements non distribués'));
});

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
          for (const name of clockDrivenJobs) {
            await started.queue
              ?.send(name, {})
              .catch((error: unknown) =>
                logger.warn({ err: error, job: name }, 'tâche non lancée'),
              );
          }
        },
      }
    : undefined;

// Payouts to the schools' banks: typed by hand (manual) or through the sandbox's bank API.
const payoutRail = payoutRailFromConfig(config);

const app = await buildApp({
  payoutRail,
  testClock,
  // A workflow enabled or edited: its school's sends are planned at once, not at the next tick.
  automations: {
    planning: {
      requestPlanning: async (organizationId: string) => {
        await started.queue
          ?.send('automations.plan', { organizationId }, { singletonKey: organizationId })
          .catch((error: unknown) =>
            logger.warn({ err: error, job: 'automations.plan' }, 'tâche non lancée'),
          );
      },
    },
  },
  database,
  liveBus,
  logger,
  version,
  trustProxy: config.TRUST_PROXY,
  https: config.PUBLIC_URL?.startsWith('https://') ?? false,
  rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  webDistDir: config.WEB_DIST_DIR,
  jwtSecret,
  publicUrl: config.PUBLIC_URL,
  uploadsDir,
  payments,
});

// Scheduled and deferred work (pg-boss): the payments poller and queue sweep, the events'
// handlers, the late fees, the messages.
const started: { queue?: JobQueue } = {};
const jobs = await startJobs(
  database.pool,
  applicationJobs({
    db: database.db,
    worker: paymentsWorker,
    queue: () => started.queue,
    messaging,
    reminders: { signer: createLinkSigner(jwtSecret) },
    payoutRail,
  }),
  logger,
);
started.queue = jobs;
// Reconciliation every 15 s from now on (each round sends the next one).
await sendNextReconcileRound(jobs);
// Payments recorded without their settlement line (the seed, before the accounting) get it now.
await jobs.send(SETTLE_MISSING_JOB, {}, { singletonKey: 'start-up' });
// The statistics' rollups of schools never built or behind are brought up to date now.
await jobs.send(STATISTICS_REFRESH_JOB, {}, { singletonKey: 'start-up' });
// Events stored while the server was down are processed now, then as they arrive.
paymentsWorker.start();
// Queued messages (this process's and the payments thread's receipts) get their job at commit.
const messageDispatch = await messaging.startDispatch({
  queue: jobs,
  databaseUrl: database.url,
  logger,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'arrêt en cours');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
    await liveBus.stop();
    await paymentsWorker.stop();
    await messageDispatch.stop();
    await jobs.stop();
    await database.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.HOST, port: config.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
const url = config.PUBLIC_URL ?? `http://${shownHost}:${port}`;
// Without a public address, providers call back on the port actually taken (PORT=0 in tests).
if (!config.PSP_CALLBACK_BASE_URL && !config.PUBLIC_URL) {
  payments.callbackBaseUrl = `http://127.0.0.1:${port}`;
}
const lines = [
  '',
  `  Écolage ${version} est prêt : ${url}  (${Math.round(performance.now() - startedAt)} ms)`,
  `  Base de données : ${database.engine === 'embedded' ? `embarquée dans ${config.dataDir}` : 'DATABASE_URL'}`,
  `  Documentation de l'API : ${url}/api/docs`,
  demo
    ? `  École de démonstration : ${demo.school.name} (${demo.school.slug})${demo.created ? ' — créée' : ''}`
    : '',
  ...(demo
    ? [
        `  Comptes de démonstration (mot de passe « ${DEMO_PASSWORD} ») :`,
        ...demo.logins.map((login) => `    ${login.email.padEnd(28)} ${login.roleName}`),
      ]
    : []),
  '',
];
process.stdout.write(
  lines.filter((line, i) => line || i === 0 || i === lines.length - 1).join('\n') + '\n',
);
