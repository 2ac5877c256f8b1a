import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/**
 * The process's one metrics registry: what `/metrics` answers (the API's and the worker's). One per
 * process, so every series is registered once, when its file is first loaded; the database gauges
 * read the sources the composition hands them (`startDatabaseGauges`).
 */
export const registry = new Registry();

// CPU, memory, heap, event-loop lag, handles, GC: prom-client's process series.
collectDefaultMetrics({ register: registry });

/** The text format's content type, as prom-client writes it. */
export const metricsContentType = registry.contentType;

/** Every series of the process in Prometheus's text format. */
export function metricsText(): Promise<string> {
  return registry.metrics();
}

/** Collections a database gauge could not make (timeout, database down): its last value stays. */
export const collectFailures = new Counter({
  name: 'ecolage_metrics_collect_failures_total',
  help: 'Database gauges that could not be read (their previous value is kept), by source',
  labelNames: ['source'] as const,
  registers: [registry],
});

/** Queries slower than SLOW_QUERY_MS (each also logged at warn). */
export const slowQueries = new Counter({
  name: 'ecolage_slow_queries_total',
  help: 'Database queries slower than SLOW_QUERY_MS',
  registers: [registry],
});
