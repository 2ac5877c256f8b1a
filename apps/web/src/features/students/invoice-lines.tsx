import { useTranslation } from 'react-i18next';
import type { InvoiceLine } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';

/**
 * The lines of an invoice: kind, label, amount (discounts and scholarships negative,
 * « −15 000 FCFA »). A late fee not yet waived offers « Annuler la pénalité ».
 */
export function InvoiceLines({
  lines,
  canWaive,
  onWaive,
}: {
  lines: InvoiceLine[];
  canWaive: boolean;
  onWaive: (line: InvoiceLine) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Table caption={t('studentDetail.invoice.lines')} layout="stack" dense>
      <THead>
        <Tr>
          <Th>{t('studentDetail.invoice.kind')}</Th>
          <Th>{t('studentDetail.invoices.label')}</Th>
          <Th className="text-right">{t('studentDetail.invoice.amount')}</Th>
        </Tr>
      </THead>
      <TBody>
        {lines.map((line) => (
          <Tr key={line.id}>
            <Td label={t('studentDetail.invoice.kind')} className="whitespace-nowrap">
              {t(`studentDetail.lineKinds.${line.kind}`)}
            </Td>
            <Td label={t('studentDetail.invoices.label')}>
              <span className="inline-flex flex-col items-end gap-1 md:items-start">
                <span className={line.waived ? 'text-slate-500 line-through' : undefined}>
                  {line.label}
                </span>
                {line.waived ? (
                  <Badge tone="grey">{t('studentDetail.invoice.waived')}</Badge>
                ) : null}
                {line.reason ? (
                  <span className="text-xs text-slate-600">
                    {t('studentDetail.invoice.waivedReason', { reason: line.reason })}
                  </span>
                ) : null}
                {canWaive && line.kind === 'late_fee' && !line.waived ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="-ml-3 text-red-700 hover:bg-red-50"
                    aria-label={t('studentDetail.invoice.waiveLabel', { label: line.label })}
                    onClick={() => onWaive(line)}
                  >
                    {t('studentDetail.invoice.waive')}
                  </Button>
                ) : null}
              </span>
            </Td>
            <Td
              label={t('studentDetail.invoice.amount')}
              className={[
                'font-semibold whitespace-nowrap tabular-nums md:text-right',
                line.amount < 0 ? 'text-green-800' : 'text-slate-900',
              ].join(' ')}
            >
              {formatMoney(line.amount, locale)}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
