import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReconciliationItem,
  ReconciliationKind,
  ReconciliationStatus,
  ResolveReconciliationItem,
  Statement,
  StatementImport,
  StatementSource,
} from '@ecolage/contracts';
import { ApiClientError, NetworkError, readApiError } from '../../../lib/api-client';
import { apiRequest, refreshSession } from '../../auth/auth-client';
import { getSession } from '../../auth/session-store';
import { expectShape, id, retryUnlessRefused } from '../../students/student-detail.api';

/** Server calls of « Rapprochement »: statements, the queue, resolving, importing. */

export interface ReconciliationParams {
  kind: ReconciliationKind | null;
  status: ReconciliationStatus | null;
  page: number;
}

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  items: (params: ReconciliationParams) => ['reconciliation', 'items', params] as const,
  statements: ['reconciliation', 'statements'] as const,
};

export function reconciliationItemsPath(params: ReconciliationParams): string {
  const query = new URLSearchParams({ page: String(params.page) });
  if (params.kind) query.set('kind', params.kind);
  if (params.status) query.set('status', params.status);
  return `/api/accounting/reconciliation/items?${query}`;
}

export function useReconciliationItems(params: ReconciliationParams) {
  return useQuery({
    queryKey: reconciliationKeys.items(params),
    queryFn: async ({ signal }) =>
      expectShape<Page<ReconciliationItem>>(
        await apiRequest(reconciliationItemsPath(params), { signal }),
        'items',
      ),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

export function useStatements() {
  return useQuery({
    queryKey: reconciliationKeys.statements,
    queryFn: async ({ signal }) =>
      expectShape<Page<Statement>>(
        await apiRequest('/api/accounting/statements', { signal }),
        'items',
      ),
    retry: retryUnlessRefused,
  });
}

export function useResolveItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { itemId: string } & ResolveReconciliationItem) =>
      (await apiRequest(`/api/accounting/reconciliation/items/${id(input.itemId)}/resolve`, {
        method: 'POST',
        body: { resolution: input.resolution, note: input.note },
      })) as ReconciliationItem,
    onSuccess: () => client.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}

/** `POST /api/accounting/statements` (multipart: `source` then `file`), token refreshed once. */
async function uploadStatement(source: StatementSource, file: File): Promise<StatementImport> {
  const send = async (token: string | undefined) => {
    const form = new FormData();
    form.append('source', source);
    form.append('file', file, file.name);
    try {
      return await fetch('/api/accounting/statements', {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
    } catch (cause) {
      throw new NetworkError(cause);
    }
  };
  const session = getSession();
  let response = await send(session?.accessToken);
  if (response.status === 401 && session) {
    const renewed = await refreshSession(session.accessToken);
    if (renewed) response = await send(renewed.accessToken);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiClientError(response.status, readApiError(payload));
  return payload as StatementImport;
}

export function useImportStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ source, file }: { source: StatementSource; file: File }) =>
      uploadStatement(source, file),
    onSuccess: () => client.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}
