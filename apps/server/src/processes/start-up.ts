// What every kind of process does first (main.ts: both; api.ts: HTTP; worker.ts: background work):
// settings, logger, database, schema, message channels, and a graceful stop on SIGTERM/SIGINT.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { pino } from 'pino';
import {
  configureEmailTransport,
  configureMessageLinks,
  configureSmsGateway,
  configureWhatsApp,
  messagingSettingsFromEnv,
  type EmailSettings,
  type SmsGateway,
  type WhatsAppSettings,
} from '../modules/messaging';
import * as schema from '../db-schema';
import { configureCampaignTouches } from '../modules/marketing';
import { openDatabase, type DatabaseHandle } from '../platform/db/database';
import { migrationStatus, runMigrations } from '../platform/db/migrate';
import { loadConfig, type Config } from '../platform/env';
import { createLogger } from '../platform/logger';
import { createReadiness, type Readiness } from '../platform/observability/readiness';
import { watchSlowQueries } from '../platform/observability';
import { serverRoot } from '../platform/paths';
import { resolveJwtSecret } from '../platform/secrets';
import { createFileStorage, type FileStorage } from '../platform/storage';

export type ProcessKind = 'all' | 'api' | 'worker';

export interface ProcessBase {
  kind: ProcessKind;
  config: Config;
  logger: pino.Logger;
  version: string;
  jwtSecret: string;
  /** Where files are kept (STORAGE_DRIVER): shared by every process when it is S3. */
  storage: FileStorage;
  database: DatabaseHandle;
  /** Where a session of its own goes (LISTEN): DATABASE_DIRECT_URL, not PgBouncer's. */
  listenUrl: string;
  readiness: Readiness;
  startedAt: number;
}

/** Logs a fatal start-up error in French and exits with 1. */
export function fail(logger: pino.Logger, error: unknown): never {
  logger.fatal(error instanceof Error ? error.message : error);
  process.exit(1);
}

/** Settings, logger, secret and database; readiness `starting` until `enter('ready')`. */
export async function openProcess(kind: ProcessKind, poolMax?: number): Promise<ProcessBase> {
  const startedAt = performance.now();
  const config = loadConfig();
  const logger = createLogger(
    config,
    kind === 'all' ? {} : { base: { pid: process.pid, process: kind } },
  );
  const { version } = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  let jwtSecret: string;
  try {
    jwtSecret = resolveJwtSecret(config);
  } catch (error) {
    fail(logger, error);
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolMax: poolMax ?? config.DATABASE_POOL_MAX,
    onEngineLog: (line) => logger.debug({ engine: 'postgres' }, line),
    schema,
  }).catch((error: unknown) => fail(logger, error));
  // Queries slower than SLOW_QUERY_MS are logged with their statement (never their values).
  watchSlowQueries(database.pool, { thresholdMs: config.SLOW_QUERY_MS, logger });
  const readiness = createReadiness(() => database.pool.query('select 1'));
  const listenUrl = config.DATABASE_URL
    ? (config.DATABASE_DIRECT_URL ?? config.DATABASE_URL)
    : database.url;
  const storage = createFileStorage(config, jwtSecret);
  return {
    kind,
    config,
    logger,
    version,
    jwtSecret,
    storage,
    database,
    listenUrl,
    readiness,
    startedAt,
  };
}

/** How often a process started with MIGRATE_ON_START=false looks at the schema again. */
const SCHEMA_POLL_MS = 2_000;

/**
 * MIGRATE_ON_START (default): applies the migrations (processes starting together take turns).
 * Otherwise waits, not ready, until someone (`npm run db:migrate`, a newer version) has applied
 * this code's migrations. A database NEWER than the code is accepted: during a zero-downtime
 * upgrade the migrations run first, and the old version keeps serving on the new schema
 * (migrations are written to be compatible with the version before).
 */
export async function prepareSchema(base: ProcessBase): Promise<void> {
  const { config, database, logger, readiness } = base;
  readiness.enter('migrating');
  if (config.MIGRATE_ON_START) {
    await runMigrations(database.pool).catch((error: unknown) =>
      fail(logger, new Error(`Migrations impossibles : ${(error as Error).message}`)),
    );
  } else {
    for (let said = false; ; said = true) {
      const status = await migrationStatus(database.pool).catch(() => null);
      if (status?.upToDate) {
        if (status.newer > 0) {
          logger.info(
            { newer: status.newer },
            'la base a des migrations plus récentes que ce code (mise à jour en cours) : on continue',
          );
        }
        break;
      }
      if (!said) {
        logger.warn(
          { pending: status?.pending },
          'MIGRATE_ON_START=false : en attente des migrations (npm run db:migrate)',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, SCHEMA_POLL_MS));
    }
  }
  readiness.enter('starting');
}

export interface Channels {
  smsGateway: SmsGateway | null;
  whatsapp: WhatsAppSettings | null;
  emailTransport: EmailSettings | null;
}

/**
 * What sends messages, in every process. SMS and WhatsApp: queued for the providers the environment names (the sandbox's téléphone in
 * demo), else captured; their delivery reports come back to the callback origin (decisions/0020).
 * E-mail: queued for the SMTP server when one is set, else captured.
 */
export function configureChannels(base: ProcessBase): Channels {
  let channels: ReturnType<typeof messagingSettingsFromEnv>;
  try {
    channels = messagingSettingsFromEnv(base.config);
  } catch (error) {
    fail(base.logger, error);
  }
  configureSmsGateway(channels.sms);
  configureWhatsApp(channels.whatsapp);
  // The opt-out links of reminders and campaigns and the campaigns' touches are signed with the
  // process's secret: the worker renders them (dispatcher, campaign sending), the API checks them.
  configureMessageLinks(base.jwtSecret);
  configureCampaignTouches(base.jwtSecret);
  const emailTransport = base.config.SMTP_URL
    ? { smtpUrl: base.config.SMTP_URL, from: base.config.MAIL_FROM }
    : null;
  configureEmailTransport(emailTransport);
  return { smsGateway: channels.sms, whatsapp: channels.whatsapp, emailTransport };
}

/**
 * SIGTERM/SIGINT: not ready at once (the load balancer stops sending), then each step in order
 * (stop taking work, finish what is under way, close), the database last; forced after `graceMs`.
 */
export function stopOnSignals(
  base: ProcessBase,
  steps: readonly (() => Promise<unknown>)[],
  graceMs = 10_000,
): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    base.readiness.enter('stopping');
    base.logger.info({ signal }, 'arrêt en cours');
    const force = setTimeout(() => {
      base.logger.error({ signal }, 'arrêt forcé : le travail en cours n’a pas fini à temps');
      process.exit(1);
    }, graceMs).unref();
    try {
      for (const step of steps) {
        await step().catch((error: unknown) =>
          base.logger.warn({ err: error }, 'étape de l’arrêt en échec'),
        );
      }
      await base.database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
