import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { lockDataDirectory, type DataDirectoryLock } from './data-dir-lock';
import { findPostgresBinaries, type PostgresBinaries } from './postgres-binaries';
import { isProcessAlive, signalAndWait } from './processes';
import { assertAccessibleBy, identityForPostgres, type ProcessIdentity } from './system-user';

export interface EmbeddedPostgresOptions {
  /** Écolage's data directory; the cluster lives in `<dataDir>/pg`. */
  dataDir: string;
  /** Receives the server's own log lines. */
  onLog?: (line: string) => void;
}

export interface RunningEmbeddedPostgres {
  /** Connection string for the `ecolage` database. */
  url: string;
  /** Connection string for the `postgres` maintenance database (create/drop databases). */
  adminUrl: string;
  port: number;
  /** True when this start created the cluster (first start). */
  created: boolean;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

const DATABASE = 'ecolage';
const READY_TIMEOUT_MS = 30_000;

/**
 * Starts the PostgreSQL server that ships as an npm package, in `<dataDir>/pg`, creating the
 * cluster on first start. See docs/decisions/0002-embedded-database.md for why and how.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningEmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const lock = lockDataDirectory(dataDir);
  try {
    const binaries = findPostgresBinaries();
    const identity = identityForPostgres();
    if (identity) {
      assertAccessibleBy(identity, binaries.postgres, '-x');
      assertAccessibleBy(identity, dataDir, '-x');
    }
    await stopLeftoverServer(clusterDir);
    const created = !existsSync(path.join(clusterDir, 'PG_VERSION'));
    if (created) await initialiseCluster(binaries, dataDir, clusterDir, identity);
    const credentials = readCredentials(dataDir);
    const { child, port } = await startServer(binaries, clusterDir, identity, options.onLog);
    const base = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`;
    if (created) await createApplicationDatabase(`${base}/postgres`);
    return {
      url: `${base}/${DATABASE}`,
      adminUrl: `${base}/postgres`,
      port,
      created,
      stop: () => stopServer(child, lock),
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** After a `kill -9` of Node the server survives; it would hold the cluster, so stop it first. */
async function stopLeftoverServer(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isProcessAlive(pid, 'postgres')) return;
  // Fast shutdown: committed transactions are already durable; only sessions are cut.
  if (await signalAndWait(pid, 'SIGINT', 15_000)) return;
  if (await signalAndWait(pid, 'SIGQUIT', 5_000)) return;
  throw new Error(
    `Un serveur PostgreSQL resté d'une exécution précédente (PID ${pid}) refuse de s'arrêter. ` +
      `Arrêtez-le à la main puis relancez Écolage.`,
  );
}

async function initialiseCluster(
  binaries: PostgresBinaries,
  dataDir: string,
  clusterDir: string,
  identity: ProcessIdentity | undefined,
): Promise<void> {
  // A cluster directory without PG_VERSION is a first start that was interrupted: start again.
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(clusterDir, { mode: 0o700 });
  const credentials: Credentials = { user: 'ecolage', password: randomBytes(24).toString('hex') };
  const passwordFile = path.join(dataDir, `.initdb-password-${process.pid}`);
  writeFileSync(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  if (identity) {
    chownSync(clusterDir, identity.uid, identity.gid);
    chownSync(passwordFile, identity.uid, identity.gid);
  }
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${credentials.user}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      identity,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
  writeFileSync(path.join(dataDir, 'db-credentials.json'), JSON.stringify(credentials), {
    mode: 0o600,
  });
}

function readCredentials(dataDir: string): Credentials {
  const file = path.join(dataDir, 'db-credentials.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  } catch {
    throw new Error(
      `Le fichier ${file} (identifiants de la base embarquée) est illisible ou absent. ` +
        `Restaurez-le depuis une sauvegarde, ou déplacez ${dataDir} pour repartir d'une base neuve.`,
    );
  }
}

async function startServer(
  binaries: PostgresBinaries,
  clusterDir: string,
  identity: ProcessIdentity | undefined,
  onLog: ((line: string) => void) | undefined,
): Promise<{ child: ChildProcess; port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const child = spawn(
      binaries.postgres,
      [
        '-D',
        clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=60',
      ],
      { ...identity, env: postgresEnv(), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const output: string[] = [];
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        output.push(line);
        if (output.length > 40) output.shift();
        onLog?.(line);
      }
    });
    // Whatever way Node exits, ask the server for a fast shutdown rather than orphaning it.
    const stopOnExit = () => child.kill('SIGINT');
    process.once('exit', stopOnExit);
    child.once('exit', () => process.removeListener('exit', stopOnExit));
    try {
      await waitUntilReady(child, port, output);
      return { child, port };
    } catch (error) {
      child.kill('SIGINT');
      const portTaken = output.some((line) => line.includes('could not bind'));
      if (!portTaken || attempt >= 3) throw error;
    }
  }
}

async function waitUntilReady(child: ChildProcess, port: number, output: string[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(
        `Le serveur PostgreSQL embarqué s'est arrêté au démarrage :\n${output.join('\n')}`,
      );
    }
    if (output.some((line) => line.includes('ready to accept connections'))) return;
    await sleep(20);
  }
  throw new Error(
    `Le serveur PostgreSQL embarqué n'a pas démarré en ${READY_TIMEOUT_MS / 1000} s (port ${port}) :\n` +
      output.join('\n'),
  );
}

async function createApplicationDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE} ENCODING 'UTF8' TEMPLATE template0`);
  } finally {
    await client.end();
  }
}

async function stopServer(child: ChildProcess, lock: DataDirectoryLock): Promise<void> {
  try {
    if (child.exitCode === null && child.pid !== undefined) {
      await signalAndWait(child.pid, 'SIGINT', 15_000);
    }
  } finally {
    lock.release();
  }
}

function run(command: string, args: string[], identity: ProcessIdentity | undefined) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { ...identity, env: postgresEnv(), stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} a échoué (code ${code}) :\n${output}`)),
    );
  });
}

function postgresEnv(): NodeJS.ProcessEnv {
  // Messages in English so that readiness detection does not depend on the machine's locale.
  return { PATH: process.env.PATH, LC_ALL: 'C', LC_MESSAGES: 'C', TZ: 'UTC' };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}
