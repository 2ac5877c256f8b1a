import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReceiptVerification } from '@ecolage/contracts';
import { ApiClientError, getJson, NetworkError } from '../../lib/api-client';

/**
 * `GET /api/public/receipts/:code` (public, rate-limited): what the verification page shows.
 * Only types come from the contracts, so the page stays small (no schema code).
 */

const STATUSES: readonly string[] = ['valid', 'partially_refunded', 'cancelled'];

function isVerification(value: unknown): value is ReceiptVerification {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return (
    ['number', 'schoolName', 'issuedAt'].every((key) => typeof answer[key] === 'string') &&
    Number.isInteger(answer.amount) &&
    Number.isInteger(answer.refundedAmount) &&
    typeof answer.status === 'string' &&
    STATUSES.includes(answer.status) &&
    Array.isArray(answer.studentNames) &&
    answer.studentNames.every((name) => typeof name === 'string')
  );
}

/** What the page says when there is no receipt to show. */
export type VerificationProblem = 'notFound' | 'tooMany' | 'unavailable';

/**
 * Unknown code (404) or one that cannot be a code (400): « introuvable », with no detail;
 * 429: too many checks from this address; anything else: try again.
 */
export function verificationProblem(error: unknown): VerificationProblem {
  if (error instanceof ApiClientError) {
    if (error.status === 404 || error.status === 400) return 'notFound';
    if (error.status === 429) return 'tooMany';
  }
  return 'unavailable';
}

export function useReceiptVerification(code: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['public', 'receipt-verification', code] as const,
    queryFn: async ({ signal }) => {
      const answer = await getJson(`/api/public/receipts/${encodeURIComponent(code)}`, {
        signal,
        language: i18n.language,
      });
      if (!isVerification(answer)) throw new Error('Unexpected answer');
      return answer;
    },
    // An unknown code stays unknown and the limit counts every call: only a lost connection
    // is worth one more try.
    retry: (failures, error) => error instanceof NetworkError && failures < 1,
    staleTime: 60_000,
  });
}
