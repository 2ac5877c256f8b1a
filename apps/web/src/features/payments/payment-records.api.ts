import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ExportFormat,
  PaymentRowPage,
  PaymentTimeline,
  ReceiptFormatValue,
  Refund,
  RefundRequestBody,
} from '@ecolage/contracts';
import { filenameFromDisposition, saveBlob } from '../../lib/download';
import { errorStatus } from '../../lib/error-message';
import { apiDownload, apiRequest, UnexpectedAnswerError } from '../auth/auth-client';
import { expectShape, id, studentDetailKeys } from '../students/student-detail.api';
import { paymentQuery } from './payment-params';
import type { PaymentFilters } from './payment-params';
import { isFinalStatus, PAYMENT_POLL_MS, paymentKeys } from './payments.api';

/**
 * Server calls of « Paiements » and of the dashboard's recent payments: the school's payments
 * (filtered, sorted and paged on the server), one payment's timeline, a refund, the exports and
 * the receipts (one PDF, or a period's zip).
 */

export const paymentRecordKeys = {
  rows: [...paymentKeys.all, 'rows'] as const,
  rowList: (query: string) => [...paymentKeys.all, 'rows', query] as const,
  timeline: (paymentId: string) => [...paymentKeys.all, 'timeline', paymentId] as const,
};

/** The dashboard's figures: asked again after a refund (it changes today's takings). */
export const dashboardKeys = { all: ['dashboard'] as const };

/** Not found, forbidden and a bad request are not worth a retry. */
function retryUnlessRefused(failures: number, error: unknown): boolean {
  const status = errorStatus(error);
  return failures < 1 && status !== 404 && status !== 403 && status !== 400;
}

/** `GET /api/payments?…filters&page&pageSize`: one page of the school's payments. */
export function usePaymentRows(
  filters: PaymentFilters,
  page: number,
  pageSize: number,
  enabled = true,
) {
  const query = paymentQuery(filters, { page, pageSize }).toString();
  return useQuery({
    queryKey: paymentRecordKeys.rowList(query),
    queryFn: async ({ signal }) => {
      const answer = expectShape<PaymentRowPage>(
        await apiRequest(`/api/payments?${query}`, { signal }),
        'items',
      );
      if (!Array.isArray(answer.items)) throw new UnexpectedAnswerError();
      return answer;
    },
    enabled,
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
          ['receipts'],
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

/** `GET /api/receipts/:receiptId/pdf?format=a4|thermal`, saved as a PDF. */
export function useDownloadReceipt() {
  return useMutation({
    mutationFn: async ({
      receiptId,
      number,
      format,
    }: {
      receiptId: string;
      number: string;
      format: ReceiptFormatValue;
    }) => {
      const file = await apiDownload(`/api/receipts/${id(receiptId)}/pdf?format=${format}`);
      const fallback = `recu-${number}${format === 'thermal' ? '-ticket' : ''}.pdf`;
      saveBlob(file.blob, filenameFromDisposition(file.disposition) ?? fallback);
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
