// Entry point of the PSP sandbox: listens on 127.0.0.1 only (PSP_SANDBOX_PORT, default 3100) and
// lets the clock expire unanswered payments every second. With PSP_SANDBOX_DATA_DIR it keeps its
// transactions there across restarts and takes over a sandbox an earlier run left behind.
import { buildSandbox } from './app';
import { configFromEnv } from './config';
import { claimDataDirectory, followParent, type DataDirectoryClaim } from './supervision';

const port = Number(process.env.PSP_SANDBOX_PORT ?? 3100);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`PSP_SANDBOX_PORT invalide : ${process.env.PSP_SANDBOX_PORT}`);
  process.exit(1);
}
const dataDir = process.env.PSP_SANDBOX_DATA_DIR || undefined;

/** What a stop must close: filled in as start-up goes (a stop may come at any point). */
const running: {
  claim?: DataDirectoryClaim;
  app?: Awaited<ReturnType<typeof buildSandbox>>;
  sweeper?: NodeJS.Timeout;
  stopping?: boolean;
} = {};
async function shutdown(): Promise<void> {
  if (running.stopping) return;
  running.stopping = true;
  clearInterval(running.sweeper);
  await running.app?.close();
  running.claim?.release();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
const announceReady = followParent(() => void shutdown());

const claim = dataDir ? await claimDataDirectory(dataDir) : undefined;
running.claim = claim;
const app = await buildSandbox({
  config: configFromEnv(process.env, port),
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  ...(dataDir ? { dataDir } : {}),
});
if (claim?.tookOverFrom !== undefined) {
  app.log.warn(
    `Bac à sable PSP resté d'une exécution précédente arrêté (PID ${claim.tookOverFrom})`,
  );
}
running.app = app;
running.sweeper = setInterval(() => app.sandbox.sweep(), 1_000);

try {
  // Never on another interface: the credentials are public sandbox values.
  await app.listen({ host: '127.0.0.1', port });
  app.log.info(`Bac à sable PSP prêt : http://127.0.0.1:${port}/telephone`);
  announceReady(port);
} catch (error) {
  app.log.error(error);
  claim?.release();
  process.exit(1);
}
