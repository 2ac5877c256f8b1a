import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';
import { isProcessAlive } from './processes';

const fixture = fileURLToPath(new URL('./embedded-child.fixture.ts', import.meta.url));
const serverRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Starts the fixture in its own Node process; resolves once it printed "ready" (or exited). */
function startChild(dataDir: string, rows: number, identity?: { uid: number; gid: number }) {
  // One Node process (not the tsx wrapper, which forks): kill -9 must hit the engine's owner.
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, String(rows)], {
    cwd: serverRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...identity,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const outcome = new Promise<{ ready: boolean; code: number | null; stderr: string }>(
    (resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString('utf8').includes('ready')) resolve({ ready: true, code: null, stderr });
      });
      child.on('exit', (code) => resolve({ ready: false, code, stderr }));
    },
  );
  return { child, outcome };
}

async function count(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>('select count(*)::int as n from survivors');
    return result.rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL engine', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ecolage-engine-'));
    chmodSync(dataDir, 0o755);
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the cluster on first start, then reuses it', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    expect(first.created).toBe(true);
    expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    const encoding = await client.query<{ server_encoding: string }>('show server_encoding');
    expect(encoding.rows[0]?.server_encoding).toBe('UTF8');
    await client.query(
      'create table survivors (n int primary key); insert into survivors values (1)',
    );
    await client.end();
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir });
    expect(second.created).toBe(false);
    expect(await count(second.url)).toBe(1);
    await second.stop();
  });

  it('refuses a second process on the same data directory with a clear message', async () => {
    const owner = await startEmbeddedPostgres({ dataDir });
    try {
      const { outcome } = startChild(dataDir, 0);
      const result = await outcome;
      expect(result.ready).toBe(false);
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(
        `déjà utilisé par un autre processus Écolage (PID ${process.pid})`,
      );
      expect(await count(owner.url)).toBe(1);
    } finally {
      await owner.stop();
    }
  });

  it('keeps every committed row after kill -9 and stops the orphaned server on the next start', async () => {
    const started = startChild(dataDir, 500);
    child = started.child;
    const result = await started.outcome;
    expect(result).toMatchObject({ ready: true });
    const orphan = Number(
      readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0],
    );

    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    expect(isProcessAlive(orphan)).toBe(true); // the server outlived Node, as it does in real life

    const restarted = await startEmbeddedPostgres({ dataDir });
    try {
      expect(isProcessAlive(orphan)).toBe(false);
      expect(await count(restarted.url)).toBe(500);
    } finally {
      await restarted.stop();
    }
  });

  // As root, the tests above cover the root path (server run as `postgres`); this one covers an
  // ordinary user, for whom the engine runs as that same user. Without root we are that user.
  it.runIf(process.getuid?.() === 0)('works for an ordinary user too', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'ecolage-user-'));
    const nobody = { uid: 65534, gid: 65534 };
    chownSync(own, nobody.uid, nobody.gid);
    const started = startChild(own, 3, nobody);
    try {
      const result = await started.outcome;
      expect(result).toMatchObject({ ready: true });
      const cluster = statSync(path.join(own, 'pg'));
      expect(cluster.uid).toBe(nobody.uid);
    } finally {
      started.child.kill('SIGTERM');
      await new Promise((resolve) => started.child.once('exit', resolve));
      rmSync(own, { recursive: true, force: true });
    }
  });
});
