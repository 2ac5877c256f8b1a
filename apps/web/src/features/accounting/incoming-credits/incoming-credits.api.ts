import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignIncomingCreditInput,
  IncomingCredit,
  IncomingCreditPage,
  IncomingCreditStatus,
  MerchantAccount,
} from '@ecolage/contracts';
import { apiRequest } from '../../auth/auth-client';
import { expectShape, id, retryUnlessRefused } from '../../students/student-detail.api';

/**
 * Server calls of « À affecter »: the page of credits (status, search, page), the school's
 * merchant codes, assigning a credit to a student and returning one to its sender.
 */

export const INCOMING_CREDITS_PAGE_SIZE = 20;

export interface IncomingCreditParams {
  status: IncomingCreditStatus | null;
  q: string;
  page: number;
}

export const incomingCreditKeys = {
  all: ['incoming-credits'] as const,
  page: (params: IncomingCreditParams) => ['incoming-credits', 'page', params] as const,
  merchantAccounts: ['incoming-credits', 'merchant-accounts'] as const,
};

/** `/api/accounting/incoming-credits?status&q&page`. */
export function incomingCreditsPath(params: IncomingCreditParams): string {
  const query = new URLSearchParams({ page: String(params.page) });
  if (params.status) query.set('status', params.status);
  if (params.q) query.set('q', params.q);
  return `/api/accounting/incoming-credits?${query}`;
}

/** `GET /api/accounting/incoming-credits` (read:accounting), newest first. */
export function useIncomingCredits(params: IncomingCreditParams) {
  return useQuery({
    queryKey: incomingCreditKeys.page(params),
    queryFn: async ({ signal }) =>
      expectShape<IncomingCreditPage>(
        await apiRequest(incomingCreditsPath(params), { signal }),
        'waiting',
      ),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/accounting/merchant-accounts` (read:accounting). */
export function useMerchantAccounts() {
  return useQuery({
    queryKey: incomingCreditKeys.merchantAccounts,
    queryFn: async ({ signal }) =>
      expectShape<{ items: MerchantAccount[] }>(
        await apiRequest('/api/accounting/merchant-accounts', { signal }),
        'items',
      ).items,
    retry: retryUnlessRefused,
  });
}

/** `POST …/:creditId/assign {studentId}` (record:payments) → the credit, assigned. */
export function useAssignIncomingCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ creditId, ...body }: AssignIncomingCreditInput & { creditId: string }) =>
      expectShape<IncomingCredit>(
        await apiRequest(`/api/accounting/incoming-credits/${id(creditId)}/assign`, {
          method: 'POST',
          body,
        }),
        'status',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: incomingCreditKeys.all }),
  });
}

/** `POST …/:creditId/return {note}` (record:payments) → the credit, returned. */
export function useReturnIncomingCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ creditId, note }: { creditId: string; note: string }) =>
      expectShape<IncomingCredit>(
        await apiRequest(`/api/accounting/incoming-credits/${id(creditId)}/return`, {
          method: 'POST',
          body: { note },
        }),
        'status',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: incomingCreditKeys.all }),
  });
}
