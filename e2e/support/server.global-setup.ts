import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Starts the built product exactly as `npm start` runs it — bundled server, embedded database in a
 * fresh data directory, demo seed — on a free port, and hands its URL to the journeys.
 */
export default async function setup(project: TestProject) {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(main) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Lancez « npm run build » avant « npm run e2e ».');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ecolage-e2e-'));
  chmodSync(dataDir, 0o755);
  const server = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      // info: captured e-mails (invitation and reset links) are logged; journeys read them.
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const serverLog = path.join(dataDir, 'server.log');
  server.stdout?.on('data', (chunk: Buffer) => appendFileSync(serverLog, chunk));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`serveur non prêt :\n${output}`)), 30_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /prêt : (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.once('exit', (code) => reject(new Error(`serveur arrêté (code ${code}) :\n${output}`)));
  });
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
