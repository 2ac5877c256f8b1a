// Entry point of the PSP sandbox: listens on 127.0.0.1 only (PSP_SANDBOX_PORT, default 3100) and
// lets the clock expire unanswered payments every second.
import { buildSandbox } from './app';
import { configFromEnv } from './config';

const port = Number(process.env.PSP_SANDBOX_PORT ?? 3100);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`PSP_SANDBOX_PORT invalide : ${process.env.PSP_SANDBOX_PORT}`);
  process.exit(1);
}

const app = await buildSandbox({
  config: configFromEnv(process.env, port),
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});
const sweeper = setInterval(() => app.sandbox.sweep(), 1_000);

async function shutdown(): Promise<void> {
  clearInterval(sweeper);
  await app.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

try {
  // Never on another interface: the credentials are public sandbox values.
  await app.listen({ host: '127.0.0.1', port });
  app.log.info(`Bac à sable PSP prêt : http://127.0.0.1:${port}/telephone`);
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
