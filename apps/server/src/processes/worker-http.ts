// A worker process's only HTTP (WORKER_PORT): liveness, readiness and metrics, for the
// orchestrator and Prometheus. No application route: the API processes serve those.
import Fastify, { type FastifyInstance } from 'fastify';
import { startApplicationGauges } from '../composition/database-gauges';
import { instrumentHttp, metricsRoutes, requestIdOptions } from '../platform/observability';
import type { ProcessBase } from './start-up';

export async function startWorkerHttp(base: ProcessBase): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, return503OnClosing: true, ...requestIdOptions });
  instrumentHttp(app);
  // Alive as long as the event loop answers: a restart would not help otherwise.
  app.get('/api/health/live', async () => ({ status: 'ok' }));
  // Ready once migrated and started, while the database answers; 503 otherwise (and stopping).
  app.get('/api/health/ready', async (_request, reply) => {
    const report = await base.readiness.check();
    return reply.status(report.ready ? 200 : 503).send(report);
  });
  // The worker's own series (jobs run, messages sent) and the database gauges, for Prometheus.
  startApplicationGauges(base.database.db);
  await app.register(metricsRoutes, { token: base.config.METRICS_TOKEN });
  await app.listen({ host: base.config.HOST, port: base.config.WORKER_PORT });
  return app;
}

/** The port the worker's HTTP server took (WORKER_PORT=0 in tests). */
export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
