import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  KycDocument,
  OperatorContactMessage,
  OperatorSchoolDetail,
  OperatorSchoolsPage,
  OperatorSubscriber,
  ProviderFeeRate,
  ProviderFeeRateRequest,
  ProviderFeesResponse,
} from '@ecolage/contracts';
import { saveBlob, filenameFromDisposition } from '../../lib/download';
import { apiDownload, apiRequest, UnexpectedAnswerError } from '../auth/auth-client';
import { INBOX_PAGE_SIZE, schoolsQuery } from './operator-params';
import type { SchoolListParams } from './operator-params';

/** Server calls of the operator console (`/api/operator/...`). */
export const operatorKeys = {
  all: ['operator'] as const,
  schools: (params: SchoolListParams) => [...operatorKeys.all, 'schools', params] as const,
  school: (id: string) => [...operatorKeys.all, 'school', id] as const,
  inbox: (kind: InboxKind, q: string, page: number) =>
    [...operatorKeys.all, 'inbox', kind, q, page] as const,
  fees: () => [...operatorKeys.all, 'fees'] as const,
};

export type InboxKind = 'contact-messages' | 'newsletter-subscribers';
export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

function asPage<Item>(answer: unknown): Page<Item> {
  if (
    typeof answer !== 'object' ||
    answer === null ||
    !Array.isArray((answer as { items?: unknown }).items) ||
    typeof (answer as { total?: unknown }).total !== 'number'
  ) {
    throw new UnexpectedAnswerError();
  }
  return answer as Page<Item>;
}

const id = (value: string) => encodeURIComponent(value);

export function useOperatorSchools(params: SchoolListParams) {
  return useQuery({
    queryKey: operatorKeys.schools(params),
    queryFn: async ({ signal }) =>
      asPage(
        await apiRequest(`/api/operator/schools?${schoolsQuery(params)}`, { signal }),
      ) as OperatorSchoolsPage,
    placeholderData: keepPreviousData,
  });
}

export function useOperatorSchool(schoolId: string) {
  return useQuery({
    queryKey: operatorKeys.school(schoolId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/operator/schools/${id(schoolId)}`, {
        signal,
      })) as OperatorSchoolDetail,
  });
}

export function useReviewKycDocument(schoolId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      documentId: string;
      decision: 'valide' | 'refuse';
      reason?: string;
    }) =>
      (await apiRequest(
        `/api/operator/schools/${id(schoolId)}/kyc-documents/${id(input.documentId)}/review`,
        {
          method: 'POST',
          body: {
            decision: input.decision,
            ...(input.reason !== undefined ? { reason: input.reason } : {}),
          },
        },
      )) as KycDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}

/**
 * Opens a KYC document in a new tab: the tab opens at once (a click, so no pop-up blocker), then
 * shows the file once it has come with the operator's token.
 */
export async function openKycDocument(schoolId: string, documentId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await apiDownload(
      `/api/operator/schools/${id(schoolId)}/kyc-documents/${id(documentId)}/file`,
    );
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export function useInbox<Item extends OperatorContactMessage | OperatorSubscriber>(
  kind: InboxKind,
  q: string,
  page: number,
) {
  return useQuery({
    queryKey: operatorKeys.inbox(kind, q, page),
    queryFn: async ({ signal }) => {
      const search = new URLSearchParams({ page: String(page), pageSize: String(INBOX_PAGE_SIZE) });
      if (q) search.set('q', q);
      return asPage<Item>(
        await apiRequest(`/api/operator/${kind}?${search.toString()}`, { signal }),
      );
    },
    placeholderData: keepPreviousData,
  });
}

export function useMarkMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: string) =>
      (await apiRequest(`/api/operator/contact-messages/${id(messageId)}/handled`, {
        method: 'POST',
      })) as OperatorContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...operatorKeys.all, 'inbox'] }),
  });
}

/** Downloads the inbox's CSV export (the search applied) under the server's file name. */
export async function downloadInbox(kind: InboxKind, q: string): Promise<void> {
  const search = q ? `?${new URLSearchParams({ q }).toString()}` : '';
  const { blob, disposition } = await apiDownload(`/api/operator/${kind}/export.csv${search}`);
  saveBlob(blob, filenameFromDisposition(disposition) ?? `${kind}.csv`);
}

export function useProviderFees() {
  return useQuery({
    queryKey: operatorKeys.fees(),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/operator/provider-fees', { signal });
      if (typeof answer !== 'object' || answer === null || !('current' in answer)) {
        throw new UnexpectedAnswerError();
      }
      return answer as ProviderFeesResponse;
    },
  });
}

export function useAddProviderFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProviderFeeRateRequest) =>
      (await apiRequest('/api/operator/provider-fees', {
        method: 'POST',
        body: input,
      })) as ProviderFeeRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.fees() }),
  });
}
