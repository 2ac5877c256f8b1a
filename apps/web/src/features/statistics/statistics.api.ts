import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CashForecast, Statistics, StatisticsOptions } from '@ecolage/contracts';
import { apiRequest } from '../auth/auth-client';
import { expectShape, retryUnlessRefused } from '../students/student-detail.api';
import { statisticsQuery } from './statistics-params';
import type { StatisticsFilters } from './statistics-params';

export const statisticsKeys = {
  all: ['statistics'] as const,
  figures: (query: string) => ['statistics', 'figures', query] as const,
  options: ['statistics', 'options'] as const,
  forecast: ['statistics', 'forecast'] as const,
};

/**
 * `GET /api/statistics?periode=…` (read:statistics): the whole screen's figures for the filters.
 * The previous figures stay on screen (dimmed) while another filter's load.
 */
export function useStatistics(filters: StatisticsFilters) {
  const query = statisticsQuery(filters);
  return useQuery({
    queryKey: statisticsKeys.figures(query),
    queryFn: async ({ signal }) =>
      expectShape<Statistics>(await apiRequest(`/api/statistics?${query}`, { signal }), 'money'),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/statistics/options`: the periods and programmes the selects offer. */
export function useStatisticsOptions() {
  return useQuery({
    queryKey: statisticsKeys.options,
    queryFn: async ({ signal }) =>
      expectShape<StatisticsOptions>(
        await apiRequest('/api/statistics/options', { signal }),
        'periods',
      ),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/statistics/forecast`: the next three months' expected collections (no filter). */
export function useCashForecast() {
  return useQuery({
    queryKey: statisticsKeys.forecast,
    queryFn: async ({ signal }) =>
      expectShape<CashForecast>(await apiRequest('/api/statistics/forecast', { signal }), 'months'),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });
}
