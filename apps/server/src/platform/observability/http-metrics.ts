import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Histogram, type LabelValues } from 'prom-client';
import { registry } from './registry';
import { runInContext } from './request-context';

type HttpLabels = 'method' | 'route' | 'status_class';

export const httpRequestDuration = new Histogram<HttpLabels>({
  name: 'ecolage_http_request_duration_seconds',
  help: 'HTTP requests by method, route template and status class (2xx, 4xx…), in seconds',
  labelNames: ['method', 'route', 'status_class'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** The route label of requests no route matched (404s, scans): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';
/** Not counted: Prometheus's own scrapes would drown the rest. */
const UNCOUNTED_ROUTES = new Set(['/metrics']);

/** A request id taken from the caller (a proxy's, a client's) only if it is short and plain. */
const SANE_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * Fastify's request ids: the caller's `X-Request-Id` when sane (a proxy's id ties its log to
 * ours), else a random UUID (unique across processes, unlike Fastify's per-process counter).
 * Spread into the Fastify options by app.ts.
 */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId(request: IncomingMessage): string {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  },
};

/** Histogram children by route, method and status class: no label hashing per request. */
type Children = Map<string, Map<string, Histogram.Internal<HttpLabels>[]>>;
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

function childFor(children: Children, route: string, method: string, status: number) {
  let byMethod = children.get(route);
  if (!byMethod) children.set(route, (byMethod = new Map()));
  let byClass = byMethod.get(method);
  if (!byClass) byMethod.set(method, (byClass = []));
  const index = Math.min(Math.max(Math.floor(status / 100), 1), 5) - 1;
  let child = byClass[index];
  if (!child) {
    const labels: LabelValues<HttpLabels> = {
      method,
      route,
      status_class: STATUS_CLASSES[index]!,
    };
    child = byClass[index] = httpRequestDuration.labels(labels);
  }
  return child;
}

/**
 * The HTTP side of observability, installed once by app.ts (and the worker's small server): the
 * request id echoed in `X-Request-Id` and kept for the slow-query log; the school and user of an
 * authenticated member on every later log line of the request; the duration histogram by route
 * template (Fastify's `routeOptions.url`, never the raw URL: bounded cardinality). Three cheap
 * hooks, no allocation per request beyond the context object.
 */
export function instrumentHttp(app: FastifyInstance): void {
  const children: Children = new Map();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    runInContext({ reqId: request.id }, done);
  });
  // After the auth plugin's onRequest: the member is known. A child logger only for them.
  app.addHook('preHandler', (request, reply, done) => {
    const member = request.member;
    if (member) {
      request.log = request.log.child({
        schoolId: member.organizationId,
        userId: member.userId,
      });
      reply.log = request.log;
    } else if (request.operator) {
      request.log = request.log.child({ userId: request.operator.userId });
      reply.log = request.log;
    }
    done();
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    if (!UNCOUNTED_ROUTES.has(route)) {
      childFor(children, route, request.method, reply.statusCode).observe(reply.elapsedTime / 1000);
    }
    done();
  });
}
