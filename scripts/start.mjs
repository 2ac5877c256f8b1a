// `npm start`: builds what is missing or out of date (web app, server bundle), then runs the server,
// which starts the embedded database (or uses DATABASE_URL), migrates and seeds the demo school.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...parts) => path.join(root, ...parts);

if (existsSync(at('.env'))) process.loadEnvFile(at('.env'));

/** Newest modification time under the given files and folders (skipping build output). */
function newest(paths) {
  let latest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stats = statSync(entry);
    if (stats.isDirectory()) {
      for (const name of readdirSync(entry)) {
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
      }
    } else {
      latest = Math.max(latest, stats.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

function buildIfStale(label, output, sources, workspace) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built > newest(sources)) return;
  console.log(`Construction ${label}…`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`La construction ${label} a échoué.`);
    process.exit(result.status ?? 1);
  }
}

const shared = [at('packages', 'contracts', 'src'), at('packages', 'money', 'src')];
buildIfStale(
  "de l'application web",
  at('apps', 'web', 'dist', 'index.html'),
  [
    at('apps', 'web', 'src'),
    at('apps', 'web', 'public'),
    at('apps', 'web', 'index.html'),
    at('apps', 'web', 'vite.config.ts'),
    ...shared,
  ],
  '@ecolage/web',
);
buildIfStale(
  'du serveur',
  at('apps', 'server', 'dist', 'main.js'),
  [at('apps', 'server', 'src'), at('apps', 'server', 'scripts', 'build.mjs'), ...shared],
  '@ecolage/server',
);

// Demo mode (embedded database): the payment providers' simulator runs beside the product, on
// 127.0.0.1, and the adapters are pointed at it — unless PSP_SANDBOX=off or real settings exist.
if (!process.env.DATABASE_URL && process.env.PSP_SANDBOX !== 'off') {
  buildIfStale(
    'du simulateur des opérateurs de paiement',
    at('apps', 'psp-sandbox', 'dist', 'main.js'),
    [
      at('apps', 'psp-sandbox', 'src'),
      at('apps', 'psp-sandbox', 'scripts', 'build.mjs'),
      ...shared,
    ],
    '@ecolage/psp-sandbox',
  );
  const port = (process.env.PSP_SANDBOX_PORT ??= '3100');
  const origin = `http://127.0.0.1:${port}`;
  // Where the simulated providers deliver their webhooks: this server's webhook routes.
  const server = `http://127.0.0.1:${process.env.PORT ?? '3000'}/api/psp`;
  process.env.PSP_SANDBOX_WAVE_WEBHOOK_URL ??= `${server}/wave/webhook`;
  process.env.PSP_SANDBOX_FEDAPAY_WEBHOOK_URL ??= `${server}/fedapay/webhook`;
  process.env.PSP_SANDBOX_PAYGATE_CALLBACK_URL ??= `${server}/paygate/webhook`;
  // WhatsApp's webhook (Meta's app setting): the sandbox verifies it (GET hub.challenge) first.
  process.env.PSP_SANDBOX_WHATSAPP_WEBHOOK_URL ??= `http://127.0.0.1:${process.env.PORT ?? '3000'}/api/webhooks/messages/whatsapp`;
  // Beside the server's data (DATA_DIR, resolved as the server does): its transactions survive a
  // restart, and a sandbox left by a run killed with `kill -9` is taken over, not collided with.
  const dataDir = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    process.env.DATA_DIR || 'data',
  );
  const { startSandboxProcess } = await import(
    pathToFileURL(at('apps', 'psp-sandbox', 'supervise.mjs')).href
  );
  let sandbox;
  try {
    sandbox = await startSandboxProcess({
      args: [at('apps', 'psp-sandbox', 'dist', 'main.js')],
      cwd: root,
      env: {
        ...process.env,
        PSP_SANDBOX_DATA_DIR: process.env.PSP_SANDBOX_DATA_DIR || path.join(dataDir, 'psp-sandbox'),
        LOG_LEVEL: process.env.PSP_SANDBOX_LOG_LEVEL ?? 'warn',
      },
    });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  process.on('exit', () => sandbox.kill());
  const { sandboxProviderEnv } = await import(
    pathToFileURL(at('apps', 'psp-sandbox', 'demo-env.mjs')).href
  );
  // Its SMTP server listens on PSP_SANDBOX_SMTP_PORT, else its HTTP port + 1: SMTP_URL points there.
  const smtpPort = process.env.PSP_SANDBOX_SMTP_PORT
    ? Number(process.env.PSP_SANDBOX_SMTP_PORT)
    : undefined;
  for (const [name, value] of Object.entries(sandboxProviderEnv(origin, smtpPort))) {
    process.env[name] ??= value;
  }
  console.log(`Simulateur des opérateurs de paiement : ${origin}/telephone`);
  console.log(`Boîte mail du simulateur (e-mails envoyés par SMTP) : ${origin}/boite-mail`);
}

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(at('apps', 'server', 'dist', 'main.js')).href);
