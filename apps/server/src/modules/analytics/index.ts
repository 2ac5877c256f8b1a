/**
 * « Statistiques » (issue 20): the school's collections, receivables and the traffic of its public
 * pages, read from rollups kept as payments and invoices change (`rollups/`), and the cash
 * forecast with its measured accuracy (`forecast/`). A reporting module: its named reads cross
 * billing's, payments' and students' tables read-only (docs/architecture.md).
 */
export type { CollectionFactRow } from './rollups/rollups.tables';
export { forecastRoutes } from './forecast/forecast.routes';
export {
  computeCashForecast,
  createForecastMemo,
  getCashForecast,
} from './forecast/forecast.service';
export { statisticsRoutes } from './statistics/statistics.routes';
export { kpi, oneDecimal } from './statistics/statistics-period';
export {
  rebuildPaymentFacts,
  rebuildReceivableDays,
  refreshStatistics,
  type RefreshOutcome,
} from './rollups/refresh-statistics.service';
export { statisticsEventHandlers } from './rollups/statistics-events';
export { STATISTICS_REFRESH_JOB, statisticsRefreshJob } from './rollups/statistics-refresh.job';
export {
  collectedOnDays,
  receivablesOn,
  type RollupReceivables,
} from './rollups/rollup-figures.repository';
