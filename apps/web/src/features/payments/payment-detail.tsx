import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, ExternalLink } from 'lucide-react';
import { formatPhone } from '@ecolage/contracts';
import type { PaymentStatusValue, PaymentTimeline, ReceiptFormatValue } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { formatMoney } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { receiptFileName, receiptPdfPath, usePdf } from '../receipts/receipts.api';
import { PaymentStatusBadge } from './payment-status-badge';
import { PspBadge } from './psp-badge';

/** Money the school received (a refund later does not undo that it came in). */
export const RECEIVED: readonly PaymentStatusValue[] = [
  'succeeded',
  'refund_pending',
  'refunded',
  'partially_refunded',
];
const ENDED: readonly PaymentStatusValue[] = ['failed', 'cancelled', 'expired'];

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The payment in the drawer: amount, status and PSP; method, provider and its reference; the
 * payer and the students; when it was asked for and received; the invoices it paid, the family's
 * credit, what was refunded and what still can be; why it failed; its receipt.
 */
export function PaymentDetail({
  timeline,
  canReadStudents,
}: {
  timeline: PaymentTimeline;
  canReadStudents: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const { payment } = timeline;
  const money = (amount: number) => formatMoney(amount, language);
  const received = RECEIVED.includes(payment.status);
  const ended = ENDED.includes(payment.status);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="text-2xl font-extrabold text-slate-900 tabular-nums">
          <span className="sr-only">{t('payments.drawer.amount')} : </span>
          <span>{money(payment.amount)}</span>
        </p>
        <PaymentStatusBadge status={payment.status} />
        <PspBadge wallet={payment.wallet} provider={payment.provider} />
      </div>

      <dl className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <Item label={t('payments.drawer.method')}>{t(`payments.wallets.${payment.wallet}`)}</Item>
        <Item label={t('payments.drawer.provider')}>
          {t(`payments.providers.${payment.provider}`)}
        </Item>
        <Item label={t('payments.drawer.reference')}>
          {payment.providerRef ? (
            <span className="font-mono">{payment.providerRef}</span>
          ) : (
            <span className="text-slate-600">{t('payments.drawer.noReference')}</span>
          )}
        </Item>
        <Item label={t('payments.drawer.payer')}>
          {payment.guardianName}
          {payment.payerPhone ? (
            <span className="block text-slate-700 tabular-nums">
              {formatPhone(payment.payerPhone)}
            </span>
          ) : null}
        </Item>
        <Item label={t('payments.drawer.createdAt')}>
          {formatDateTime(payment.createdAt, language)}
          <span className="block text-slate-700">
            {t('payments.drawer.createdBy')} {payment.createdBy}
          </span>
        </Item>
        {payment.succeededAt ? (
          <Item label={t('payments.drawer.succeededAt')}>
            {formatDateTime(payment.succeededAt, language)}
          </Item>
        ) : null}
        {timeline.students.length > 0 ? (
          <div className="sm:col-span-2">
            <Item label={t('payments.drawer.students')}>
              <ul className="space-y-0.5">
                {timeline.students.map((student) => {
                  const label = t('payments.drawer.student', {
                    name: student.name,
                    matricule: student.matricule,
                  });
                  return (
                    <li key={student.id}>
                      {canReadStudents ? (
                        <Link
                          to={`/admin/etudiants/${student.id}`}
                          className="font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:underline"
                        >
                          {label}
                        </Link>
                      ) : (
                        label
                      )}
                    </li>
                  );
                })}
              </ul>
            </Item>
          </div>
        ) : null}
        {received ? (
          <div className="sm:col-span-2">
            <Item label={t('payments.drawer.invoices')}>
              {payment.allocations.length > 0 ? (
                <ul className="list-disc space-y-0.5 pl-5">
                  {payment.allocations.map((allocation) => (
                    <li key={allocation.invoiceId}>
                      {t('payments.drawer.allocation', {
                        number: allocation.invoiceNumber ?? t('payments.drawer.draftInvoice'),
                        label: allocation.invoiceLabel,
                        student: allocation.studentName,
                        amount: money(allocation.amount),
                      })}
                    </li>
                  ))}
                </ul>
              ) : (
                t('payments.drawer.noAllocation')
              )}
            </Item>
          </div>
        ) : null}
        {payment.creditAmount > 0 ? (
          <Item label={t('payments.drawer.credit')}>{money(payment.creditAmount)}</Item>
        ) : null}
        {payment.refundedAmount > 0 ? (
          <Item label={t('payments.drawer.refunded')}>{money(payment.refundedAmount)}</Item>
        ) : null}
        {received ? (
          <Item label={t('payments.drawer.refundable')}>{money(timeline.refundable)}</Item>
        ) : null}
        {ended ? (
          <div className="sm:col-span-2">
            <Item label={t('payments.drawer.failureReason')}>
              {payment.failureReason ?? t('payments.drawer.noReason')}
            </Item>
          </div>
        ) : null}
      </dl>

      {payment.lateSuccess ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
          {t('payments.drawer.lateSuccess')}
        </p>
      ) : null}

      {received || ended || timeline.receipt ? (
        <ReceiptBlock timeline={timeline} received={received} />
      ) : null}
    </div>
  );
}

/** « Reçu »: its number, A4 and 80 mm ticket downloads, the public verification page. */
function ReceiptBlock({ timeline, received }: { timeline: PaymentTimeline; received: boolean }) {
  const { t, i18n } = useTranslation();
  const download = usePdf();
  const [error, setError] = useState<string | null>(null);
  const { receipt } = timeline;

  async function save(format: ReceiptFormatValue) {
    if (!receipt || download.isPending) return;
    setError(null);
    try {
      await download.mutateAsync({
        path: receiptPdfPath(receipt.id, format),
        filename: `recu-${receiptFileName(receipt.number, format)}`,
      });
    } catch (caught) {
      setError(errorMessage(caught, t, t('payments.drawer.receiptFailed')));
    }
  }

  let body;
  if (receipt) {
    const pendingPath = download.isPending ? download.variables.path : null;
    body = (
      <>
        <p className="text-slate-900">
          <span className="font-mono font-semibold">{receipt.number}</span>
          <span className="text-slate-700">
            {' '}
            · {formatDateTime(receipt.issuedAt, i18n.language)}
          </span>
        </p>
        <FormAlert>{error}</FormAlert>
        <div className="flex flex-wrap gap-2">
          {(['a4', 'thermal'] as const).map((format) => (
            <Button
              key={format}
              variant="secondary"
              size="sm"
              disabled={download.isPending}
              onClick={() => void save(format)}
            >
              <Download aria-hidden="true" className="size-4" />
              {pendingPath === receiptPdfPath(receipt.id, format)
                ? t('payments.drawer.receiptDownloading')
                : t(
                    format === 'a4'
                      ? 'payments.drawer.receiptA4'
                      : 'payments.drawer.receiptThermal',
                  )}
            </Button>
          ))}
        </div>
        <a
          href={receipt.verificationUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:underline"
        >
          {t('payments.drawer.verify')}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('payments.drawer.newTab')}</span>
        </a>
      </>
    );
  } else {
    body = (
      <p className="text-sm text-slate-700">
        {received ? t('payments.drawer.receiptPending') : t('payments.drawer.noReceipt')}
      </p>
    );
  }

  return (
    <section className="space-y-2">
      <h3 className="text-base font-bold text-slate-900">{t('payments.drawer.receipt')}</h3>
      {body}
    </section>
  );
}
