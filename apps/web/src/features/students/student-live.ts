import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudentLiveEvent } from '@ecolage/contracts';
import { notify } from '../../components/ui/toaster';
import { openEventStream } from '../../lib/event-stream';
import { fetchStreamTicket } from '../auth/stream-ticket';
import { useRefreshAfterPayment } from '../payments/payments.api';
import { id } from './student-detail.api';

/**
 * The open student page hears at once that one of the student's payments ended or was refunded
 * (`GET /api/students/:id/events`, opened with a stream ticket, decisions/0022): it reads the
 * balances, invoices, payments and receipts again, and a success says « Paiement reçu ». Without
 * the stream (an old browser, a proxy, the server's limit) nothing breaks: the page is as before,
 * each screen refreshed by its own actions.
 */
export function useStudentLiveUpdates(studentId: string): void {
  const { t } = useTranslation();
  const refresh = useRefreshAfterPayment();

  useEffect(() => {
    let lives = 0;
    const stream = openEventStream<StudentLiveEvent>(`/api/students/${id(studentId)}/events`, {
      ticket: fetchStreamTicket,
      // Back after an outage or a hidden tab: what happened meanwhile was not heard.
      onLive: () => {
        lives += 1;
        if (lives > 1) void refresh();
      },
      onMessage: (message) => {
        if (message.type !== 'payment') return;
        void refresh();
        if (message.state === 'succeeded') {
          notify.success(t('studentDetail.paymentReceived'), {
            id: `payment-received-${message.paymentId ?? ''}`,
          });
        }
      },
    });
    return () => stream.close();
  }, [studentId, refresh, t]);
}
