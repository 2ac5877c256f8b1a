// `npm run worker`: a worker process — the background work (provider events, reconciliation,
// events' handlers, jobs and schedules, message sending), any number of them on one database
// (each piece of work is claimed so that none is done twice). HTTP only for health and metrics.
import { createBackgroundWorker } from '../composition/background-worker';
import { createMessaging } from '../modules/messaging';
import { payoutRailFromConfig } from '../modules/accounting';
import { createLiveBus } from '../platform/live';
import { startBackgroundWork } from './background';
import { paymentsContext } from './http-server';
import { configureChannels, openProcess, prepareSchema, stopOnSignals } from './start-up';
import { portOf, startWorkerHttp } from './worker-http';

const base = await openProcess('worker');
const { config, database, logger, readiness } = base;
// Health answers from the start: live at once, ready once migrated and started.
const http = await startWorkerHttp(base);
await prepareSchema(base);
configureChannels(base);

// In this process (no thread): the worker process is the background work.
const worker = createBackgroundWorker(paymentsContext(base));
const liveBus = await createLiveBus({ databaseUrl: base.listenUrl, logger });
const background = await startBackgroundWork(base, {
  worker,
  messaging: createMessaging(database.db, base.storage),
  payoutRail: payoutRailFromConfig(config),
  liveBus,
});

// Stop taking work, let the jobs under way finish, then the health server (answering 503 meanwhile).
stopOnSignals(
  base,
  [() => liveBus.stop(), () => background.stop(), () => http.close()],
  // pg-boss waits up to 5 s for its running jobs; the payments' batch in flight finishes too.
  20_000,
);

readiness.enter('ready');
logger.info(
  { healthPort: portOf(http), version: base.version },
  `Écolage ${base.version} (tâches de fond) démarré`,
);
