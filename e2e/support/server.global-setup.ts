import { spawn } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The providers' simulator, as `npm start` runs it in demo mode. */
async function startSandbox() {
  const port = await freePort();
  // Its SMTP server (the Boîte mail), where the product's SMTP_URL points.
  const smtpPort = await freePort();
  const sandbox = spawn(process.execPath, [path.join(root, 'apps/psp-sandbox/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PSP_SANDBOX_PORT: String(port),
      PSP_SANDBOX_SMTP_PORT: String(smtpPort),
      // Delivery reports of SMS and WhatsApp a fifth of a second apart (1 s by default).
      PSP_SANDBOX_DLR_DELAY_MS: '200',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    const ready = await fetch(`${origin}/__sim/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { origin, smtpPort, process: sandbox };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  sandbox.kill();
  throw new Error('le simulateur des opérateurs ne démarre pas');
}

/**
 * Starts the built product exactly as `npm start` runs it — bundled server, embedded database in a
 * fresh data directory, demo seed — on a free port, and hands its URL to the journeys.
 */
export default async function setup(project: TestProject) {
  const main = path.join(root, 'apps/server/dist/main.js');
  const sandboxMain = path.join(root, 'apps/psp-sandbox/dist/main.js');
  if (
    !existsSync(main) ||
    !existsSync(sandboxMain) ||
    !existsSync(path.join(root, 'apps/web/dist/index.html'))
  ) {
    throw new Error('Lancez « npm run build » avant « npm run e2e ».');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ecolage-e2e-'));
  chmodSync(dataDir, 0o755);
  const sandbox = await startSandbox();
  const { sandboxProviderEnv } = (await import(
    pathToFileURL(path.join(root, 'apps/psp-sandbox/demo-env.mjs')).href
  )) as { sandboxProviderEnv(origin: string, smtpPort?: number): Record<string, string> };
  // A known port rather than 0: the receipts' QR codes carry the server's public address.
  const port = await freePort();
  const server = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      ...sandboxProviderEnv(sandbox.origin, sandbox.smtpPort),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // info: captured e-mails (invitation and reset links) are logged; journeys read them.
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      // The reminders journey moves the planner's and dispatcher's clock (every provider is local).
      TEST_CLOCK: 'enabled',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const serverLog = path.join(dataDir, 'server.log');
  server.stdout?.on('data', (chunk: Buffer) => appendFileSync(serverLog, chunk));
  // Migrations and the demo seed of a fresh database: 90 s leaves room for a loaded 2-core machine.
  const ready = new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`serveur non prêt :\n${output}`)), 90_000);
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
  const baseUrl = await ready.catch((error: unknown) => {
    // Nothing is left running behind a failed start.
    server.kill('SIGKILL');
    sandbox.process.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  // The simulated providers notify this server (their dashboards' webhook settings).
  await fetch(`${sandbox.origin}/__sim/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      webhookUrls: {
        wave: `${baseUrl}/api/psp/wave/webhook`,
        fedapay: `${baseUrl}/api/psp/fedapay/webhook`,
        paygate: `${baseUrl}/api/psp/paygate/webhook`,
      },
      // WhatsApp's (one per app at Meta): verified by its GET handshake before any status is posted.
      whatsappWebhookUrl: `${baseUrl}/api/webhooks/messages/whatsapp`,
    }),
  });
  project.provide('baseUrl', baseUrl);
  project.provide('serverLog', serverLog);
  project.provide('sandboxUrl', sandbox.origin);

  return async () => {
    sandbox.process.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
