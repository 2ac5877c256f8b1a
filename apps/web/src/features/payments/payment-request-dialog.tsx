import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import type { PaymentRequest, StudentDetail } from '@ecolage/contracts';
import { Button, SubmitButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ListState } from '../../components/ui/list-state';
import { ApiClientError } from '../../lib/api-client';
import { hasEnded, PaymentLive } from './payment-live';
import { initialRequestValues, PaymentRequestForm } from './payment-request-form';
import type { RequestValues } from './payment-request-form';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { usePayment, useRequestPayment } from './payments.api';

/**
 * « Demander un paiement » (request:payments): the request form, then, once the payment is
 * created, its live status in the same dialog until it is final.
 *
 * The idempotency key is drawn when the dialog opens and sent with every attempt of this one
 * request: a double click, or a retry after a network failure or a server error (when the
 * payment may have been created), replays it instead of asking the payer twice. A clear refusal
 * (4xx) created nothing, so the next attempt — maybe with other values — gets a new key, and so
 * does « Réessayer » after a failed payment.
 */
export function PaymentRequestDialog({
  student,
  canReadInvoices,
  canRefresh,
  onClose,
}: {
  student: StudentDetail;
  canReadInvoices: boolean;
  canRefresh: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const firstFieldRef = useRef<HTMLSelectElement>(null);
  const sending = useRef(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const [values, setValues] = useState<RequestValues>(() => initialRequestValues(student));
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const request = useRequestPayment();
  const payment = usePayment(paymentId);

  async function send(body: PaymentRequest) {
    if (sending.current) return; // a second click before the first has re-rendered
    sending.current = true;
    try {
      const created = await request.mutateAsync({ body, key });
      setPaymentId(created.id);
    } catch (error) {
      if (error instanceof ApiClientError && error.status < 500) setKey(newIdempotencyKey());
      throw error;
    } finally {
      sending.current = false;
    }
  }

  function retry() {
    setKey(newIdempotencyKey());
    setPaymentId(null);
    request.reset();
  }

  const ended = payment.data !== undefined && hasEnded(payment.data.status);

  let body;
  let footer;
  if (paymentId === null) {
    body = (
      <PaymentRequestForm
        formId={formId}
        student={student}
        values={values}
        onChange={setValues}
        onSend={send}
        pending={request.isPending}
        canReadInvoices={canReadInvoices}
        firstFieldRef={firstFieldRef}
      />
    );
    footer = (
      <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
        <Button variant="secondary" onClick={onClose}>
          {t('ui.cancel')}
        </Button>
        <SubmitButton
          form={formId}
          pending={request.isPending}
          label={t('payments.request.submit')}
          pendingLabel={t('payments.request.submitting')}
          icon={<Send aria-hidden="true" className="size-4" />}
        />
      </div>
    );
  } else {
    if (payment.data) {
      body = (
        <>
          <PaymentLive payment={payment.data} canRefresh={canRefresh} refreshWhenFinal />
          {ended ? <p className="text-sm text-slate-700">{t('payments.live.retryHint')}</p> : null}
        </>
      );
    } else if (payment.isError) {
      body = (
        <ListState
          tone="error"
          title={t('payments.live.loadError')}
          retryLabel={t('ui.retry')}
          onRetry={() => void payment.refetch()}
        />
      );
    } else {
      body = <ListState tone="loading" title={t('payments.live.loading')} />;
    }
    footer = (
      <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
        <Button variant={ended ? 'secondary' : 'primary'} onClick={onClose}>
          {t('payments.live.close')}
        </Button>
        {ended ? <Button onClick={retry}>{t('payments.live.retry')}</Button> : null}
      </div>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t('payments.request.title')}
      description={t('payments.request.description', { student: student.fullName })}
      closeLabel={t('common.close')}
      initialFocus={firstFieldRef}
      footer={footer}
    >
      {body}
    </Dialog>
  );
}
