import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptAdmissionResult, Admission, AdmissionList } from '@ecolage/contracts';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';
import { studentKeys } from '../students/students.api';
import type { AdmissionListParams } from './admission-params';

/**
 * Server calls of « Demandes d'inscription »: the list (by status, newest first, in pages), the
 * count of those to examine (for the students page's button), accept and refuse. A decision
 * refreshes the requests and the students (a student became active, or was archived).
 */

export const admissionKeys = {
  all: ['admissions'] as const,
  list: (params: AdmissionListParams) => [...admissionKeys.all, 'list', params] as const,
  toExamine: () => [...admissionKeys.all, 'to-examine'] as const,
};

function isList(answer: unknown): answer is AdmissionList {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    Array.isArray((answer as { items?: unknown }).items) &&
    typeof (answer as { total?: unknown }).total === 'number'
  );
}

async function fetchList(
  query: { status: string; page: number; pageSize: number },
  signal: AbortSignal,
) {
  const search = new URLSearchParams({
    status: query.status,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  const answer = await apiRequest(`/api/admissions?${search.toString()}`, { signal });
  if (!isList(answer)) throw new UnexpectedAnswerError();
  return answer;
}

export function useAdmissions(params: AdmissionListParams) {
  return useQuery({
    queryKey: admissionKeys.list(params),
    queryFn: ({ signal }) => fetchList(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** How many requests wait for a decision (one row asked: the total is what counts). */
export function useAdmissionsToExamine(enabled = true) {
  return useQuery({
    queryKey: admissionKeys.toExamine(),
    queryFn: async ({ signal }) =>
      (await fetchList({ status: 'submitted', page: 1, pageSize: 1 }, signal)).total,
    enabled,
    staleTime: 30_000,
  });
}

function useDecision<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: admissionKeys.all }),
        queryClient.invalidateQueries({ queryKey: studentKeys.all }),
      ]);
    },
  });
}

const decisionPath = (admissionId: string, decision: 'accept' | 'refuse') =>
  `/api/admissions/${encodeURIComponent(admissionId)}/${decision}`;

/** `POST /api/admissions/:id/accept`: enrolled, invoices issued, link sent. */
export function useAcceptAdmission() {
  return useDecision(async (admissionId: string) => {
    const answer = await apiRequest(decisionPath(admissionId, 'accept'), { method: 'POST' });
    if (typeof (answer as { invoicesIssued?: unknown } | null)?.invoicesIssued !== 'number') {
      throw new UnexpectedAnswerError();
    }
    return answer as AcceptAdmissionResult;
  });
}

/** `POST /api/admissions/:id/refuse {reason}`. */
export function useRefuseAdmission() {
  return useDecision(async ({ admissionId, reason }: { admissionId: string; reason: string }) => {
    const answer = await apiRequest(decisionPath(admissionId, 'refuse'), {
      method: 'POST',
      body: { reason },
    });
    if (typeof (answer as { id?: unknown } | null)?.id !== 'string') {
      throw new UnexpectedAnswerError();
    }
    return answer as Admission;
  });
}
