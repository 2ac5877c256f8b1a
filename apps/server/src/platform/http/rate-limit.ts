import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * A per-IP request budget for the whole API; sensitive routes set a tighter one in their
 * `config.rateLimit`. The store is in memory: one budget per instance (see
 * docs/decisions/0004-rate-limiting.md for the move to a shared store).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { perMinute: number },
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: '1 minute',
    // Static files of the web app are not worth counting.
    allowList: (request) => !request.url.startsWith('/api/'),
  });
}
