// `npm start`: one process for one machine — database (embedded or DATABASE_URL), migrations,
// demo seed, HTTP, and the background work (payments and events on a thread of their own, the
// jobs and the message dispatch here). `npm run api` / `npm run worker` (processes/) split them.
import { createMessaging } from './modules/messaging';
import { payoutRailFromConfig } from './modules/accounting';
import { startWorkerThread } from './composition/worker-thread';
import { failInterruptedImports } from './modules/students';
import { createLiveBus } from './platform/live';
import type { JobQueue } from './platform/jobs/jobs';
import { DEMO_PASSWORD, seedDemoData } from './seed/demo-seed';
import { startBackgroundWork } from './processes/background';
import { createHttpServer } from './processes/http-server';
import { configureChannels, openProcess, prepareSchema, stopOnSignals } from './processes/start-up';

const base = await openProcess('all');
const { config, database, logger, readiness } = base;
await prepareSchema(base);
// The demo school comes with the embedded database; a real server gets it only on request.
const seedDemo = config.SEED_DEMO ?? database.engine === 'embedded';
const demo = seedDemo ? await seedDemoData(database.db) : undefined;

// An import that was running when the process stopped will never finish: say so.
await failInterruptedImports(database.db);

const channels = configureChannels(base);
// Messages leave after their transaction commits, each by its pg-boss job (send-email, send-sms);
// a school's e-mails carry its logo, read from the uploads.
const messaging = createMessaging(database.db, base.storage);
const payoutRail = payoutRailFromConfig(config);

// Live updates: one LISTEN connection of this process, fanned out to its event streams.
const liveBus = await createLiveBus({ databaseUrl: base.listenUrl, logger });
const started: { queue?: JobQueue } = {};
const http = await createHttpServer(base, {
  liveBus,
  payoutRail,
  queue: () => started.queue,
  onEventStored: () => paymentsWorker.wake(),
});
// The background worker (payments, events' handlers) runs on a thread of its own (its own pool),
// beside the HTTP server's event loop.
const paymentsWorker = startWorkerThread({
  databaseUrl: database.url,
  callbackBaseUrl: http.payments.callbackBaseUrl,
  poolMax: Math.max(2, Math.ceil(config.DATABASE_POOL_MAX / 2)),
  logLevel: config.LOG_LEVEL,
  smsGateway: channels.smsGateway,
  whatsapp: channels.whatsapp,
  emailTransport: channels.emailTransport,
});
const background = await startBackgroundWork(base, {
  worker: paymentsWorker,
  messaging,
  payoutRail,
  liveBus,
  onQueue: (queue) => (started.queue = queue),
});

stopOnSignals(base, [() => http.app.close(), () => liveBus.stop(), () => background.stop()]);

const port = await http.listen();
readiness.enter('ready');
const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
const url = config.PUBLIC_URL ?? `http://${shownHost}:${port}`;
const lines = [
  '',
  `  Écolage ${base.version} est prêt : ${url}  (${Math.round(performance.now() - base.startedAt)} ms)`,
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
