import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditEntryItem, auditFilterCategories } from '@ecolage/contracts';
import { apiDownload, apiRequest, UnexpectedAnswerError } from '../auth/auth-client';
import { filenameFromDisposition, saveBlob } from '../../lib/download';

/**
 * Server calls of the « Journal d'audit »: entries (filters and pages on the server), the
 * counters of a period, the integrity chain check and the CSV export. The journal grows with
 * every action taken anywhere, so it is asked again each time the screen opens.
 */

/** The categories the screen filters on (spec: all, invoice, payment, export, user, refund, settings). */
export type AuditFilterCategory = (typeof auditFilterCategories)[number];

/** The filters shared by the list, the counters (period only) and the export. */
export interface AuditFilters {
  category: AuditFilterCategory | null;
  search: string;
  /** ISO date-time: start of the chosen period (null: from the beginning). */
  from: string | null;
}

export interface AuditListParams extends AuditFilters {
  page: number;
  pageSize: number;
}

export interface AuditPage {
  items: AuditEntryItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AuditSummary {
  actions: number;
  activeMembers: number;
  exports: number;
  payments: number;
}

export interface AuditChain {
  valid: boolean;
  entries?: number;
  brokenAtId?: number;
}

export const auditKeys = {
  all: ['audit'] as const,
  entries: () => [...auditKeys.all, 'entries'] as const,
  entryList: (params: AuditListParams) => [...auditKeys.entries(), params] as const,
  summary: (from: string | null) => [...auditKeys.all, 'summary', { from }] as const,
  chain: () => [...auditKeys.all, 'chain'] as const,
  export: () => [...auditKeys.all, 'export'] as const,
};

/** The query string of the filters (empty ones left out), plus `extra`. */
export function auditQuery(filters: Partial<AuditFilters>, extra: Record<string, number> = {}) {
  const query = new URLSearchParams();
  if (filters.category) query.set('category', filters.category);
  if (filters.search) query.set('search', filters.search);
  if (filters.from) query.set('from', filters.from);
  for (const [name, value] of Object.entries(extra)) query.set(name, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function useAuditEntries(params: AuditListParams) {
  const { page, pageSize, ...filters } = params;
  return useQuery({
    queryKey: auditKeys.entryList(params),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(
        `/api/audit-entries${auditQuery(filters, { page, pageSize })}`,
        { signal },
      );
      if (!isRecord(answer) || !Array.isArray(answer.items)) throw new UnexpectedAnswerError();
      return answer as unknown as AuditPage;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAuditSummary(from: string | null) {
  return useQuery({
    queryKey: auditKeys.summary(from),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(`/api/audit-entries/summary${auditQuery({ from })}`, {
        signal,
      });
      if (!isRecord(answer) || typeof answer.actions !== 'number') {
        throw new UnexpectedAnswerError();
      }
      return answer as unknown as AuditSummary;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAuditChain() {
  return useQuery({
    queryKey: auditKeys.chain(),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/audit-entries/verify', { signal });
      if (!isRecord(answer) || typeof answer.valid !== 'boolean') {
        throw new UnexpectedAnswerError();
      }
      return answer as unknown as AuditChain;
    },
    staleTime: 0,
  });
}

/** `journal-audit-2026-11-21.csv`, when the server names no file. */
export function defaultExportName(now = new Date()): string {
  return `journal-audit-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * `GET /api/audit-entries/export` with the filters on screen, saved as a file. The export is
 * itself journaled: the journal and its counters are asked again afterwards.
 */
export function useExportAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: auditKeys.export(),
    mutationFn: async (filters: AuditFilters) => {
      const file = await apiDownload(`/api/audit-entries/export${auditQuery(filters)}`);
      saveBlob(file.blob, filenameFromDisposition(file.disposition) ?? defaultExportName());
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
