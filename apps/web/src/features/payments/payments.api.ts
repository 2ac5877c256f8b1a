import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { finalPaymentStatuses } from '@ecolage/contracts';
import type {
  InvoiceItem,
  Payment,
  PaymentItem,
  PaymentOptions,
  PaymentRequest,
  PaymentStatusValue,
  ReviewItem,
} from '@ecolage/contracts';
import { errorStatus } from '../../lib/error-message';
import { apiRequest } from '../auth/auth-client';
import { receiptKeys } from '../receipts/receipts.api';
import {
  expectPage,
  expectShape,
  id,
  retryUnlessRefused,
  studentDetailKeys,
} from '../students/student-detail.api';

/**
 * Server calls of payments: the school's wallets, a payment request (with its idempotency key)
 * and its live status, a student's payments, and the notifications to check (« À vérifier »).
 */

export const STUDENT_PAYMENTS_PAGE_SIZE = 10;
export const REVIEWS_PAGE_SIZE = 20;
/** How often a payment waiting for the payer is asked again. */
export const PAYMENT_POLL_MS = 2000;

export type ReviewStatus = 'open' | 'resolved';

export const paymentKeys = {
  all: ['payments'] as const,
  options: ['payments', 'options'] as const,
  detail: (paymentId: string) => ['payments', 'detail', paymentId] as const,
  studentLists: ['payments', 'student'] as const,
  studentList: (studentId: string, page: number) =>
    ['payments', 'student', studentId, { page, pageSize: STUDENT_PAYMENTS_PAGE_SIZE }] as const,
  reviews: ['payments', 'reviews'] as const,
  reviewList: (status: ReviewStatus, page: number) =>
    ['payments', 'reviews', { status, page, pageSize: REVIEWS_PAGE_SIZE }] as const,
  /** Under `['invoices']`: refreshed with the student's invoices after every change. */
  payableInvoices: (studentId: string) => ['invoices', 'payable', studentId] as const,
};

/** True once nothing more is expected from the payer (the contracts' `finalPaymentStatuses`). */
export function isFinalStatus(status: PaymentStatusValue): boolean {
  return finalPaymentStatuses.includes(status);
}

/** `GET /api/payments/options`: the wallets the school collects with, in display order. */
export function usePaymentOptions() {
  return useQuery({
    queryKey: paymentKeys.options,
    queryFn: async ({ signal }) =>
      expectShape<PaymentOptions>(await apiRequest('/api/payments/options', { signal }), 'wallets'),
    retry: retryUnlessRefused,
  });
}

/** An invoice a family can still pay: issued, not paid off, not void. */
export function isPayable(invoice: InvoiceItem): boolean {
  return (invoice.status === 'open' || invoice.status === 'partially_paid') && invoice.balance > 0;
}

/**
 * The student's invoices still to pay, oldest due first: `GET /api/invoices` for each unpaid
 * status (a student has a few; one page of 100 each).
 */
export function usePayableInvoices(studentId: string, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.payableInvoices(studentId),
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        (['open', 'partially_paid'] as const).map(async (status) => {
          const query = new URLSearchParams({ studentId, status, page: '1', pageSize: '100' });
          return expectPage<InvoiceItem>(await apiRequest(`/api/invoices?${query}`, { signal }));
        }),
      );
      const byId = new Map<string, InvoiceItem>();
      for (const invoice of pages.flatMap((page) => page.items)) {
        if (isPayable(invoice)) byId.set(invoice.id, invoice);
      }
      return [...byId.values()].sort(
        (a, b) => a.dueOn.localeCompare(b.dueOn) || (a.number ?? '').localeCompare(b.number ?? ''),
      );
    },
    enabled,
    retry: retryUnlessRefused,
  });
}

/**
 * `POST /api/payments` with `Idempotency-Key: key` → the payment (201, or 200 when the same
 * key and body are sent again). The payment fills its cache; the student's list is asked again.
 */
