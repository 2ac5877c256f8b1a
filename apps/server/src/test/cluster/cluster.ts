// The product as a cluster (issue 22): N API and M worker processes (`npm run api` / `npm run
// worker`, as real child processes) on one fresh PostgreSQL database reached through a PgBouncer
// in transaction mode (DATABASE_URL) and directly for LISTEN (DATABASE_DIRECT_URL), with the
// providers' sandbox. Used by the cluster test and by the rush bench: start, kill one process
// (SIGKILL or SIGTERM), start another, wait until the background work is done, stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { sandboxProviderEnv } from '../../../../psp-sandbox/demo-env.mjs';
import { startSandboxProcess } from '../../../../psp-sandbox/supervise.mjs';
import * as schema from '../../db-schema';
import { connectDatabase, type DatabaseHandle } from '../../platform/db/database';
import { adminQuery } from '../admin-query';
import { databaseUrl as withDatabase, randomDatabaseName } from '../database-names';
import { freePort } from './free-port';
import { startPgBouncer, type PgBouncer } from './pgbouncer';

const serverDir = fileURLToPath(new URL('../../../', import.meta.url));
const sandboxDir = fileURLToPath(new URL('../../../../psp-sandbox/', import.meta.url));

export type ProcessKind = 'api' | 'worker';

export interface ProductProcess {
  kind: ProcessKind;
  /** `api-0`, `worker-1`… (in the logs). */
  name: string;
  child: ChildProcess;
  /** The API's origin, or the worker's health server. */
  url: string;
  /** What it printed (stdout and stderr), for a failure's message. */
  output(): string;
  /** Resolves when the process has ended (its signal or code). */
  exited: Promise<string>;
}

export interface ClusterOptions {
  /** The PostgreSQL server (direct, with the right to create databases). */
  serverUrl: string;
  apis?: number;
  workers?: number;
  /** Through a PgBouncer of its own (true by default). */
  pgbouncer?: boolean;
  /** Run the built bundles (dist/api.js, dist/worker.js) instead of the sources through tsx. */
  bundle?: boolean;
  /** More settings for every product process (LOG_LEVEL, TEST_CLOCK…). */
  env?: Record<string, string>;
  /** How long a process may take to be ready (a loaded machine compiles slowly); 240 s. */
  readyTimeoutMs?: number;
  /** Server connections per process (DATABASE_POOL_MAX); 8 by default. */
  poolMax?: number;
}

export interface Cluster {
  /** DATABASE_URL of the processes (through PgBouncer when it runs). */
  databaseUrl: string;
  /** The same database, directly. */
  directUrl: string;
  /** A direct connection for the test's own reads and checks. */
  database: DatabaseHandle;
  /** The providers' sandbox (`/__sim/…`). */
  sandbox: string;
  apis: ProductProcess[];
  workers: ProductProcess[];
  pgbouncer: PgBouncer | null;
  /** Starts one more process of this kind (ready when the promise resolves). */
  start(kind: ProcessKind): Promise<ProductProcess>;
  /** Sends the signal and waits for the end (SIGKILL: nothing it held is finished). */
  kill(process: ProductProcess, signal?: NodeJS.Signals): Promise<void>;
  /** Waits until the background work is done: see `backgroundBacklog`. */
  waitIdle(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** What is still to do in the background (every count 0 once the workers are idle). */
export async function backgroundBacklog(pool: pg.Pool) {
  const { rows } = await pool.query<Record<string, string>>(`select
    (select count(*) from provider_events where processed_at is null and tries < 10) as "providerEvents",
    (select count(*) from outbox_events where dispatched_at is null) as "outboxEvents",
    (select count(*) from outbox_deliveries where status = 'pending') as "outboxDeliveries",
    (select count(*) from outbound_messages where status in ('queued', 'sending')
      and next_attempt_at <= now()) as "messages"`);
  return Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)]));
}

