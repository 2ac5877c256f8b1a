import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarkPayoutFailedRequest,
  MarkPayoutPaidRequest,
  Payout,
  PayoutDetail,
  PayoutSettings,
  PayoutStatusValue,
  PayoutsPage,
  SendPayoutRequest,
  UpdatePayoutSettingsRequest,
} from '@ecolage/contracts';
import { apiDownload, apiRequest } from '../../auth/auth-client';
import { saveBlob, filenameFromDisposition } from '../../../lib/download';

export const PAYOUTS_PAGE_SIZE = 8;
export const PAYOUT_LINES_PAGE_SIZE = 10;

export const payoutKeys = {
  all: ['accounting', 'payouts'] as const,
  page: (page: number, status: PayoutStatusValue | null) =>
    ['accounting', 'payouts', 'list', page, status] as const,
  detail: (id: string, page: number) => ['accounting', 'payouts', 'detail', id, page] as const,
  settings: ['accounting', 'payouts', 'settings'] as const,
};

/** `GET /api/accounting/payouts?page=&status=`: 8 a page, newest first. */
export function usePayoutsPage(page: number, status: PayoutStatusValue | null) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAYOUTS_PAGE_SIZE) });
  if (status) query.set('status', status);
  return useQuery({
    queryKey: payoutKeys.page(page, status),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/accounting/payouts?${query}`, { signal })) as PayoutsPage,
    placeholderData: keepPreviousData,
  });
}

export function usePayoutDetail(id: string, page: number) {
  return useQuery({
    queryKey: payoutKeys.detail(id, page),
    queryFn: async ({ signal }) =>
      (await apiRequest(
        `/api/accounting/payouts/${encodeURIComponent(id)}?page=${page}&pageSize=${PAYOUT_LINES_PAGE_SIZE}`,
        { signal },
      )) as PayoutDetail,
    placeholderData: keepPreviousData,
  });
}

export function usePayoutSettings() {
  return useQuery({
    queryKey: payoutKeys.settings,
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/accounting/payout-settings', { signal })) as PayoutSettings,
  });
}

/** Every change to payouts refreshes the lists, the detail, the settings and the settlements. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: payoutKeys.all });
    void client.invalidateQueries({ queryKey: ['accounting', 'settlements'] });
  };
}

export function useCreatePayout() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/api/accounting/payouts', { method: 'POST' })) as Payout,
    onSuccess: refresh,
  });
}

type PayoutAction =
  | { kind: 'send'; body: SendPayoutRequest }
  | { kind: 'mark-paid'; body: MarkPayoutPaidRequest }
  | { kind: 'mark-failed'; body: MarkPayoutFailedRequest };

export function usePayoutAction(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (action: PayoutAction) =>
      (await apiRequest(`/api/accounting/payouts/${encodeURIComponent(id)}/${action.kind}`, {
        method: 'POST',
        body: action.body,
      })) as Payout,
    onSuccess: refresh,
  });
}

export function useSavePayoutSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: UpdatePayoutSettingsRequest) =>
      (await apiRequest('/api/accounting/payout-settings', {
        method: 'PUT',
        body,
      })) as PayoutSettings,
    onSuccess: refresh,
  });
}

/** The payout's statement PDF, downloaded with the member's token. */
export async function downloadPayoutStatement(payout: Payout): Promise<void> {
  const file = await apiDownload(
    `/api/accounting/payouts/${encodeURIComponent(payout.id)}/statement.pdf`,
  );
  saveBlob(
    file.blob,
    filenameFromDisposition(file.disposition) ?? `releve-${payout.reference}.pdf`,
  );
}
