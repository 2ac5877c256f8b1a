import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SettlementPage } from '@ecolage/contracts';
import { apiRequest } from '../../auth/auth-client';
import { expectShape, retryUnlessRefused } from '../../students/student-detail.api';
import { settlementQuery } from './settlement-params';
import type { SettlementParams } from './settlement-params';

export const settlementKeys = {
  all: ['accounting', 'settlements'] as const,
  page: (query: string) => ['accounting', 'settlements', query] as const,
  payoutChoices: ['accounting', 'settlements', 'payout-choices'] as const,
};

/** `GET /api/accounting/settlements?…`: one page of lines and the totals of every filtered one. */
export function useSettlementPage(params: SettlementParams) {
  const query = settlementQuery(params);
  return useQuery({
    queryKey: settlementKeys.page(query),
    queryFn: async ({ signal }) =>
      expectShape<SettlementPage>(
        await apiRequest(`/api/accounting/settlements?${query}`, { signal }),
        'rows',
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

export interface PayoutChoice {
  id: string;
  reference: string;
  transferId: string | null;
}

/**
 * The school's latest payouts for the « Virement » filter (`GET /api/accounting/payouts`, the
 * « Virements » tab's list). Without it (refused, or not there), the filter is set by the
 * address or a row's payout only.
 */
export function usePayoutChoices() {
  return useQuery({
    queryKey: settlementKeys.payoutChoices,
    queryFn: async ({ signal }) => {
      const answer = expectShape<{ items: PayoutChoice[] }>(
        await apiRequest('/api/accounting/payouts?pageSize=100', { signal }),
        'items',
      );
      return answer.items.map(({ id, reference, transferId }) => ({ id, reference, transferId }));
    },
    staleTime: 60_000,
    retry: false,
  });
}
