import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown, LockKeyhole } from 'lucide-react';
import type { CashSession } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { formatMoney } from '../../lib/amounts';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatNumber } from '../../lib/format';
import { usePdf } from '../receipts/receipts.api';
import { sessionReportPath } from './cash-desk.api';
import { DifferenceBadge, Figure, Panel } from './cash-desk-ui';

/** « Encaissé par mode de paiement »: 3 × Espèces — 85 000 FCFA, … (nothing before a payment). */
function TotalsByMethod({ session }: { session: CashSession }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const totals = session.totalsByMethod.filter((total) => total.count > 0);
  if (totals.length === 0) return null;
  return (
    <div className="mt-5">
      <h3 className="text-sm font-semibold text-slate-800">{t('cashDesk.session.byMethod')}</h3>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {totals.map((total) => (
          <li
            key={total.method}
            className="flex justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
          >
            <span className="text-slate-700">
              {t('cashDesk.session.byMethodLine', {
                times: formatNumber(total.count, language),
                method: t(`payments.wallets.${total.method}`),
              })}
            </span>
            <span className="font-semibold text-slate-900 tabular-nums">
              {formatMoney(total.amount, language)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The cashier's open session: when it opened, the float, the cash taken, the cash the drawer
 * should hold and the number of payments, by method; « Clôturer la caisse ».
 */
export function OpenSessionSummary({
  session,
  onClose,
}: {
  session: CashSession;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const titleId = useId();
  return (
    <Panel
      titleId={titleId}
      title={t('cashDesk.session.title')}
      action={
        <Button variant="secondary" onClick={onClose} className="max-sm:w-full">
          <LockKeyhole aria-hidden="true" className="size-4" />
          {t('cashDesk.session.close')}
        </Button>
      }
    >
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Figure
          label={t('cashDesk.session.openedAt')}
          value={
            <time dateTime={session.openedAt}>{formatDateTime(session.openedAt, language)}</time>
          }
        />
        <Figure
          label={t('cashDesk.session.float')}
          value={formatMoney(session.openingFloat, language)}
        />
        <Figure
          label={t('cashDesk.session.cashTaken')}
          value={formatMoney(session.cashTaken, language)}
        />
        <Figure
          strong
          label={t('cashDesk.session.expected')}
          value={formatMoney(session.expectedCash, language)}
          hint={t('cashDesk.session.expectedHint')}
        />
        <Figure
          label={t('cashDesk.session.payments')}
          value={formatNumber(session.paymentCount, language)}
        />
      </dl>
      <TotalsByMethod session={session} />
    </Panel>
  );
}

/** « Brouillard de caisse (PDF) »: the session's report, saved as a file. */
export function SessionReportButton({
  session,
  label,
  ariaLabel,
  size = 'md',
}: {
  session: CashSession;
  label: string;
  ariaLabel?: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const report = usePdf();
  return (
    <span className="inline-flex flex-col gap-2">
      <Button
        variant="secondary"
        size={size}
        aria-label={ariaLabel}
        disabled={report.isPending}
        onClick={() =>
          report.mutate({
            path: sessionReportPath(session.id),
            filename: `brouillard-de-caisse-${session.openedAt.slice(0, 10)}.pdf`,
          })
        }
      >
        <FileDown aria-hidden="true" className="size-4" />
        {report.isPending ? t('cashDesk.closed.downloading') : label}
      </Button>
      {report.error ? (
        <FormAlert>{errorMessage(report.error, t, t('cashDesk.closed.reportFailure'))}</FormAlert>
      ) : null}
    </span>
  );
}

/**
 * What the cashier sees once the session is closed: expected and counted cash, the difference
 * (with its comment) and the brouillard de caisse to print or file.
 */
export function ClosedSessionSummary({
  session,
  onDismiss,
}: {
  session: CashSession;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The dialog and the button that opened it are gone: reading goes on from here.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Panel titleId={titleId} title={t('cashDesk.closed.title')} headingRef={headingRef}>
      <p className="text-slate-700">
        {t('cashDesk.closed.lead', {
          opened: formatDateTime(session.openedAt, language),
          closed: session.closedAt ? formatDateTime(session.closedAt, language) : '',
        })}
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label={t('cashDesk.session.float')}
          value={formatMoney(session.openingFloat, language)}
        />
        <Figure
          label={t('cashDesk.session.expected')}
          value={formatMoney(session.expectedCash, language)}
        />
        <Figure
          label={t('cashDesk.closed.counted')}
          value={session.countedCash === null ? '—' : formatMoney(session.countedCash, language)}
        />
        <Figure
          label={t('cashDesk.closed.difference')}
          value={
            session.difference === null ? '—' : <DifferenceBadge difference={session.difference} />
          }
        />
      </dl>
      {session.closingComment ? (
        <p className="mt-4 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{t('cashDesk.closed.comment')}</span>{' '}
          {session.closingComment}
        </p>
      ) : null}
      <TotalsByMethod session={session} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start">
        <SessionReportButton session={session} label={t('cashDesk.closed.report')} />
        <Button variant="ghost" onClick={onDismiss}>
          {t('cashDesk.closed.dismiss')}
        </Button>
      </div>
    </Panel>
  );
}
