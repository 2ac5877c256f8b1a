import { useMutation, useQuery } from '@tanstack/react-query';
import type { PaymentLink } from '@ecolage/contracts';
import { filenameFromDisposition } from '../../lib/download';
import { apiDownload, apiRequest, UnexpectedAnswerError } from '../auth/auth-client';
import { id } from '../students/student-detail.api';

/**
 * Server calls of staff's online payment tools (request:payments): a student's payment link
 * (made, or sent to the main payer by SMS), their QR code (SVG), a class's sheet of QR codes and
 * the counter's poster (PDF).
 */

export const paymentLinkKeys = {
  studentQr: (studentId: string) => ['payment-links', 'qr', studentId] as const,
};

/** `/api/levels/:levelId/payment-qr-sheet.pdf`. */
export function levelQrSheetPath(levelId: string): string {
  return `/api/levels/${id(levelId)}/payment-qr-sheet.pdf`;
}

export const SCHOOL_POSTER_PATH = '/api/school/payment-qr.pdf';

function expectPaymentLink(answer: unknown): PaymentLink {
  if (typeof answer !== 'object' || answer === null || !('url' in answer)) {
    throw new UnexpectedAnswerError();
  }
  return answer as PaymentLink;
}

/** `POST /api/students/:studentId/payment-link` with `{send}`. */
export function usePaymentLink(studentId: string) {
  return useMutation({
    mutationFn: async (send: boolean) =>
      expectPaymentLink(
        await apiRequest(`/api/students/${id(studentId)}/payment-link`, {
          method: 'POST',
          body: { send },
        }),
      ),
  });
}

export interface QrImage {
  blob: Blob;
  filename: string;
  /** The SVG as a `data:` address, for an `<img>` (no object URL to revoke). */
  src: string;
}

/** `GET /api/students/:studentId/payment-qr.svg`, while `enabled` (the dialog is open). */
export function useStudentQr(studentId: string, matricule: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentLinkKeys.studentQr(studentId),
    queryFn: async ({ signal }): Promise<QrImage> => {
      const file = await apiDownload(`/api/students/${id(studentId)}/payment-qr.svg`, { signal });
      return {
        blob: file.blob,
        filename: filenameFromDisposition(file.disposition) ?? `qr-paiement-${matricule}.svg`,
        src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await file.blob.text())}`,
      };
    },
    enabled,
    retry: false,
  });
}
