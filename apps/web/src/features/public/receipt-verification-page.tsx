import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, Clock, SearchX, TriangleAlert } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReceiptVerification } from '@ecolage/contracts';
import { Button, ButtonLink } from '../../components/ui/button';
import { addFrenchStrings } from '../../i18n/add-strings';
import { receipts } from '../../i18n/fr/receipts';
import { formatMoney } from '../../lib/amounts';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { startBeacon } from '../../payer/beacon';
import { useReceiptVerification, verificationProblem } from '../receipts/verification.api';

addFrenchStrings(receipts);

/** A centred card on the brand's light background, its icon above the title. */
function VerificationCard({
  icon: Icon,
  iconClassName,
  title,
  lead,
  children,
}: {
  icon: LucideIcon;
  iconClassName: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <span
          className={`mb-5 flex size-14 items-center justify-center rounded-full ${iconClassName}`}
        >
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950">{title}</h1>
        <p className="mt-2 text-slate-700">{lead}</p>
        {children ? <div className="mt-6 space-y-6">{children}</div> : null}
      </div>
    </div>
  );
}

const STATE_CLASSES = {
  valid: 'border-green-700 bg-green-50 text-green-900',
  partially_refunded: 'border-violet-700 bg-violet-50 text-violet-900',
  cancelled: 'border-red-700 bg-red-50 text-red-900',
} as const;

function FoundReceipt({ receipt }: { receipt: ReceiptVerification }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const school = receipt.schoolName;
  const lead =
    receipt.status === 'cancelled'
      ? t('receipts.verification.cancelledLead', { school })
      : receipt.status === 'partially_refunded'
        ? t('receipts.verification.partiallyRefundedLead', { school })
        : t('receipts.verification.authenticLead', { school });
  const rows: [string, ReactNode][] = [
    [t('receipts.verification.number'), receipt.number],
    [
      t('receipts.verification.school'),
      <span key="school" className="flex items-center gap-3">
        {/* Beside the school's name, which says it: the logo adds nothing to read (alt=""). */}
        {receipt.schoolLogoUrl ? (
          <img
            src={receipt.schoolLogoUrl}
            alt=""
            className="size-10 shrink-0 rounded object-contain"
          />
        ) : null}
        {school}
      </span>,
    ],
    [
      t('receipts.verification.date'),
      <time key="date" dateTime={receipt.issuedAt}>
        {formatDateTime(receipt.issuedAt, language)}
      </time>,
    ],
    [t('receipts.verification.amount'), formatMoney(receipt.amount, language)],
  ];
  if (receipt.refundedAmount > 0) {
    rows.push([t('receipts.verification.refunded'), formatMoney(receipt.refundedAmount, language)]);
  }
  if (receipt.studentNames.length > 0) {
    rows.push([
      t('receipts.verification.students', { count: receipt.studentNames.length }),
      receipt.studentNames.join(', '),
    ]);
  }

  return (
    <VerificationCard
      icon={BadgeCheck}
      iconClassName="bg-green-50 text-green-800"
      title={t('receipts.verification.authentic')}
      lead={lead}
    >
      <p
        className={`rounded-xl border-l-4 px-4 py-3 text-lg font-bold ${STATE_CLASSES[receipt.status]}`}
      >
        <span className="sr-only">{t('receipts.verification.status')} </span>
        {t(`receipts.status.${receipt.status}`)}
      </p>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:gap-4">
            <dt className="text-sm text-slate-600 sm:w-40 sm:shrink-0">{label}</dt>
            <dd className="font-semibold break-words text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </VerificationCard>
  );
}

/**
 * `/verifier/:code` (public): the page a receipt's QR code opens. It says whether the receipt
 * is authentic, with its number, school, date, amount and students, and plainly when it was
 * refunded (« Annulé (remboursé) », « Partiellement remboursé »). An unknown code gets a neutral
 * « Reçu introuvable » and nothing else; too many checks, a request to wait a minute.
 */
export function ReceiptVerificationPage() {
  const { code = '' } = useParams();
  const { t } = useTranslation();
  const verification = useReceiptVerification(code);
  const problem = verification.isError ? verificationProblem(verification.error) : null;
  // The school's public page seen (cookie-less page analytics), once the school is known.
  const schoolSlug = verification.data?.schoolSlug ?? undefined;
  useEffect(() => startBeacon(schoolSlug, 'recu'), [schoolSlug]);
  useDocumentTitle(
    problem === 'notFound'
      ? t('receipts.verification.notFoundTitle')
      : t('receipts.verification.title'),
  );

  if (verification.data) return <FoundReceipt receipt={verification.data} />;
  if (problem === 'notFound') {
    return (
      <VerificationCard
        icon={SearchX}
        iconClassName="bg-slate-100 text-slate-700"
        title={t('receipts.verification.notFoundTitle')}
        lead={t('receipts.verification.notFound')}
      >
        <ButtonLink to="/" variant="secondary" size="lg" className="w-full">
          {t('receipts.verification.home')}
        </ButtonLink>
      </VerificationCard>
    );
  }
  if (problem) {
    const tooMany = problem === 'tooMany';
    return (
      <VerificationCard
        icon={tooMany ? Clock : TriangleAlert}
        iconClassName="bg-amber-50 text-amber-800"
        title={t(
          tooMany ? 'receipts.verification.tooManyTitle' : 'receipts.verification.errorTitle',
        )}
        lead={t(tooMany ? 'receipts.verification.tooMany' : 'receipts.verification.error')}
      >
        <Button
          size="lg"
          className="w-full"
          disabled={verification.isFetching}
          onClick={() => void verification.refetch()}
        >
          {t('receipts.verification.retry')}
        </Button>
      </VerificationCard>
    );
  }
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-4">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
      />
      <span className="text-slate-700">{t('receipts.verification.loading')}</span>
    </div>
  );
}
