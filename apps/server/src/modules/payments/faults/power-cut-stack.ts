// The process the power-cut test kills (power-cut.int.test.ts): what `npm start` runs around the
// payments — the providers' sandbox (a child process keeping its data in SANDBOX_DATA_DIR), the
// HTTP server receiving their notifications and the payments worker crediting them — on the test's
// database. Run with `node --import tsx`; prints « ready » once everything listens.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxProviderEnv } from '../../../../../psp-sandbox/demo-env.mjs';
import { startSandboxProcess } from '../../../../../psp-sandbox/supervise.mjs';
import { buildApp } from '../../../app';
import { connectDatabase } from '../../../platform/db/database';
import { createHttpClient, createPaymentProviders, loadPspConfig } from '../../psp';
import type { PaymentsContext } from '../payments-context';
import { createBackgroundWorker } from '../../../composition/background-worker';
import { sendNextReconcileRound, workerJobs } from '../../../composition/jobs';
import { startJobs, type JobQueue } from '../../../platform/jobs/jobs';
import { LocalFileStorage } from '../../../platform/storage';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const server = `http://127.0.0.1:${env('SERVER_PORT')}`;
const sandboxOrigin = `http://127.0.0.1:${env('SANDBOX_PORT')}`;
const sandboxDir = fileURLToPath(new URL('../../../../../psp-sandbox/', import.meta.url));

const sandbox = await startSandboxProcess({
  args: ['--import', 'tsx', path.join(sandboxDir, 'src', 'main.ts')],
  cwd: sandboxDir,
  env: {
    ...process.env,
    PSP_SANDBOX_PORT: env('SANDBOX_PORT'),
    PSP_SANDBOX_DATA_DIR: env('SANDBOX_DATA_DIR'),
    PSP_SANDBOX_WAVE_WEBHOOK_URL: `${server}/api/psp/wave/webhook`,
    PSP_SANDBOX_FEDAPAY_WEBHOOK_URL: `${server}/api/psp/fedapay/webhook`,
    PSP_SANDBOX_PAYGATE_CALLBACK_URL: `${server}/api/psp/paygate/webhook`,
    LOG_LEVEL: 'error',
  },
});
process.on('exit', () => sandbox.kill());

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const database = connectDatabase(env('DATABASE_URL'));
const context: PaymentsContext = {
  db: database.db,
  providers: createPaymentProviders(loadPspConfig(sandboxProviderEnv(sandboxOrigin)), {
    now: () => new Date(),
    http: createHttpClient({ timeoutMs: 5_000 }),
    logger: silent,
  }),
  now: () => new Date(),
  callbackBaseUrl: server,
  logger: silent,
  onEventStored: () => worker.wake(),
};
// Few status queries at once: crediting a batch takes long enough to be cut in the middle.
const worker = createBackgroundWorker(context, {
  eventConcurrency: 2,
  chunkSize: 4,
  applyLanes: 1,
});
const app = await buildApp({
  database,
  webDistDir: false,
  jwtSecret: 'secret-de-test-qui-fait-au-moins-32-caracteres',
  storage: new LocalFileStorage({
    root: path.join(tmpdir(), `ecolage-uploads-${process.pid}`),
    linkSecret: 'secret-de-test-qui-fait-au-moins-32-caracteres',
    linkTtlSeconds: 300,
  }),
  rateLimitPerMinute: 100_000,
  payments: context,
});
await app.listen({ host: '127.0.0.1', port: Number(env('SERVER_PORT')) });
// The polls as in production (pg-boss jobs), a round every second instead of every 15.
const started: { queue?: JobQueue } = {};
const queue = await startJobs(
  database.pool,
  workerJobs({ db: database.db, worker, queue: () => started.queue, reconcileEverySeconds: 1 }),
  silent,
  { pollingIntervalSeconds: 0.5 },
);
started.queue = queue;
await sendNextReconcileRound(queue, 1);
worker.start();
process.stdout.write('ready\n');
