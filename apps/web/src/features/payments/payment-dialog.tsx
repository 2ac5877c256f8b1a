import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ListState } from '../../components/ui/list-state';
import { errorStatus } from '../../lib/error-message';
import { PaymentLive } from './payment-live';
import { usePayment } from './payments.api';

/**
 * One payment opened from a list (a student's payments, a notification to check): its status,
 * followed live while it waits, and what it paid. Closed when `paymentId` is null.
 */
export function PaymentDialog({
  paymentId,
  canRefresh,
  onClose,
}: {
  paymentId: string | null;
  canRefresh: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const payment = usePayment(paymentId);

  let body;
  if (paymentId === null) {
    body = null;
  } else if (payment.data) {
    body = <PaymentLive key={paymentId} payment={payment.data} canRefresh={canRefresh} />;
  } else if (payment.isError) {
    body = (
      <ListState
        tone="error"
        title={t('payments.live.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void payment.refetch()}
      >
        {errorStatus(payment.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else {
    body = <ListState tone="loading" title={t('payments.live.loading')} />;
  }

  return (
    <Dialog
      open={paymentId !== null}
      onClose={onClose}
      size="lg"
      title={t('payments.live.title')}
      closeLabel={t('common.close')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('payments.live.close')}
        </Button>
      }
    >
      {body}
    </Dialog>
  );
}
