// `npm run api`: an API process — HTTP only, any number of them behind a load balancer. No job is
// worked and no background loop runs here: jobs are only sent (pg-boss without its workers,
// schedules or maintenance), and the worker processes hear of stored provider events and outbox
// events through PostgreSQL's NOTIFY (heard on their direct connection).
import { applicationJobs } from '../composition/jobs';
import { createMessaging } from '../modules/messaging';
import { payoutRailFromConfig } from '../modules/accounting';
import { createLinkSigner } from '../modules/payer';
import { startJobs } from '../platform/jobs/jobs';
import { createLiveBus } from '../platform/live';
import { notifyWorkersOfStoredEvents } from './background';
import { createHttpServer } from './http-server';
import { configureChannels, openProcess, prepareSchema, stopOnSignals } from './start-up';

const base = await openProcess('api');
const { config, database, logger, readiness } = base;
await prepareSchema(base);
configureChannels(base);

const notWorkedHere = () => Promise.reject(new Error('tâche de fond hors d’un processus worker'));
const payoutRail = payoutRailFromConfig(config);
// The definitions give each queue its retry policy; nothing is worked in this process.
const queue = await startJobs(
  database.pool,
  applicationJobs({
    db: database.db,
    worker: { drainEvents: notWorkedHere, reconcile: notWorkedHere, dispatchOutbox: notWorkedHere },
    queue: () => queue,
    messaging: createMessaging(database.db, base.storage),
    reminders: { signer: createLinkSigner(base.jwtSecret) },
    payoutRail,
  }),
  logger,
  { work: false },
);

// Live updates (the screens' event streams): LISTEN on the direct connection.
const liveBus = await createLiveBus({ databaseUrl: base.listenUrl, logger });
const http = await createHttpServer(base, {
  liveBus,
  payoutRail,
  queue: () => queue,
  onEventStored: notifyWorkersOfStoredEvents(database.db, logger),
});

// Stop taking requests (in-flight ones finish), then the bus and the queue's connection.
stopOnSignals(base, [() => http.app.close(), () => liveBus.stop(), () => queue.stop()]);

const port = await http.listen();
readiness.enter('ready');
logger.info({ port, version: base.version }, `Écolage ${base.version} (API) à l’écoute`);