/** Resolves once `ready()` is true; rejects after `timeoutMs` with `what`. */
export async function waitFor(
  ready: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`délai dépassé : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const name = randomDatabaseName('ecolage_cluster');
  await adminQuery(options.serverUrl, `create database ${name}`);
  const directUrl = withDatabase(options.serverUrl, name);
  const cleanups: (() => Promise<unknown>)[] = [
    () => adminQuery(options.serverUrl, `drop database if exists ${name} with (force)`),
  ];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };
  try {
    const pgbouncer =
      options.pgbouncer === false ? null : await startPgBouncer({ serverUrl: options.serverUrl });
    if (pgbouncer) cleanups.push(() => pgbouncer.stop());
    const databaseUrl = pgbouncer ? pgbouncer.urlFor(directUrl) : directUrl;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ecolage-cluster-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    // The sandbox notifies the first API process (any would do: they share the database).
    const sandboxPort = await freePort();
    const sandbox = `http://127.0.0.1:${sandboxPort}`;
    const firstApiPort = await freePort();
    const webhooks = `http://127.0.0.1:${firstApiPort}`;
    const sandboxChild = await startSandboxProcess({
      args: sandboxArgs(),
      cwd: sandboxDir,
      env: {
        ...process.env,
        PSP_SANDBOX_PORT: String(sandboxPort),
        PSP_SANDBOX_SMTP_PORT: String(await freePort()),
        PSP_SANDBOX_DATA_DIR: path.join(dataDir, 'psp-sandbox'),
        PSP_SANDBOX_WAVE_WEBHOOK_URL: `${webhooks}/api/psp/wave/webhook`,
        PSP_SANDBOX_FEDAPAY_WEBHOOK_URL: `${webhooks}/api/psp/fedapay/webhook`,
        PSP_SANDBOX_PAYGATE_CALLBACK_URL: `${webhooks}/api/psp/paygate/webhook`,
        PSP_SANDBOX_DLR_DELAY_MS: '100',
        LOG_LEVEL: 'error',
      },
    });
    cleanups.push(async () => sandboxChild.kill('SIGKILL'));

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...sandboxProviderEnv(sandbox),
      DATABASE_URL: databaseUrl,
      DATABASE_DIRECT_URL: directUrl,
      DATABASE_POOL_MAX: String(options.poolMax ?? 8),
      HOST: '127.0.0.1',
      JWT_SECRET: 'secret-de-la-grappe-de-test-32-caracteres-au-moins',
      PSP_CALLBACK_BASE_URL: webhooks,
      RATE_LIMIT_PER_MINUTE: '1000000',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: options.bundle ? 'production' : 'test',
    };
    // Captured e-mails: the sandbox's SMTP is not what is tested here.
    delete env.SMTP_URL;
    Object.assign(env, options.env);
    const counters = { api: 0, worker: 0 };
    const apis: ProductProcess[] = [];
    const workers: ProductProcess[] = [];
    const live = new Set<ProductProcess>();
    cleanups.push(async () => {
      for (const process of live) process.child.kill('SIGKILL');
      await Promise.all([...live].map((process) => process.exited));
    });

    const start = async (kind: ProcessKind, port?: number): Promise<ProductProcess> => {
      const index = counters[kind]++;
      const listen = port ?? (await freePort());
      const started = spawnProcess(
        kind,
        `${kind}-${index}`,
        listen,
        {
          ...env,
          // A directory of its own: nothing may rely on another process's disk.
          DATA_DIR: path.join(dataDir, `${kind}-${index}`),
          ...(kind === 'api' ? { PORT: String(listen) } : { WORKER_PORT: String(listen) }),
        },
        options.bundle ?? false,
      );
      live.add(started);
      void started.exited.then(() => live.delete(started));
      (kind === 'api' ? apis : workers).push(started);
      const ready = kind === 'api' ? '/api/health' : '/api/health/ready';
      await Promise.race([
        waitFor(
          async () => (await fetch(`${started.url}${ready}`)).ok,
          `${started.name} prêt`,
          options.readyTimeoutMs ?? 240_000,
        ).catch((error: Error) => {
          throw new Error(`${error.message}\n${started.output()}`);
        }),
        started.exited.then((how) => {
          throw new Error(`${started.name} s’est arrêté (${how}) :\n${started.output()}`);
        }),
      ]);
      return started;
    };

    // Started together: their migrations meet (one applies them, the others find them done).
    await Promise.all([
      ...Array.from({ length: options.apis ?? 2 }, (_, i) =>
        start('api', i === 0 ? firstApiPort : undefined),
      ),
      ...Array.from({ length: options.workers ?? 2 }, () => start('worker')),
    ]);
    const database = connectDatabase(directUrl, 4, schema);
    cleanups.push(() => database.close());

    return {
      databaseUrl,
      directUrl,
      database,
      sandbox,
      apis,
      workers,
      pgbouncer,
      start: (kind) => start(kind),
      async kill(process, signal = 'SIGKILL') {
        process.child.kill(signal);
        await process.exited;
      },
      async waitIdle(timeoutMs = 60_000) {
        let backlog: Record<string, number> = {};
        await waitFor(
          async () => {
            backlog = await backgroundBacklog(database.pool);
            return Object.values(backlog).every((count) => count === 0);
          },
          'travail de fond terminé',
          timeoutMs,
        ).catch(async (error: Error) => {
          const events = await database.pool.query(
            `select id, received_at, claimed_until, tries, last_error, now() as now
              from provider_events where processed_at is null`,
          );
          throw new Error(
            `${error.message} (reste : ${JSON.stringify(backlog)}) ${JSON.stringify(events.rows)}`,
          );
        });
      },
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function sandboxArgs(): string[] {
  const built = path.join(sandboxDir, 'dist', 'main.js');
  return existsSync(built) ? [built] : ['--import', 'tsx', path.join(sandboxDir, 'src', 'main.ts')];
}

function spawnProcess(
  kind: ProcessKind,
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  bundle: boolean,
): ProductProcess {
  const args = bundle
    ? [path.join(serverDir, 'dist', `${kind}.js`)]
    : ['--import', 'tsx', path.join(serverDir, 'src', 'processes', `${kind}.ts`)];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    // The last 200 kB are enough to say why it failed.
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`));
  });
  return { kind, name, child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}
