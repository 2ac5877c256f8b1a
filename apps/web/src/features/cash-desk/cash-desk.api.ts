import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppliedCoupon,
  CashSession,
  CashSessionStatusValue,
  DeskPaymentRequest,
  DeskPaymentResult,
  Payment,
  PaymentRow,
  PendingPayment,
} from '@ecolage/contracts';
import { errorStatus } from '../../lib/error-message';
import { apiRequest } from '../auth/auth-client';
import { paymentKeys } from '../payments/payments.api';
import { receiptKeys } from '../receipts/receipts.api';
import {
  expectPage,
  expectShape,
  id,
  retryUnlessRefused,
  studentDetailKeys,
} from '../students/student-detail.api';
import { useStudents } from '../students/students.api';

/**
 * Server calls of « Caisse »: the cashier's open session, opening and closing it, a payment
 * taken at the desk (with its idempotency key), the session's payments, the list of sessions
 * (a cashier's own; every cashier's for a supervisor) and the student search of « Encaisser ».
 */

export const CASH_SESSIONS_PAGE_SIZE = 10;
export const SESSION_PAYMENTS_PAGE_SIZE = 10;
export const STUDENT_SEARCH_SIZE = 8;
/** Fewer characters match half the school: the search waits for this many. */
export const STUDENT_SEARCH_MIN = 2;

export const cashDeskKeys = {
  all: ['cash-sessions'] as const,
  current: ['cash-sessions', 'current'] as const,
  lists: ['cash-sessions', 'list'] as const,
  list: (status: CashSessionStatusValue | null, page: number) =>
    ['cash-sessions', 'list', { status, page, pageSize: CASH_SESSIONS_PAGE_SIZE }] as const,
  /** Under `['invoices']`: asked again with the student's invoices after every payment. */
  pending: (studentId: string) => ['invoices', 'pending-payments', studentId] as const,
  payments: (sessionId: string, page: number) =>
    [
      'cash-sessions',
      'payments',
      sessionId,
      { page, pageSize: SESSION_PAYMENTS_PAGE_SIZE },
    ] as const,
};

const expectSession = (answer: unknown) => expectShape<CashSession>(answer, 'expectedCash');

/** `GET /api/cash-sessions/current`: the member's open session, or null when none is open. */
export function useCurrentCashSession(enabled = true) {
  return useQuery({
    queryKey: cashDeskKeys.current,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest('/api/cash-sessions/current', { signal });
      return answer === null ? null : expectSession(answer);
    },
    enabled,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/cash-sessions?status&page&pageSize`, newest first. */
export function useCashSessions(status: CashSessionStatusValue | null, page: number) {
  return useQuery({
    queryKey: cashDeskKeys.list(status, page),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        page: String(page),
        pageSize: String(CASH_SESSIONS_PAGE_SIZE),
      });
      if (status) query.set('status', status);
      return expectPage<CashSession>(await apiRequest(`/api/cash-sessions?${query}`, { signal }));
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/cash-sessions/:sessionId/payments?page&pageSize`, newest first. */
export function useSessionPayments(sessionId: string, page: number) {
  return useQuery({
    queryKey: cashDeskKeys.payments(sessionId, page),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        page: String(page),
        pageSize: String(SESSION_PAYMENTS_PAGE_SIZE),
      });
      return expectPage<PaymentRow>(
        await apiRequest(`/api/cash-sessions/${id(sessionId)}/payments?${query}`, { signal }),
      );
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/**
 * `GET /api/students/:studentId/pending-payments`: the payments in flight on the student's
 * invoices (a push waiting on a parent's phone), which the desk may not take money for.
 */
export function usePendingPayments(studentId: string, enabled = true) {
  return useQuery({
    queryKey: cashDeskKeys.pending(studentId),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(`/api/students/${id(studentId)}/pending-payments`, {
        signal,
      });
      return expectShape<{ items: PendingPayment[] }>(answer, 'items').items;
    },
    enabled,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/**
 * `POST /api/payments/:paymentId/cancel {}` → the payment: `cancelled`, or as it ended meanwhile
 * (paid just before). The student's invoices and what holds them are asked again either way.
 */
export function useCancelPendingPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paymentId: string) =>
      expectShape<Payment>(
        await apiRequest(`/api/payments/${id(paymentId)}/cancel`, { method: 'POST', body: {} }),
        'status',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentDetailKeys.invoices }),
  });
}

