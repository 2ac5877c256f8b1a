import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@ecolage/contracts';
import { errorStatus } from '../../lib/error-message';
import { apiRequest } from '../auth/auth-client';
import { dashboardKeys } from '../payments/payment-records.api';
import { expectShape } from '../students/student-detail.api';

/**
 * `GET /api/dashboard` (read:statistics): the four figures of the day and their change. Asked
 * again each time the dashboard opens, and after a refund (`dashboardKeys`).
 */
export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: async ({ signal }) =>
      expectShape<Dashboard>(await apiRequest('/api/dashboard', { signal }), 'collectedToday'),
    enabled,
    staleTime: 0,
    retry: (failures, error) => failures < 1 && errorStatus(error) !== 403,
  });
}
