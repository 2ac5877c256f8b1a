import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FileDown } from 'lucide-react';
import {
  formatPhone,
  paymentMethodLabels,
  providerLabels,
  type IncomingCredit,
  type IncomingCreditStatus,
  type PaymentMethodValue,
  type ProviderValue,
} from '@ecolage/contracts';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { formatMoney } from '../../../lib/amounts';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format';
import { receiptFileName, receiptPdfPath, usePdf } from '../../receipts/receipts.api';
import { paymentHref } from '../settlements/settlements-table';

// Dark text on a light tint: above 7:1 for each; the word says it, never the colour alone.
const STATUS_TONES: Record<IncomingCreditStatus, BadgeTone> = {
  to_assign: 'yellow',
  matched: 'green',
  assigned: 'blue',
  returned: 'grey',
};

/** « Wave », « Wave · MTN MoMo », or a bank's name for a transfer. */
export function carrierLabel(
  credit: Pick<IncomingCredit, 'provider' | 'wallet' | 'source'>,
  t: TFunction,
) {
  const provider = providerLabels[credit.provider as ProviderValue];
  if (!provider) return t('incomingCredits.bank', { name: credit.provider });
  const wallet = credit.wallet ? paymentMethodLabels[credit.wallet as PaymentMethodValue] : null;
  return wallet && wallet !== provider ? `${provider} · ${wallet}` : provider;
}

function MatchCell({ credit }: { credit: IncomingCredit }) {
  const { t } = useTranslation();
  if (credit.status === 'returned') {
    return (
      <span className="text-slate-700">
        {t('incomingCredits.returnedNote', { note: credit.note ?? '' })}
      </span>
    );
  }
  if (!credit.matchedBy || !credit.student) return <span className="text-slate-600">—</span>;
  const how =
    credit.matchedBy === 'staff'
      ? credit.assignedBy
        ? t('incomingCredits.matchedBy.staff', { name: credit.assignedBy })
        : t('incomingCredits.matchedBy.staffUnknown')
      : t(`incomingCredits.matchedBy.${credit.matchedBy}`);
  return (
    <span className="block">
      <span className="block font-semibold text-slate-900">
        {credit.student.fullName}{' '}
        <span className="font-normal text-slate-700">({credit.student.matricule})</span>
      </span>
      <span className="block text-xs text-slate-700">{how}</span>
    </span>
  );
}

/** The sender's phone (never cut across lines) and name. */
function PhoneCell({ credit }: { credit: IncomingCredit }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="whitespace-nowrap">
        {credit.payerPhone ? formatPhone(credit.payerPhone) : t('incomingCredits.noPhone')}
      </span>
      {credit.payerName ? (
        <span className="block text-xs text-slate-700">{credit.payerName}</span>
      ) : null}
    </>
  );
}

