import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_TERM_MIN, type SearchResult } from '@ecolage/contracts';
import { UnexpectedAnswerError, apiRequest } from '../../features/auth/auth-client';

/** Waits this long after the last key before asking (a term typed quickly is asked once). */
export const SEARCH_DEBOUNCE_MS = 200;

export const searchKeys = {
  all: ['top-bar-search'] as const,
  term: (term: string) => ['top-bar-search', term] as const,
};

function expectSearchResult(answer: unknown): SearchResult {
  if (
    typeof answer !== 'object' ||
    answer === null ||
    !Array.isArray((answer as { groups?: unknown }).groups)
  ) {
    throw new UnexpectedAnswerError();
  }
  return answer as SearchResult;
}

/**
 * `GET /api/search?q=` for a term of 2 characters at least. A term replaced by the next one is
 * aborted (React Query aborts a query nobody watches any more once it has read its signal); the
 * previous answer stays shown while the next one comes.
 */
export function useTopBarSearch(term: string) {
  return useQuery({
    queryKey: searchKeys.term(term),
    queryFn: async ({ signal }) =>
      expectSearchResult(await apiRequest(`/api/search?q=${encodeURIComponent(term)}`, { signal })),
    enabled: term.length >= SEARCH_TERM_MIN,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