/** `POST /api/cash-sessions {openingFloat}` → the open session (201; 409: one is open already). */
export function useOpenCashSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (openingFloat: number) =>
      expectSession(
        await apiRequest('/api/cash-sessions', { method: 'POST', body: { openingFloat } }),
      ),
    onSuccess: (session) => {
      queryClient.setQueryData(cashDeskKeys.current, session);
      return queryClient.invalidateQueries({ queryKey: cashDeskKeys.lists });
    },
    // 409: the session opened elsewhere (another tab) is the one to show.
    onError: (error) =>
      errorStatus(error) === 409
        ? queryClient.invalidateQueries({ queryKey: cashDeskKeys.current })
        : undefined,
  });
}

export interface DeskPaymentInput {
  sessionId: string;
  body: DeskPaymentRequest;
  /** One per payment the cashier means to record: a replay records it once. */
  key: string;
}

/**
 * `POST /api/cash-sessions/:sessionId/payments` with `Idempotency-Key` → the payment and its
 * receipt (201). The session's figures, its payments, and the student's invoices, payments and
 * receipts are asked again.
 */
export function useRecordDeskPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, body, key }: DeskPaymentInput) =>
      expectShape<DeskPaymentResult>(
        await apiRequest(`/api/cash-sessions/${id(sessionId)}/payments`, {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key },
        }),
        'receiptNumber',
      ),
    onSuccess: () =>
      Promise.all(
        [
          cashDeskKeys.all,
          studentDetailKeys.students,
          studentDetailKeys.invoices,
          paymentKeys.studentLists,
          receiptKeys.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    // 409: the session was closed meanwhile (another tab): the desk shows what it is now.
    onError: (error) =>
      errorStatus(error) === 409
        ? queryClient.invalidateQueries({ queryKey: cashDeskKeys.current })
        : undefined,
  });
}

/**
 * `POST /api/invoices/:invoiceId/coupon {code}` → what the coupon did (its line, what the invoice
 * still owes). The student's invoices (the desk's amount due among them) and balance are asked
 * again; a refusal (unknown code, expired, used up…) wrote nothing.
 */
export function useApplyDeskCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ invoiceId, code }: { invoiceId: string; code: string }) =>
      expectShape<AppliedCoupon>(
        await apiRequest(`/api/invoices/${id(invoiceId)}/coupon`, {
          method: 'POST',
          body: { code },
        }),
        'discount',
      ),
    onSuccess: () =>
      Promise.all(
        [studentDetailKeys.students, studentDetailKeys.invoices].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** `POST /api/cash-sessions/:sessionId/close {countedAmount, comment?}` → the closed session. */
export function useCloseCashSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      sessionId,
      countedAmount,
      comment,
    }: {
      sessionId: string;
      countedAmount: number;
      comment?: string | undefined;
    }) =>
      expectSession(
        await apiRequest(`/api/cash-sessions/${id(sessionId)}/close`, {
          method: 'POST',
          body: { countedAmount, ...(comment ? { comment } : {}) },
        }),
      ),
    onSuccess: () => {
      queryClient.setQueryData(cashDeskKeys.current, null);
      return queryClient.invalidateQueries({ queryKey: cashDeskKeys.lists });
    },
  });
}

/** `/api/cash-sessions/:sessionId/report.pdf`: the session's brouillard de caisse. */
export function sessionReportPath(sessionId: string): string {
  return `/api/cash-sessions/${id(sessionId)}/report.pdf`;
}

/**
 * The students « Encaisser » offers: the students list's own search (`GET /api/students?search=
 * &page=1&pageSize=8`), asked once the search is long enough.
 */
export function useDeskStudentSearch(search: string) {
  return useStudents(
    {
      search,
      status: null,
      programmeId: null,
      levelId: null,
      yearId: null,
      balance: null,
      page: 1,
      pageSize: STUDENT_SEARCH_SIZE,
    },
    search.length >= STUDENT_SEARCH_MIN,
  );
}