function ReceiptButton({ credit }: { credit: IncomingCredit }) {
  const { t } = useTranslation();
  const pdf = usePdf();
  if (!credit.paymentId) return null;
  if (!credit.receipt) {
    return <span className="text-xs text-slate-600">{t('incomingCredits.receiptPending')}</span>;
  }
  const { id, number } = credit.receipt;
  return (
    <span className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={pdf.isPending}
        onClick={() =>
          pdf.mutate({ path: receiptPdfPath(id, 'a4'), filename: receiptFileName(number, 'a4') })
        }
      >
        <FileDown aria-hidden="true" className="size-4 shrink-0" />
        {/* May wrap (« Reçu / REC-… »): a narrower « Actions » column. */}
        <span className="text-left whitespace-normal">
          {t('incomingCredits.receipt', { number })}
        </span>
      </Button>
      <Link
        to={paymentHref(credit.paymentId)}
        className="text-xs font-semibold text-brand-800 underline"
      >
        {t('incomingCredits.paymentLink')}
      </Link>
      {pdf.isError ? (
        <span role="alert" className="text-xs text-red-800">
          {t('incomingCredits.receiptFailure')}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The credits, newest first: date, provider, amount, the reference the sender typed, their phone,
 * the status, how (and to whom) it was matched; « Affecter » and « Rendre » while it waits, the
 * payment's receipt once assigned.
 */
export function IncomingCreditsTable({
  credits,
  busy,
  canRecord,
  onAssign,
  onReturn,
}: {
  credits: IncomingCredit[];
  busy: boolean;
  canRecord: boolean;
  onAssign: (credit: IncomingCredit) => void;
  onReturn: (credit: IncomingCredit) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const column = (
    key:
      | 'caption'
      | 'date'
      | 'provider'
      | 'amount'
      | 'reference'
      | 'phone'
      | 'status'
      | 'match'
      | 'actions',
  ) => t(`incomingCredits.columns.${key}`);
  return (
    <Table caption={column('caption')} layout="stack" minWidth="md:min-w-[64rem]" busy={busy} dense>
      <THead>
        <Tr>
          <Th>{column('date')}</Th>
          <Th>{column('provider')}</Th>
          <Th className="text-right">{column('amount')}</Th>
          <Th>{column('reference')}</Th>
          {/* Between 768 and 1536 px the phone is folded into the reference's cell. */}
          <Th className="md:max-2xl:hidden">{column('phone')}</Th>
          <Th>{column('status')}</Th>
          <Th>{column('match')}</Th>
          <Th>{column('actions')}</Th>
        </Tr>
      </THead>
      <TBody>
        {credits.map((credit) => {
          const amount = formatMoney(credit.amount, language);
          const date = formatDateTime(credit.receivedAt, language);
          return (
            <Tr key={credit.id}>
              <Td label={column('date')} className="whitespace-nowrap tabular-nums">
                {/* The day, the time under it: a narrower column (every column fits at 1366 px). */}
                <time dateTime={credit.receivedAt}>
                  <span className="block">{formatDate(credit.receivedAt, language)}</span>
                  <span className="block text-slate-700">
                    {formatTime(credit.receivedAt, language)}
                  </span>
                </time>
              </Td>
              <Td label={column('provider')}>
                <span className="block">{carrierLabel(credit, t)}</span>
                <span className="block text-xs text-slate-700">
                  {t(`incomingCredits.sources.${credit.source}`)}
                </span>
              </Td>
              <Td
                label={column('amount')}
                className="text-right font-semibold whitespace-nowrap tabular-nums"
              >
                {amount}
              </Td>
              <Td label={column('reference')} className="wrap-anywhere">
                {credit.reference ?? (
                  <span className="text-slate-600">{t('incomingCredits.noReference')}</span>
                )}
                <span className="mt-1 hidden md:block 2xl:hidden">
                  <span className="sr-only">{column('phone')} : </span>
                  <PhoneCell credit={credit} />
                </span>
              </Td>
              <Td label={column('phone')} className="md:max-2xl:hidden">
                <PhoneCell credit={credit} />
              </Td>
              <Td label={column('status')}>
                <Badge tone={STATUS_TONES[credit.status]}>
                  {/* May wrap (« Affecté / automatiquement »): the inner span's own white-space. */}
                  <span className="whitespace-normal">
                    {t(`incomingCredits.statuses.${credit.status}`)}
                  </span>
                </Badge>
              </Td>
              <Td label={column('match')}>
                <MatchCell credit={credit} />
              </Td>
              <Td label={column('actions')}>
                {credit.status === 'to_assign' && canRecord ? (
                  <span className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      onClick={() => onAssign(credit)}
                      aria-label={t('incomingCredits.assignFor', { amount, date })}
                    >
                      {t('incomingCredits.assign')}
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => onReturn(credit)}
                      aria-label={t('incomingCredits.returnFor', { amount, date })}
                    >
                      {t('incomingCredits.return')}
                    </Button>
                  </span>
                ) : (
                  <ReceiptButton credit={credit} />
                )}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
