import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagesPage } from '@ecolage/contracts';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';
import type { MessageFilter } from './automations-params';

/**
 * « Messages »: the school's outgoing messages (`GET /api/messages`, status filter and pages on
 * the server) and « Réessayer » on a failed or dead one (`POST /api/messages/:id/retry`).
 */

export interface MessageListParams {
  status: MessageFilter | null;
  page: number;
  pageSize: number;
}

export const messageKeys = {
  all: ['messages'] as const,
  list: (params: MessageListParams) => [...messageKeys.all, 'list', params] as const,
};

/** `/api/messages?page=1&pageSize=20&status=failed`. */
export function messageListPath({ status, page, pageSize }: MessageListParams): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (status) query.set('status', status);
  return `/api/messages?${query.toString()}`;
}

export function useMessages(params: MessageListParams) {
  return useQuery({
    queryKey: messageKeys.list(params),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(messageListPath(params), { signal });
      if (
        typeof answer !== 'object' ||
        answer === null ||
        !Array.isArray((answer as { items?: unknown }).items)
      ) {
        throw new UnexpectedAnswerError();
      }
      return answer as MessagesPage;
    },
    placeholderData: keepPreviousData,
  });
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...messageKeys.all, 'retry'],
    mutationFn: (id: string) =>
      apiRequest(`/api/messages/${encodeURIComponent(id)}/retry`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
