/**
 * Observability of a process (docs/architecture.md « platform/observability »): the Prometheus
 * registry and its series, `/metrics`, the HTTP instrumentation, the database gauges, the request,
 * job and delivery context of log lines, the slow-query log, and readiness.
 */
export { registry as metricsRegistry, metricsContentType, metricsText } from './registry';
export { metricsRoutes, type MetricsRoutesOptions } from './metrics.routes';
export { instrumentHttp, requestIdOptions, UNMATCHED_ROUTE } from './http-metrics';
export {
  startDatabaseGauges,
  type DatabaseGaugeOptions,
  type DatabaseGaugeSources,
} from './database-gauges';
export { currentContext, runInContext, type WorkContext } from './request-context';
export {
  normalizeSql,
  watchSlowQueries,
  type SlowQueryLogger,
  type SlowQueryOptions,
} from './slow-queries';
export {
  createReadiness,
  type ProcessPhase,
  type Readiness,
  type ReadinessReport,
} from './readiness';
