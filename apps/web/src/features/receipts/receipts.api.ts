import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ReceiptFormatValue, ReceiptItem } from '@ecolage/contracts';
import { filenameFromDisposition, saveBlob } from '../../lib/download';
import { errorStatus } from '../../lib/error-message';
import { apiDownload, apiRequest } from '../auth/auth-client';
import { expectPage, id } from '../students/student-detail.api';

/**
 * Server calls of receipts in the admin area: a student's receipts, and a receipt's PDF (A4 or
 * 80 mm ticket) saved as a file or opened in a new tab to be printed.
 */

export const STUDENT_RECEIPTS_PAGE_SIZE = 10;

export const receiptKeys = {
  all: ['receipts'] as const,
  studentList: (studentId: string, page: number) =>
    ['receipts', 'student', studentId, { page, pageSize: STUDENT_RECEIPTS_PAGE_SIZE }] as const,
};

/** `/api/receipts/:receiptId/pdf?format=a4|thermal`. */
export function receiptPdfPath(receiptId: string, format: ReceiptFormatValue): string {
  return `/api/receipts/${id(receiptId)}/pdf?format=${format}`;
}

/** The file name when the server gives none: `REC-2026-000123-ticket.pdf`. */
export function receiptFileName(number: string, format: ReceiptFormatValue): string {
  return `${number}${format === 'thermal' ? '-ticket' : ''}.pdf`;
}

/** `GET /api/students/:studentId/receipts?page&pageSize`, newest first (read:payments). */
export function useStudentReceipts(studentId: string, page: number) {
  return useQuery({
    queryKey: receiptKeys.studentList(studentId, page),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        page: String(page),
        pageSize: String(STUDENT_RECEIPTS_PAGE_SIZE),
      });
      return expectPage<ReceiptItem>(
        await apiRequest(`/api/students/${id(studentId)}/receipts?${query}`, { signal }),
      );
    },
    placeholderData: keepPreviousData,
    retry: (failures, error) => failures < 1 && (errorStatus(error) ?? 500) >= 500,
  });
}

/** A tab opened at the click, before the file arrives: browsers only allow pop-ups then. */
export function openBlankTab(loadingText: string): Window | null {
  const tab = window.open('', '_blank');
  if (tab) {
    try {
      tab.document.title = loadingText;
      tab.document.body.textContent = loadingText;
    } catch {
      // Nothing to write into: the tab still receives the file.
    }
  }
  return tab;
}

export interface PdfRequest {
  /** The API path of the PDF (the member's bearer token is needed: not a plain link). */
  path: string;
  /** The file name when the server's `Content-Disposition` has none. */
  filename: string;
  /** Shows the PDF there (opened by `openBlankTab`); without it, the file is saved. */
  tab?: Window | null;
}

/**
 * Fetches a PDF of the member and shows it in `tab` (where the reader prints it) or saves it.
 * A tab the browser refused (null) falls back to saving; a failure closes the tab again.
 */
export async function fetchPdf({ path, filename, tab }: PdfRequest): Promise<void> {
  let file;
  try {
    file = await apiDownload(path);
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (tab && !tab.closed) {
    const url = URL.createObjectURL(file.blob);
    tab.location.href = url;
    // The tab has read it by then; the document it shows stays.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return;
  }
  saveBlob(file.blob, filenameFromDisposition(file.disposition) ?? filename);
}

/** A PDF of the member, shown in a tab or saved (see `fetchPdf`). */
export function usePdf() {
  return useMutation({ mutationFn: fetchPdf });
}
