import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import type { Payment, PaymentStatusValue } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { formatMoney } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { formatTime } from '../../lib/format';
import { PaymentNextAction } from './payment-next-action';
import { PaymentStatusBadge } from './payment-status-badge';
import {
  isFinalStatus,
  isReceived,
  useRefreshAfterPayment,
  useRefreshPayment,
} from './payments.api';

type Ended = 'failed' | 'cancelled' | 'expired';
const ENDED: readonly PaymentStatusValue[] = ['failed', 'cancelled', 'expired'];

export function hasEnded(status: PaymentStatusValue): status is Ended {
  return ENDED.includes(status);
}

/**
 * A payment as it stands, kept up to date by `usePayment` (every 2 s until final): amount,
 * wallet, payer and status; while it waits, what the payer has to do; then what was received
 * and which invoices it paid, or why it failed. « Vérifier maintenant » asks the provider at once
 * (record:payments). Once final, the student's record, invoices, payments and receipts are asked
 * again, and the receipts once more when the receipt is issued (a moment after the success).
 */
export function PaymentLive({
  payment,
  canRefresh,
  refreshWhenFinal = false,
}: {
  payment: Payment;
  canRefresh: boolean;
  /** Refresh what the payment changed when it is final, even if it already was on arrival. */
  refreshWhenFinal?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refresh = useRefreshPayment();
  const refreshAfterPayment = useRefreshAfterPayment();
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const final = isFinalStatus(payment.status);
  // Only a payment seen waiting (or just requested) changes anything when it ends.
  const watching = useRef(refreshWhenFinal || !final);

  // The view replaces the form in the same dialog: focus moves to its heading.
  useEffect(() => headingRef.current?.focus(), []);

  const receiptId = payment.receiptId;
  useEffect(() => {
    if (!final || !watching.current) return;
    // Asked again at the end, then once more when the receipt arrives: the « Reçus » list.
    if (receiptId || !isReceived(payment.status)) watching.current = false;
    void refreshAfterPayment();
  }, [final, receiptId, payment.status, refreshAfterPayment]);

  async function checkNow() {
    if (refresh.isPending) return;
    setRefreshError(null);
    try {
      await refresh.mutateAsync(payment.id);
    } catch (error) {
      setRefreshError(errorMessage(error, t, t('payments.live.refreshFailed')));
    }
  }

  const money = (amount: number) => formatMoney(amount, language);
  const status = payment.status;

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h3
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-bold text-slate-900 focus:outline-none"
      >
        {t('payments.live.heading')}
      </h3>
      <dl className="grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="sr-only">{t('payments.studentList.amount')}</dt>
          <dd className="text-lg font-bold text-slate-900 tabular-nums">
            {t('payments.live.summary', {
              amount: money(payment.amount),
              wallet: t(`payments.wallets.${payment.wallet}`),
            })}
          </dd>
        </div>
        <div className="flex items-center gap-2 sm:justify-end">
          <dt className="text-slate-700">{t('payments.live.statusLabel')}</dt>
          <dd>
            <PaymentStatusBadge status={status} />
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="sr-only">{t('payments.studentList.payer')}</dt>
          <dd className="text-slate-700">
            {t('payments.live.payer', { name: payment.guardianName })}
          </dd>
        </div>
      </dl>

      <div role="status" className="space-y-3">
        {isReceived(status) ? (
          <Received payment={payment} money={money} />
        ) : hasEnded(status) ? (
          <div className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
            <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
            <div>
              <p className="font-semibold">{t(`payments.live.ended.${status}`)}</p>
              <p className="mt-1 text-sm">{payment.failureReason ?? t('payments.live.noReason')}</p>
            </div>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <span
              aria-hidden="true"
              className="size-4 shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
            />
            {status === 'unknown' ? t('payments.live.unknown') : t('payments.live.waiting')}
          </p>
        )}
      </div>

      {!final && payment.nextAction ? (
        <PaymentNextAction action={payment.nextAction} payerPhone={payment.payerPhone} />
      ) : null}
      {!final && payment.expiresAt && formatTime(payment.expiresAt, language) ? (
        <p className="text-sm text-slate-700">
          {t('payments.live.expiresAt', { time: formatTime(payment.expiresAt, language) })}
        </p>
      ) : null}

      {!final && canRefresh ? (
        <div className="space-y-3">
          <FormAlert>{refreshError}</FormAlert>
          <Button variant="secondary" disabled={refresh.isPending} onClick={() => void checkNow()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {refresh.isPending ? t('payments.live.refreshing') : t('payments.live.refresh')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** « Paiement reçu »: how much, from whom, the invoices it paid and the family's credit. */
function Received({ payment, money }: { payment: Payment; money: (amount: number) => string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 rounded-xl border border-green-300 bg-green-50 p-4 text-green-950">
      <div className="flex gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
        <div>
          <p className="font-semibold">{t('payments.live.succeeded')}</p>
          <p className="mt-1 text-sm">
            {t('payments.live.succeededBody', {
              amount: money(payment.amount),
              name: payment.guardianName,
            })}
          </p>
        </div>
      </div>
      {payment.allocations.length > 0 ? (
        <div className="text-sm">
          <p className="font-semibold">{t('payments.live.paidInvoices')}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {payment.allocations.map((allocation) => (
              <li key={allocation.invoiceId}>
                {t('payments.live.allocation', {
                  number: allocation.invoiceNumber ?? t('payments.live.draftInvoice'),
                  label: allocation.invoiceLabel,
                  student: allocation.studentName,
                  amount: money(allocation.amount),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {payment.creditAmount > 0 ? (
        <p className="text-sm">
          <span className="font-semibold">
            {t('payments.live.credit', { amount: money(payment.creditAmount) })}
          </span>{' '}
          {t('payments.live.creditHint')}
        </p>
      ) : null}
      {payment.lateSuccess ? <p className="text-sm">{t('payments.live.lateSuccess')}</p> : null}
    </div>
  );
}
