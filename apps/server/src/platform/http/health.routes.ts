import { healthResponseSchema } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, DatabaseEngine } from '../db/database';
import { createReadiness, type Readiness } from '../observability/readiness';

export interface HealthRoutesOptions {
  db: Database;
  engine: DatabaseEngine;
  version: string;
  /** The process's phase (processes/*); absent (tests): ready once the app is built. */
  readiness?: Readiness;
  /** How long one database probe answers for /api/health (ms). */
  probeTtlMs?: number;
}

/**
 * A load balancer may poll /api/health from every node many times a second: one `select 1` answers
 * for the next second, and concurrent requests wait for the same one. The state stays real (at most
 * a second old), and a probe never ties up more than one pooled connection.
 */
export function cachedDatabaseProbe(db: Database, ttlMs: number): () => Promise<'up' | 'down'> {
  let last: { at: number; result: Promise<'up' | 'down'> } | undefined;
  return () => {
    const now = performance.now();
    if (last && now - last.at < ttlMs) return last.result;
    const result = db
      .execute(sql`select 1`)
      .then(() => 'up' as const)
      .catch(() => 'down' as const);
    last = { at: now, result };
    return result;
  };
}

const livenessSchema = z.object({ status: z.literal('ok') });
const readinessSchema = z.object({
  ready: z.boolean(),
  phase: z.enum(['starting', 'migrating', 'ready', 'stopping']),
  database: z.enum(['ok', 'unreachable']),
});

/**
 * GET /api/health: 200 when the database answers, 503 otherwise (for load balancers).
 * GET /api/health/live: 200 as long as the event loop answers (no database: a restart would not
 * bring it back). GET /api/health/ready: 200 once started and while the database answers; 503 with
 * the phase while starting, migrating or stopping (send no traffic). Neither probe counts against
 * the per-IP budget: an orchestrator polling them must never be told 429.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  const probe = cachedDatabaseProbe(options.db, options.probeTtlMs ?? 1_000);
  const readiness =
    options.readiness ??
    createReadiness(() =>
      probe().then((state) => {
        if (state === 'down') throw new Error('base de données injoignable');
      }),
    );
  if (!options.readiness) readiness.enter('ready');

  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['Système'],
        summary: 'État du service et de sa base de données',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const database = await probe();
      return reply.status(database === 'up' ? 200 : 503).send({
        status: database === 'up' ? 'ok' : 'degraded',
        database,
        engine: options.engine,
        version: options.version,
        uptimeSeconds: Math.floor(process.uptime()),
      });
    },
  );

  app.get(
    '/api/health/live',
    {
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['Système'],
        summary: 'Vivacité du processus (sans base de données)',
        response: { 200: livenessSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['Système'],
        summary: 'Prêt à recevoir du trafic (démarré, migré, base joignable)',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const report = await readiness.check();
      return reply.status(report.ready ? 200 : 503).send(report);
    },
  );
};
