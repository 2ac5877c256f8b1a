import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { metricsContentType, metricsText } from './registry';

export interface MetricsRoutesOptions {
  /** METRICS_TOKEN: when set, `Authorization: Bearer <token>` is required. */
  token?: string;
}

function sameToken(given: string | undefined, expected: string): boolean {
  if (!given?.startsWith('Bearer ')) return false;
  const a = Buffer.from(given.slice('Bearer '.length));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics: the process's series in Prometheus's text format. Public unless METRICS_TOKEN is
 * set; out of the OpenAPI document, the rate limit (Prometheus scrapes on its own schedule) and
 * the HTTP histogram.
 */
export const metricsRoutes: FastifyPluginAsync<MetricsRoutesOptions> = async (app, options) => {
  app.get(
    '/metrics',
    { schema: { hide: true }, config: { public: true, rateLimit: false } },
    async (request, reply) => {
      if (options.token && !sameToken(request.headers.authorization, options.token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ code: 'UNAUTHENTICATED', message: 'Jeton des métriques absent ou invalide.' });
      }
      return reply.header('content-type', metricsContentType).send(await metricsText());
    },
  );
};
