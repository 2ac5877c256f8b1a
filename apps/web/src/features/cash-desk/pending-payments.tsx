import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';
import type { InvoiceItem, PendingPayment } from '@ecolage/contracts';
import { paymentChannelLabels } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { formatMoney } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatTime } from '../../lib/format';
import { useRefreshPayment } from '../payments/payments.api';
import { studentDetailKeys } from '../students/student-detail.api';
import { useCancelPendingPayment } from './cash-desk.api';

/** What the cashier's last action on the payment gave, said in the live region. */
type Outcome = { tone: 'info' | 'error'; text: string } | null;

/**
 * One payment in flight: the invoices it holds, its wallet and provider, its amount, since when
 * it waits and when it expires; « Vérifier le statut » asks the provider now, « Annuler la
 * demande » gives it up (after a confirmation) so that the desk can take those invoices.
 */
function PendingPaymentItem({
  payment,
  invoices,
  onOutcome,
}: {
  payment: PendingPayment;
  invoices: InvoiceItem[];
  /** Said below the list, which this payment may leave once it has ended. */
  onOutcome: (outcome: Outcome) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const queryClient = useQueryClient();
  const refresh = useRefreshPayment();
  const cancel = useCancelPendingPayment();
  const [confirming, setConfirming] = useState(false);
  const busy = refresh.isPending || cancel.isPending;
  const numbers = payment.invoiceIds.map(
    (invoiceId) => invoices.find((invoice) => invoice.id === invoiceId)?.number ?? '—',
  );

  async function act(run: () => Promise<{ status: string }>) {
    onOutcome(null);
    try {
      const { status } = await run();
      onOutcome({ tone: 'info', text: t(`cashDesk.pending.outcome.${outcomeOf(status)}`) });
    } catch (failure) {
      onOutcome({ tone: 'error', text: errorMessage(failure, t, t('cashDesk.pending.failure')) });
    } finally {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: studentDetailKeys.invoices });
    }
  }

  return (
    <li className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-bold">
        {t('cashDesk.pending.heading', {
          wallet: t(`payments.wallets.${payment.wallet}`),
          provider: paymentChannelLabels[payment.provider],
          amount: formatMoney(payment.amount, language),
        })}
      </p>
      <p className="text-sm">
        {t('cashDesk.pending.invoices', { count: numbers.length, numbers: numbers.join(', ') })}
      </p>
      <p className="text-sm">
        {t('cashDesk.pending.since', {
          since: formatDateTime(payment.createdAt, language),
          payer: payment.guardianName,
        })}{' '}
        {t('cashDesk.pending.expires', { time: formatTime(payment.expiresAt, language) })}
      </p>
      <p className="text-sm">
        {payment.providerCancels
          ? t('cashDesk.pending.cancelAtProvider')
          : t('cashDesk.pending.cancelHereOnly')}
      </p>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="w-full text-sm font-semibold">{t('cashDesk.pending.confirm')}</p>
          <Button
            variant="danger"
            size="sm"
            disabled={busy}
            onClick={() => void act(() => cancel.mutateAsync(payment.id))}
          >
            {t('cashDesk.pending.confirmCancel')}
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming(false)}>
            {t('cashDesk.pending.keep')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => void act(() => refresh.mutateAsync(payment.id))}
          >
            {refresh.isPending ? t('cashDesk.pending.checking') : t('cashDesk.pending.check')}
          </Button>
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
            {t('cashDesk.pending.cancel')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The answer's status, as the desk words it. */
function outcomeOf(status: string): 'pending' | 'succeeded' | 'cancelled' | 'ended' {
  if (status === 'succeeded' || status === 'cancelled') return status;
  return ['initiated', 'pending', 'unknown'].includes(status) ? 'pending' : 'ended';
}

/**
 * « Paiements en attente »: the mobile-money payments still waiting on a parent's phone for the
 * student's invoices. The desk takes no money for those invoices while they wait (the server
 * refuses it too): the cashier waits for the outcome or cancels the request first.
 */
export function PendingPayments({
  payments,
  invoices,
}: {
  payments: PendingPayment[];
  invoices: InvoiceItem[];
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const notice = (
    <p
      aria-live="polite"
      className={outcome?.tone === 'error' ? 'text-sm font-semibold text-red-800' : 'text-sm'}
    >
      {outcome?.text}
    </p>
  );
  if (payments.length === 0) return notice;
  return (
    <section aria-labelledby="desk-pending-title" className="space-y-3">
      <h3 id="desk-pending-title" className="flex items-center gap-2 font-bold text-slate-900">
        <Hourglass aria-hidden="true" className="size-5 text-amber-700" />
        {t('cashDesk.pending.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('cashDesk.pending.lead')}</p>
      <ul className="space-y-3">
        {payments.map((payment) => (
          <PendingPaymentItem
            key={payment.id}
            payment={payment}
            invoices={invoices}
            onOutcome={setOutcome}
          />
        ))}
      </ul>
      {notice}
    </section>
  );
}
