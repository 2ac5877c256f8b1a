import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWorkflowInput,
  WorkflowRole,
  UpdateWorkflowInput,
  Workflow,
  WorkflowList,
  WorkflowPreviewInput,
  WorkflowPreviewResult,
} from '@ecolage/contracts';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';

/**
 * Server calls of « Automatisations »: the workflows (list with search and pages on the server,
 * one, create, change, enable / pause, duplicate, archive) and the template's preview. Every
 * change refreshes what is under `automationKeys.all` (the runs and simulations too).
 */

export const automationKeys = {
  all: ['automations'] as const,
  lists: () => [...automationKeys.all, 'list'] as const,
  list: (params: WorkflowListParams) => [...automationKeys.lists(), params] as const,
  detail: (id: string) => [...automationKeys.all, 'detail', id] as const,
  preview: (input: WorkflowPreviewInput) => [...automationKeys.all, 'preview', input] as const,
  roles: () => [...automationKeys.all, 'roles'] as const,
  mutation: (name: string) => [...automationKeys.all, 'mutation', name] as const,
};

export interface WorkflowListParams {
  search: string;
  page: number;
  pageSize: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function asWorkflow(answer: unknown): Workflow {
  if (!isRecord(answer) || typeof answer.id !== 'string' || typeof answer.enabled !== 'boolean') {
    throw new UnexpectedAnswerError();
  }
  return answer as unknown as Workflow;
}

const path = (id: string, action = '') =>
  `/api/automations/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** `/api/automations?page=2&pageSize=7&q=rappel`. */
export function workflowListPath({ search, page, pageSize }: WorkflowListParams): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search) query.set('q', search);
  return `/api/automations?${query.toString()}`;
}

export function useWorkflows(params: WorkflowListParams) {
  return useQuery({
    queryKey: automationKeys.list(params),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(workflowListPath(params), { signal });
      if (!isRecord(answer) || !Array.isArray(answer.items) || typeof answer.total !== 'number') {
        throw new UnexpectedAnswerError();
      }
      return answer as unknown as WorkflowList;
    },
    placeholderData: keepPreviousData,
  });
}

export function useWorkflow(id: string | null) {
  return useQuery({
    queryKey: automationKeys.detail(id ?? ''),
    queryFn: async ({ signal }) => asWorkflow(await apiRequest(path(id ?? ''), { signal })),
    enabled: id !== null,
  });
}

function useWorkflowMutation<Input, Output>(name: string, call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: automationKeys.mutation(name),
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
}

export type SaveWorkflowInput =
  { id?: undefined; body: CreateWorkflowInput } | { id: string; body: UpdateWorkflowInput };

/** `POST /api/automations` (created paused unless `enabled`) or `PUT /api/automations/:id`. */
export function useSaveWorkflow() {
  return useWorkflowMutation('save', async ({ id, body }: SaveWorkflowInput) =>
    asWorkflow(
      await apiRequest(id ? path(id) : '/api/automations', { method: id ? 'PUT' : 'POST', body }),
    ),
  );
}

/**
 * `POST /api/automations/:id/enable|pause`, shown at once: every list page holding the workflow
 * shows the new state (switch and status) before the server answers, and goes back to what it
 * was if the server refuses.
 */
export function useToggleWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: automationKeys.mutation('toggle'),
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      asWorkflow(
        await apiRequest(path(id, enabled ? 'enable' : 'pause'), { method: 'POST', body: {} }),
      ),
    onMutate: async ({ id, enabled }) => {
      await queryClient.cancelQueries({ queryKey: automationKeys.lists() });
      const before = queryClient.getQueriesData<WorkflowList>({ queryKey: automationKeys.lists() });
      queryClient.setQueriesData<WorkflowList>({ queryKey: automationKeys.lists() }, (list) =>
        list
          ? {
              ...list,
              items: list.items.map((item) =>
                item.id === id ? { ...item, enabled, status: enabled ? 'active' : 'paused' } : item,
              ),
            }
          : list,
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
}

/** `POST /api/automations/:id/duplicate`: the copy, paused. */
export function useDuplicateWorkflow() {
  return useWorkflowMutation('duplicate', async (id: string) =>
    asWorkflow(await apiRequest(path(id, 'duplicate'), { method: 'POST', body: {} })),
  );
}

/** `DELETE /api/automations/:id`: archived (its history stays). */
export function useArchiveWorkflow() {
  return useWorkflowMutation('archive', async (id: string) => {
    await apiRequest(path(id), { method: 'DELETE' });
  });
}

/** `POST /api/automations/preview`: the text as a real student of the school would get it. */
export function useWorkflowPreview(input: WorkflowPreviewInput | null) {
  return useQuery({
    queryKey: automationKeys.preview(
      input ?? { template: '', channel: 'sms', trigger: 'invoice_due_in' },
    ),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/automations/preview', {
        method: 'POST',
        body: input,
        signal,
      });
      if (!isRecord(answer) || typeof answer.text !== 'string') throw new UnexpectedAnswerError();
      return answer as unknown as WorkflowPreviewResult;
    },
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The school's roles, for a notification to the team (`GET /api/automations/roles`). */
export function useStaffRoles() {
  return useQuery({
    queryKey: automationKeys.roles(),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/automations/roles', { signal });
      if (!Array.isArray(answer)) throw new UnexpectedAnswerError();
      return answer as WorkflowRole[];
    },
    staleTime: 60_000,
  });
}
