// The background worker's own thread (started by `startWorkerThread`): its own database pool and
// provider adapters, so that processing notifications, polling the providers and running the
// events' handlers go on beside the HTTP server's event loop instead of taking turns with it.
import { parentPort, workerData } from 'node:worker_threads';
import { connectDatabase } from '../platform/db/database';
import type { Config } from '../platform/env';
import { createLogger } from '../platform/logger';
import {
  configureEmailTransport,
  configureSmsGateway,
  configureWhatsApp,
} from '../modules/messaging';
import { createPaymentProvidersFromEnv } from '../modules/psp';
import { createBackgroundWorker } from './background-worker';
import type { ThreadReply, ThreadRequest, ThreadSettings } from './worker-thread';

const settings = workerData as ThreadSettings;
const port = parentPort!;
const logger = createLogger(
  { LOG_LEVEL: (settings.logLevel ?? 'info') as Config['LOG_LEVEL'] },
  { name: 'tâches de fond' },
);
const database = connectDatabase(settings.databaseUrl, settings.poolMax ?? 5);
// The receipts' SMS and e-mails queued here are sent by their pg-boss jobs (messaging), enqueued at commit.
configureSmsGateway(settings.smsGateway ?? null);
configureWhatsApp(settings.whatsapp ?? null);
configureEmailTransport(settings.emailTransport ?? null);
const worker = createBackgroundWorker(
  {
    db: database.db,
    providers: createPaymentProvidersFromEnv(logger, settings.providerEnv ?? process.env),
    now: () => new Date(),
    callbackBaseUrl: settings.callbackBaseUrl,
    logger,
  },
  settings.options,
);

async function answer(request: Extract<ThreadRequest, { id: number }>) {
  try {
    if (request.type === 'drain') return { result: await worker.drainEvents() };
    if (request.type === 'reconcile') return { result: await worker.reconcile() };
    if (request.type === 'outbox') return { result: await worker.dispatchOutbox() };
    await worker.stop();
    await database.close();
    return { result: 0 };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

port.on('message', (request: ThreadRequest) => {
  if (request.type === 'wake') return worker.wake();
  if (request.type === 'start') return worker.start();
  void answer(request).then((reply) =>
    port.postMessage({ id: request.id, ...reply } satisfies ThreadReply),
  );
});
