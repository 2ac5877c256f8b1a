import { healthResponseSchema } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, DatabaseEngine } from '../db/database';

export interface HealthRoutesOptions {
  db: Database;
  engine: DatabaseEngine;
  version: string;
}

/** GET /api/health: 200 when the database answers, 503 otherwise (for load balancers). */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
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
      const database = await options.db
        .execute(sql`select 1`)
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      return reply.status(database === 'up' ? 200 : 503).send({
        status: database === 'up' ? 'ok' : 'degraded',
        database,
        engine: options.engine,
        version: options.version,
        uptimeSeconds: Math.floor(process.uptime()),
      });
    },
  );
};