export function useRequestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: PaymentRequest; key: string }) =>
      expectShape<Payment>(
        await apiRequest('/api/payments', {
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': key },
        }),
        'status',
      ),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentKeys.detail(payment.id), payment);
      return queryClient.invalidateQueries({ queryKey: paymentKeys.studentLists });
    },
  });
}

/**
 * Whether a payment still has something to tell: waiting for the payer, or received and its
 * receipt not issued yet (the worker issues it a moment after the success).
 */
export function isAwaitingNews(payment: Pick<Payment, 'status' | 'receiptId'>): boolean {
  return !isFinalStatus(payment.status) || (isReceived(payment.status) && !payment.receiptId);
}

/** Money the school received (a refund later does not undo that it came in). */
export function isReceived(status: PaymentStatusValue): boolean {
  return RECEIVED.includes(status);
}
const RECEIVED: readonly PaymentStatusValue[] = [
  'succeeded',
  'refund_pending',
  'refunded',
  'partially_refunded',
];

/**
 * `GET /api/payments/:paymentId` (null: nothing to show), followed live: asked again every 2 s
 * until it is final and, once received, until its receipt is issued. A refusal (403, 404) stops
 * that; a network hiccup does not.
 */
export function usePayment(paymentId: string | null) {
  return useQuery({
    queryKey: paymentKeys.detail(paymentId ?? ''),
    queryFn: async ({ signal }) =>
      expectShape<Payment>(
        await apiRequest(`/api/payments/${id(paymentId ?? '')}`, { signal }),
        'status',
      ),
    enabled: paymentId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const payment = query.state.data;
      if (payment && !isAwaitingNews(payment)) return false;
      const refused = errorStatus(query.state.error);
      return refused !== null && refused < 500 ? false : PAYMENT_POLL_MS;
    },
    refetchIntervalInBackground: true,
    retry: retryUnlessRefused,
  });
}

/** `POST /api/payments/:paymentId/refresh {}`: ask the provider now (record:payments). */
export function useRefreshPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paymentId: string) =>
      expectShape<Payment>(
        await apiRequest(`/api/payments/${id(paymentId)}/refresh`, { method: 'POST', body: {} }),
        'status',
      ),
    onSuccess: (payment) => queryClient.setQueryData(paymentKeys.detail(payment.id), payment),
  });
}

/**
 * Once a payment is final, what it changed: the student's record and balances, the invoices,
 * the payments lists, the receipts and the notifications to check.
 */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [
          studentDetailKeys.students,
          studentDetailKeys.invoices,
          paymentKeys.studentLists,
          paymentKeys.reviews,
          receiptKeys.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    [queryClient],
  );
}

/** `GET /api/students/:studentId/payments?page&pageSize`, newest first. */
export function useStudentPayments(studentId: string, page: number) {
  return useQuery({
    queryKey: paymentKeys.studentList(studentId, page),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        page: String(page),
        pageSize: String(STUDENT_PAYMENTS_PAGE_SIZE),
      });
      return expectPage<PaymentItem>(
        await apiRequest(`/api/students/${id(studentId)}/payments?${query}`, { signal }),
      );
    },
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** `GET /api/payments/reviews?status&page&pageSize` (reconcile:payments). */
export function useReviews(status: ReviewStatus, page: number, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.reviewList(status, page),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        status,
        page: String(page),
        pageSize: String(REVIEWS_PAGE_SIZE),
      });
      return expectPage<ReviewItem>(await apiRequest(`/api/payments/reviews?${query}`, { signal }));
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/** `POST /api/payments/reviews/:reviewId/resolve {note}` → the notification, resolved. */
export function useResolveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reviewId, note }: { reviewId: string; note: string }) =>
      expectShape<ReviewItem>(
        await apiRequest(`/api/payments/reviews/${id(reviewId)}/resolve`, {
          method: 'POST',
          body: { note },
        }),
        'reason',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.reviews }),
  });
}
