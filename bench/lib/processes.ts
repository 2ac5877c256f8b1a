// The split deployment's processes for the benches: `npm run api` and `npm run worker`'s entry
// points (apps/server/src/processes/) started as child processes, each ready when its
// /api/health/ready answers 200.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../e2e/support/free-port';
import { root } from './product-server';

export interface ServerProcess {
  kind: 'api' | 'worker';
  /** The API's origin, or the worker's health origin. */
  origin: string;
  child: ChildProcess;
  /** Output kept for a failure's message. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: no goodbye, whatever it was doing. */
  kill(): Promise<void>;
}

/** Children never outlive the bench (a killed or failed run). */
const children = new Set<ChildProcess>();
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export async function startServerProcess(
  kind: 'api' | 'worker',
  env: NodeJS.ProcessEnv,
  /** Chosen beforehand when others must know it (the providers' callbacks). */
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/processes', `${kind}.ts`)],
    {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...env,
        ...(kind === 'api' ? { PORT: String(port) } : { WORKER_PORT: String(port) }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`${kind} arrêté au démarrage :\n${output}`);
    const ready = await fetch(`${origin}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (i > 1_200) {
      child.kill('SIGKILL');
      throw new Error(`${kind} pas prêt après 2 minutes :\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    kind,
    origin,
    child,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
