// Entry point of the PSP sandbox: listens on 127.0.0.1 only (PSP_SANDBOX_PORT, default 3100) and
// lets the clock expire unanswered payments every second. With PSP_SANDBOX_DATA_DIR it keeps its
// transactions there across restarts and takes over a sandbox an earlier run left behind.
import { buildSandbox } from './app';
import { configFromEnv, smtpPortFromEnv } from './config';
import { startSmtpServer, type SandboxSmtp } from './smtp';
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
  smtp?: SandboxSmtp;
  stopping?: boolean;
} = {};
async function shutdown(): Promise<void> {
  if (running.stopping) return;
  running.stopping = true;
  clearInterval(running.sweeper);
  await running.smtp?.close();
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
  // Écolage's e-mails (SMTP_URL) arrive here and are shown on /boite-mail.
  const smtpPort = smtpPortFromEnv(process.env, port);
  running.smtp = await startSmtpServer({
    store: app.mailbox,
    port: smtpPort,
    onError: (error) => app.log.error(error),
  }).catch((error: unknown) => {
    app.log.error(
      `Serveur SMTP du bac à sable impossible sur 127.0.0.1:${smtpPort} : ${(error as Error).message}`,
    );
    return undefined;
  });
  if (running.smtp) {
    app.log.info(
      `Serveur SMTP du bac à sable : smtp://127.0.0.1:${running.smtp.port} (/boite-mail)`,
    );
  }
  announceReady(port);
} catch (error) {
  app.log.error(error);
  claim?.release();
  process.exit(1);
}
