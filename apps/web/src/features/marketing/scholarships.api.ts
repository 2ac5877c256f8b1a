import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Scholarship,
  ScholarshipDecisionRequest,
  ScholarshipRequest,
  ScholarshipStatus,
} from '@ecolage/contracts';
import { apiRequest, UnexpectedAnswerError } from '../auth/auth-client';

/**
 * Server calls of « Marketing › Bourses »: the list (search, status and programme filters, pages
 * on the server), recommending one, granting or refusing one. A change refreshes the scholarships
 * everywhere (this tab and the student's page, whose keys start with `scholarships`) and the
 * invoices and balances a grant touches.
 */
export const scholarshipKeys = {
  all: ['marketing', 'scholarships'] as const,
  list: (params: ScholarshipListParams) => [...scholarshipKeys.all, 'list', params] as const,
};

export interface ScholarshipListParams {
  search: string;
  status: ScholarshipStatus | null;
  programmeId: string | null;
  page: number;
  pageSize: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function asScholarship(answer: unknown): Scholarship {
  if (!isRecord(answer) || typeof answer.id !== 'string' || typeof answer.status !== 'string') {
    throw new UnexpectedAnswerError();
  }
  return answer as unknown as Scholarship;
}

/** `/api/scholarships?page=1&pageSize=10&q=…&status=recommended&programmeId=…`. */
export function scholarshipListPath(params: ScholarshipListParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
  });
  if (params.search) query.set('q', params.search);
  if (params.status) query.set('status', params.status);
  if (params.programmeId) query.set('programmeId', params.programmeId);
  return `/api/scholarships?${query.toString()}`;
}

export function useScholarships(params: ScholarshipListParams) {
  return useQuery({
    queryKey: scholarshipKeys.list(params),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(scholarshipListPath(params), { signal });
      if (!isRecord(answer) || !Array.isArray(answer.items) || typeof answer.total !== 'number') {
        throw new UnexpectedAnswerError();
      }
      return answer as unknown as {
        items: Scholarship[];
        total: number;
        page: number;
        pageSize: number;
      };
    },
    placeholderData: keepPreviousData,
  });
}

function useScholarshipMutation<Input>(call: (input: Input) => Promise<Scholarship>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scholarshipKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['scholarships'] }),
        queryClient.invalidateQueries({ queryKey: ['students'] }),
        queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      ]),
  });
}

/** `POST /api/scholarships`: a recommendation. */
export function useRecommendScholarship() {
  return useScholarshipMutation(async (body: ScholarshipRequest) =>
    asScholarship(await apiRequest('/api/scholarships', { method: 'POST', body })),
  );
}

/** `POST /api/scholarships/:id/decision` {decision, reason}: never by the recommender. */
export function useDecideScholarship() {
  return useScholarshipMutation(
    async ({ id, ...body }: ScholarshipDecisionRequest & { id: string }) =>
      asScholarship(
        await apiRequest(`/api/scholarships/${encodeURIComponent(id)}/decision`, {
          method: 'POST',
          body,
        }),
      ),
  );
}
