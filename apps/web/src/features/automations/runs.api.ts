import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  SendStatusValue,
  SimulateWorkflowInput,
  SimulationResult,
  WorkflowRuns,
} from '@ecolage/contracts';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';
import { automationKeys } from './automations.api';

/**
 * « Simuler » (`POST /api/automations/simulate`: who would receive what, when, what it costs;
 * nothing written) and a workflow's « Historique » (`GET /api/automations/:id/runs`).
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function useSimulation(input: SimulateWorkflowInput | null) {
  return useQuery({
    queryKey: [...automationKeys.all, 'simulation', input] as const,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/automations/simulate', {
        method: 'POST',
        body: input,
        signal,
      });
      if (!isRecord(answer) || !Array.isArray(answer.rows) || !isRecord(answer.totals)) {
        throw new UnexpectedAnswerError();
      }
      return answer as unknown as SimulationResult;
    },
    enabled: input !== null,
    // A simulation is a picture of now: taken again each time the dialog opens.
    gcTime: 0,
  });
}

export interface RunListParams {
  workflowId: string;
  status: SendStatusValue | null;
  page: number;
  pageSize: number;
}

export function runListPath({ workflowId, status, page, pageSize }: RunListParams): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (status) query.set('status', status);
  return `/api/automations/${encodeURIComponent(workflowId)}/runs?${query.toString()}`;
}

export function useWorkflowRuns(params: RunListParams | null) {
  return useQuery({
    queryKey: [...automationKeys.all, 'runs', params] as const,
    queryFn: async ({ signal }) => {
      if (!params) throw new UnexpectedAnswerError();
      const answer = await apiRequest(runListPath(params), { signal });
      if (!isRecord(answer) || !Array.isArray(answer.items) || !isRecord(answer.counts)) {
        throw new UnexpectedAnswerError();
      }
      return answer as unknown as WorkflowRuns;
    },
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
