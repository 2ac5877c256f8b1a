import { useTranslation } from 'react-i18next';
import type { Payout } from '@ecolage/contracts';
import { Table, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { formatMoney } from '../../../lib/amounts';
import { dayText, PayoutStatusBadge } from './payout-words';

/** Marks where the period's sentence goes to a second line (a word joiner: never shown). */
const CUT = '\u2060';

/**
 * The payouts of « Comptabilité › Virements »: reference, period, payments, gross, commission,
 * fees, net, status, transfer id. Every column fits at 1366 px (the admin sidebar beside it): the
 * period on two lines, headers that wrap, the transfer id broken anywhere in a narrow column;
 * below, the frame scrolls.
 */
export function PayoutsTable({
  payouts,
  busy,
  onOpen,
}: {
  payouts: Payout[];
  busy: boolean;
  onOpen: (payoutId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const amount = 'text-right whitespace-nowrap tabular-nums';
  return (
    <Table caption={t('accountingPayouts.title')} busy={busy} minWidth="min-w-[60rem]" dense>
      <THead>
        <Tr>
          <Th scope="col">{t('accountingPayouts.columns.reference')}</Th>
          <Th scope="col">{t('accountingPayouts.columns.period')}</Th>
          {/* Below 1536 px the count goes under the reference (the column is hidden). */}
          <Th scope="col" className="text-right max-2xl:hidden">
            {t('accountingPayouts.columns.count')}
          </Th>
          <Th scope="col" className="text-right">
            {t('accountingPayouts.columns.gross')}
          </Th>
          <Th scope="col" className="text-right">
            {t('accountingPayouts.columns.commission')}
          </Th>
          <Th scope="col" className="text-right">
            {t('accountingPayouts.columns.fee')}
          </Th>
          <Th scope="col" className="text-right">
            {t('accountingPayouts.columns.net')}
          </Th>
          <Th scope="col">{t('accountingPayouts.columns.status')}</Th>
          <Th scope="col">
            {/* « Identifiant du / virement » on two lines: the column stays narrow. */}
            <span className="block whitespace-normal">
              {t('accountingPayouts.columns.transferId')}
            </span>
          </Th>
        </Tr>
      </THead>
      <TBody>
        {payouts.map((payout) => (
          <Tr key={payout.id}>
            <Td className="whitespace-nowrap">
              <button
                type="button"
                className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
                aria-label={t('accountingPayouts.open', { reference: payout.reference })}
                onClick={() => onOpen(payout.id)}
              >
                {payout.reference}
              </button>
              <span className="block text-slate-700 2xl:hidden">
                {t('accountingPayouts.countText', { count: payout.paymentCount })}
              </span>
            </Td>
            <Td>
              {/* « du 1 nov. 2026 / au 30 nov. 2026 »: cut after the first date (a joiner marks it). */}
              {t('accountingPayouts.periodText', {
                from: `${dayText(payout.periodStart, i18n.language)}${CUT}`,
                to: dayText(payout.periodEnd, i18n.language),
              })
                .split(CUT)
                .map((part, index) => (
                  <span key={index} className="block whitespace-nowrap">
                    {part.trim()}
                  </span>
                ))}
            </Td>
            <Td className={`${amount} max-2xl:hidden`}>{payout.paymentCount}</Td>
            <Td className={amount}>{money(payout.gross)}</Td>
            <Td className={amount}>{money(payout.commission)}</Td>
            <Td className={amount}>{money(payout.providerFee)}</Td>
            <Td className={`font-semibold ${amount}`}>{money(payout.net)}</Td>
            <Td>
              <PayoutStatusBadge status={payout.status} />
            </Td>
            <Td className="w-32 font-mono text-xs break-all">{payout.transferId ?? '—'}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
