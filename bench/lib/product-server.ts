import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningProduct {
  url: string;
  /** Milliseconds from spawn to the "prêt" line. */
  readyMs: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function freshDataDir(label: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `ecolage-bench-${label}-`));
  chmodSync(dir, 0o755);
  return dir;
}

/** Runs `npm start`'s script (scripts/start.mjs) on a data directory and waits until it is ready. */
export function startProduct(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningProduct> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /prêt : (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        resolve({
          url: match[1],
          readyMs: performance.now() - started,
          process: child,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`arrêt inattendu (code ${code}) :\n${output}`)));
  });
}
