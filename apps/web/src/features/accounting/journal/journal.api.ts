import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountingPeriods,
  AccountMapping,
  AccountMappingUpdate,
  JournalExportFormat,
} from '@ecolage/contracts';
import { apiDownload, apiRequest } from '../../auth/auth-client';

export const journalKeys = {
  periods: ['accounting', 'journal', 'periods'] as const,
  mapping: ['accounting', 'journal', 'mapping'] as const,
};

/** The journal's address for a format and a period. */
export function journalPath(choice: { format: JournalExportFormat; from: string; to: string }) {
  const query = new URLSearchParams(choice);
  return `/api/accounting/journal?${query.toString()}`;
}

export function downloadJournal(choice: { format: JournalExportFormat; from: string; to: string }) {
  return apiDownload(journalPath(choice));
}

export function useAccountingPeriods(enabled = true) {
  return useQuery({
    queryKey: journalKeys.periods,
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/accounting/periods', { signal })) as AccountingPeriods,
    enabled,
  });
}

export function useClosePeriod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (through: string) =>
      (await apiRequest('/api/accounting/periods/close', {
        method: 'POST',
        body: { through },
      })) as AccountingPeriods,
    onSuccess: (periods) => client.setQueryData(journalKeys.periods, periods),
  });
}

export function useAccountMapping() {
  return useQuery({
    queryKey: journalKeys.mapping,
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/accounting/account-mapping', { signal })) as AccountMapping,
  });
}

export function useSaveAccountMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (update: AccountMappingUpdate) =>
      (await apiRequest('/api/accounting/account-mapping', {
        method: 'PUT',
        body: update,
      })) as AccountMapping,
    onSuccess: (mapping) => client.setQueryData(journalKeys.mapping, mapping),
  });
}
