// A PgBouncer of the cluster tests and benches: transaction pooling (how PostgreSQL is run at
// scale), trust authentication, in front of one PostgreSQL server, on a free port of 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/** Debian's package installs it here; CI installs it (`.ci/run`). */
export const PGBOUNCER_BINARY = '/usr/sbin/pgbouncer';

export function pgbouncerInstalled(): boolean {
  return existsSync(PGBOUNCER_BINARY);
}

export interface PgBouncer {
  port: number;
  /** `serverUrl` (any database, user, password) rewritten to go through the pooler. */
  urlFor(serverUrl: string): string;
  /** PgBouncer's own log (for a failure's message). */
  log(): string;
  stop(): Promise<void>;
}

export interface PgBouncerOptions {
  /** The PostgreSQL server it pools (host and port of this URL). */
  serverUrl: string;
  /** Server connections per database and user (20 by default). */
  poolSize?: number;
}

export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  const server = new URL(options.serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'ecolage-pgbouncer-'));
  // Run as root, PgBouncer drops to `nobody` (-u), which must read its files.
  chmodSync(dir, 0o755);
  const user = decodeURIComponent(server.username || 'postgres');
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, text, { mode: 0o644 });
    return at;
  };
  const userlist = file('userlist.txt', `"${user}" ""\n`);
  const logFile = path.join(dir, 'pgbouncer.log');
  const ini = file(
    'pgbouncer.ini',
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${userlist}`,
      'pool_mode = transaction',
      'max_client_conn = 2000',
      `default_pool_size = ${options.poolSize ?? 20}`,
      // node-postgres sends none of these by default; drivers that do must not be refused.
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(PGBOUNCER_BINARY, [...(asRoot ? ['-u', 'nobody'] : []), ini], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    writeFileSync(logFile, output);
  });
  const urlFor = (serverUrl: string) => {
    const url = new URL(serverUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return url.toString();
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready once a query goes through.
  for (let i = 0; ; i += 1) {
    const probe = new pg.Client({ connectionString: urlFor(options.serverUrl) });
    probe.on('error', () => undefined);
    const ok = await probe
      .connect()
      .then(() => probe.query('select 1'))
      .then(
        () => true,
        () => false,
      );
    await probe.end().catch(() => undefined);
    if (ok) break;
    if (i > 50 || child.exitCode !== null) {
      await stop();
      throw new Error(`PgBouncer ne démarre pas :\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    urlFor,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : output),
    stop,
  };
}
