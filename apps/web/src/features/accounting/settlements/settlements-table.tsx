import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { SettlementRow, SettlementSortValue, SettlementStatusValue } from '@ecolage/contracts';
import { Badge } from '../../../components/ui/badge';
import type { BadgeTone } from '../../../components/ui/badge';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { formatMoney } from '../../../lib/amounts';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format';
import { SORT_COLUMNS } from './settlement-params';
import type { SettlementParams } from './settlement-params';

// Dark text on a light tint (the badge's 800/900 shades): above 7:1 for each; the word says it.
const STATUS_TONES: Record<SettlementStatusValue, BadgeTone> = {
  paid: 'green',
  pending: 'yellow',
  in_payout: 'blue',
  at_desk: 'grey',
};

export function SettlementStatusBadge({ status }: { status: SettlementStatusValue }) {
  const { t } = useTranslation();
  // The words may wrap (« Encaissé / (caisse) ») when the table is tight: the inner span's own
  // `white-space` overrides the badge's `nowrap`.
  return (
    <Badge tone={STATUS_TONES[status]}>
      <span className="whitespace-normal">{t(`accountingSettlements.status.${status}`)}</span>
    </Badge>
  );
}

const AMOUNT_COLUMNS = new Set<SettlementSortValue>(['gross', 'commission', 'fee', 'net']);

/**
 * The provider's fee of a line or a payout's line: its amount, or « inconnu » when no fee of the
 * provider was in force (`feeRateMissing`: the 0 stored is not a free payment), said in full to
 * screen readers and on hover.
 */
export function ProviderFee({
  amount,
  missing,
  language,
}: {
  amount: number;
  missing: boolean;
  language: string;
}) {
  const { t } = useTranslation();
  if (!missing) return <>{formatMoney(amount, language)}</>;
  return (
    <span title={t('accountingSettlements.feeUnknownHint')} className="text-slate-700 italic">
      {t('accountingSettlements.feeUnknown')}
      <span className="sr-only"> ({t('accountingSettlements.feeUnknownHint')})</span>
    </span>
  );
}

/** `?paiement=<id>` of « Paiements »: the payment's drawer. */
export const paymentHref = (paymentId: string) =>
  `/admin/paiements?paiement=${encodeURIComponent(paymentId)}`;

/**
 * A column header that sorts: a button in the header cell, `aria-sort` on the current column, the
 * next click's effect as its name (« Trier par Brut, ordre croissant »).
 */
function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: SettlementSortValue;
  sort: Pick<SettlementParams, 'sort' | 'dir'>;
  onSort: (column: SettlementSortValue) => void;
}) {
  const { t } = useTranslation();
  const label = t(`accountingSettlements.columns.${column}`);
  const current = sort.sort === column;
  const nextAsc = current ? sort.dir === 'desc' : column !== 'date';
  const Icon = current ? (sort.dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <Th
      aria-sort={current ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={AMOUNT_COLUMNS.has(column) ? 'text-right' : undefined}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        title={t(nextAsc ? 'accountingSettlements.sortAsc' : 'accountingSettlements.sortDesc', {
          column: label,
        })}
        className={[
          // The label may wrap (« Identifiant du / virement »): every column fits at 1366 px.
          '-mx-1.5 inline-flex min-h-11 items-center gap-1 rounded-md px-1.5 whitespace-normal uppercase hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600',
          AMOUNT_COLUMNS.has(column) ? 'text-right' : 'text-left',
          current ? 'text-slate-900' : '',
        ].join(' ')}
      >
        {label}
        <Icon
          aria-hidden="true"
          className={current ? 'size-4 shrink-0' : 'size-4 shrink-0 text-slate-500'}
        />
      </button>
    </Th>
  );
}

/**
 * The spec's « Transfer row » columns (§3): Date, Étudiant, Brut, Commission, Frais PSP, Net,
 * Statut, Identifiant du virement; every header sorts (§4). A refund's amounts are negative
 * (« − 25 000 F », in red, with « Remboursement » under the date); the date opens the payment.
 */
export function SettlementsTable({
  rows,
  busy,
  sort,
  onSort,
}: {
  rows: SettlementRow[];
  busy: boolean;
  sort: Pick<SettlementParams, 'sort' | 'dir'>;
  onSort: (column: SettlementSortValue) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const money = (amount: number) => formatMoney(amount, language);
  const amountClass = (amount: number) =>
    `text-right whitespace-nowrap tabular-nums ${amount < 0 ? 'text-red-800' : ''}`;

  return (
    <Table
      caption={t('accountingSettlements.caption')}
      layout="stack"
      minWidth="md:min-w-[60rem]"
      busy={busy}
      dense
    >
      <THead>
        <tr role="row">
          {SORT_COLUMNS.map((column) => (
            <SortHeader key={column} column={column} sort={sort} onSort={onSort} />
          ))}
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => {
          const date = formatDateTime(row.date, language);
          return (
            <Tr key={row.id}>
              <Td className="whitespace-nowrap">
                <Link
                  to={paymentHref(row.paymentId)}
                  aria-label={t('accountingSettlements.openPayment', { date })}
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:underline"
                >
                  {/* The day, the time under it: a narrower column. */}
                  <time dateTime={row.date}>
                    <span className="block">{formatDate(row.date, language)}</span>
                    <span className="block font-normal text-slate-700">
                      {formatTime(row.date, language)}
                    </span>
                  </time>
                </Link>
                {row.kind === 'refund' ? (
                  <span className="block text-xs font-semibold text-red-800">
                    {t('accountingSettlements.refund')}
                  </span>
                ) : null}
              </Td>
              <Td label={t('accountingSettlements.columns.student')}>{row.studentLabel}</Td>
              <Td
                label={t('accountingSettlements.columns.gross')}
                className={`font-semibold ${amountClass(row.gross)}`}
              >
                {money(row.gross)}
              </Td>
              <Td
                label={t('accountingSettlements.columns.commission')}
                className={amountClass(row.commission)}
              >
                {money(row.commission)}
              </Td>
              <Td
                label={t('accountingSettlements.columns.fee')}
                className={amountClass(row.providerFee)}
              >
                <ProviderFee
                  amount={row.providerFee}
                  missing={row.feeRateMissing}
                  language={language}
                />
              </Td>
              <Td
                label={t('accountingSettlements.columns.net')}
                className={`font-semibold ${amountClass(row.net)}`}
              >
                {money(row.net)}
              </Td>
              <Td label={t('accountingSettlements.columns.status')}>
                <SettlementStatusBadge status={row.status} />
              </Td>
              <Td
                label={t('accountingSettlements.columns.transfer')}
                className="w-36 font-mono text-xs break-all"
              >
                {row.transferId ?? row.payoutReference ?? t('accountingSettlements.noPayout')}
                {row.transferId && row.payoutReference ? (
                  <span className="block font-sans text-slate-600">{row.payoutReference}</span>
                ) : null}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
