import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CircleCheck, RefreshCw, Undo2 } from 'lucide-react';
import type { PaymentTimeline } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { ListState } from '../../components/ui/list-state';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { can, useSession } from '../auth/session-store';
import { Drawer } from './drawer';
import { PaymentDetail } from './payment-detail';
import { paymentRecordKeys, usePaymentTimeline } from './payment-records.api';
import { PaymentTimelineList } from './payment-timeline';
import { isFinalStatus, useRefreshPayment } from './payments.api';
import { RefundDialog } from './refund-dialog';

/**
 * The drawer of one payment (`?paiement=<id>`): what it is, its whole story, its receipt and,
 * for those who may, « Rembourser » (refund:payments, while something is refundable) and
 * « Vérifier maintenant » (record:payments, while it waits). Closed when `paymentId` is null.
 */
export function PaymentDrawer({
  paymentId,
  onClose,
}: {
  paymentId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const timeline = usePaymentTimeline(paymentId);

  let body;
  if (paymentId === null) {
    body = null;
  } else if (timeline.data) {
    body = <DrawerBody key={paymentId} timeline={timeline.data} />;
  } else if (timeline.isError) {
    body = (
      <ListState
        tone="error"
        title={t('payments.drawer.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void timeline.refetch()}
      >
        {errorStatus(timeline.error) === 403
          ? t('ui.forbidden')
          : errorMessage(timeline.error, t, '')}
      </ListState>
    );
  } else {
    body = <ListState tone="loading" title={t('payments.drawer.loading')} />;
  }

  return (
    <Drawer
      open={paymentId !== null}
      onClose={onClose}
      title={t('payments.drawer.title')}
      closeLabel={t('common.close')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('payments.drawer.close')}
        </Button>
      }
    >
      {body}
    </Drawer>
  );
}

function DrawerBody({ timeline }: { timeline: PaymentTimeline }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const refresh = useRefreshPayment();
  const [refunding, setRefunding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const { payment } = timeline;
  const canRefund = can('refund:payments', session) && timeline.refundable > 0;
  const canRefresh = can('record:payments', session) && !isFinalStatus(payment.status);

  // After a refund the « Rembourser » button may be gone: the focus goes to what happened.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  async function checkNow() {
    if (refresh.isPending) return;
    setRefreshError(null);
    try {
      await refresh.mutateAsync(payment.id);
      await queryClient.invalidateQueries({ queryKey: paymentRecordKeys.timeline(payment.id) });
    } catch (error) {
      setRefreshError(errorMessage(error, t, t('payments.live.refreshFailed')));
    }
  }

  return (
    <div className="space-y-6">
      {notice ? (
        <p
          ref={noticeRef}
          role="status"
          tabIndex={-1}
          className="flex gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-2.5 text-sm font-medium text-green-900"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
          {notice}
        </p>
      ) : null}
      <PaymentDetail timeline={timeline} canReadStudents={can('read:students', session)} />
      {canRefund || canRefresh ? (
        <div className="space-y-3">
          <FormAlert>{refreshError}</FormAlert>
          <div className="flex flex-wrap gap-2">
            {canRefresh ? (
              <Button
                variant="secondary"
                disabled={refresh.isPending}
                onClick={() => void checkNow()}
              >
                <RefreshCw aria-hidden="true" className="size-4" />
                {refresh.isPending ? t('payments.live.refreshing') : t('payments.live.refresh')}
              </Button>
            ) : null}
            {canRefund ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setNotice(null);
                  setRefunding(true);
                }}
              >
                <Undo2 aria-hidden="true" className="size-4" />
                {t('payments.drawer.refund')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      <PaymentTimelineList timeline={timeline} />
      {refunding ? (
        <RefundDialog
          timeline={timeline}
          onClose={() => setRefunding(false)}
          onDone={(message) => {
            setRefunding(false);
            setNotice(message);
          }}
        />
      ) : null}
    </div>
  );
}
