import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ExportFormat,
  PaymentRow,
  PaymentTimeline,
  Refund,
  RefundRequestBody,
} from '@ecolage/contracts';
import { filenameFromDisposition, saveBlob } from '../../lib/download';
import { apiDownload, apiRequest } from '../auth/auth-client';
import { receiptKeys } from '../receipts/receipts.api';
import {
  expectPage,
  expectShape,
  id,
  retryUnlessRefused,
  studentDetailKeys,
} from '../students/student-detail.api';
import { paymentQuery } from './payment-params';
import type { PaymentFilters } from './payment-params';
import { isFinalStatus, PAYMENT_POLL_MS, paymentKeys } from './payments.api';

/**
 * Server calls of « Paiements » and of the dashboard's recent payments: the school's payments
 * (filtered, sorted and paged on the server), one payment's timeline, a refund, the exports and
 * a period's receipts (a zip).
 */

export const paymentRecordKeys = {
  rows: [...paymentKeys.all, 'rows'] as const,
  rowList: (query: string) => [...paymentKeys.all, 'rows', query] as const,
  timeline: (paymentId: string) => [...paymentKeys.all, 'timeline', paymentId] as const,
};

/** The dashboard's figures: asked again after a refund (it changes today's takings). */
export const dashboardKeys = { all: ['dashboard'] as const };

/** `GET /api/payments?…filters&page&pageSize`: one page of the school's payments. */
export function usePaymentRows(filters: PaymentFilters, page: number, pageSize: number) {
  const query = paymentQuery(filters, { page, pageSize }).toString();
  return useQuery({
    queryKey: paymentRecordKeys.rowList(query),
    queryFn: async ({ signal }) =>
      expectPage<PaymentRow>(await apiRequest(`/api/payments?${query}`, { signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/**
 * `GET /api/payments/:paymentId/timeline` (null: nothing open). A payment still waiting for the
 * payer is asked again every 2 s until it is final, like its live status elsewhere.
 */
export function usePaymentTimeline(paymentId: string | null) {
  return useQuery({
    queryKey: paymentRecordKeys.timeline(paymentId ?? ''),
    queryFn: async ({ signal }) =>
      expectShape<PaymentTimeline>(
        await apiRequest(`/api/payments/${id(paymentId ?? '')}/timeline`, { signal }),
        'payment',
      ),
    enabled: paymentId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.payment.status;
      if (!status || isFinalStatus(status)) return false;
      return PAYMENT_POLL_MS;
    },
    retry: retryUnlessRefused,
  });
}

/**
 * `POST /api/payments/:paymentId/refunds {amount, reason, method?}` (refund:payments). A refund
 * changes the payment, its receipt, the family's balances and today's takings: all of them are
 * asked again.
 */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ paymentId, body }: { paymentId: string; body: RefundRequestBody }) =>
      expectShape<Refund>(
        await apiRequest(`/api/payments/${id(paymentId)}/refunds`, { method: 'POST', body }),
        'status',
      ),
    onSuccess: () =>
      Promise.all(
        [
          paymentKeys.all,
          dashboardKeys.all,
          studentDetailKeys.students,
          studentDetailKeys.invoices,
          receiptKeys.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** `paiements-2026-11-21.csv`, when the server names no file. */
export function defaultExportName(format: ExportFormat, now = new Date()): string {
  return `paiements-${now.toISOString().slice(0, 10)}.${format}`;
}

/** `GET /api/payments/export?…filters&format` with the filters on screen, saved as a file. */
export function useExportPayments() {
  return useMutation({
    mutationFn: async ({ filters, format }: { filters: PaymentFilters; format: ExportFormat }) => {
      const file = await apiDownload(`/api/payments/export?${paymentQuery(filters, { format })}`);
      saveBlob(file.blob, filenameFromDisposition(file.disposition) ?? defaultExportName(format));
    },
  });
}

/** `GET /api/receipts/archive?from&to`: every receipt of the period, in one zip. */
export function useDownloadReceiptArchive() {
  return useMutation({
    mutationFn: async ({ from, to }: { from: string; to: string }) => {
      const query = new URLSearchParams({ from, to });
      const file = await apiDownload(`/api/receipts/archive?${query}`);
      saveBlob(file.blob, filenameFromDisposition(file.disposition) ?? `recus-${from}-${to}.zip`);
    },
  });
}
