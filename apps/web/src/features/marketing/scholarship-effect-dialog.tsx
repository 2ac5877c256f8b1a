import { useTranslation } from 'react-i18next';
import type { Scholarship } from '@ecolage/contracts';
import { ListState } from '../../components/ui/list-state';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { WideDialog } from '../automations/wide-dialog';
import { dayText } from './campaigns-words';

/**
 * « Voir l'effet sur les factures »: each invoice the scholarship took something off, with its
 * discount line, what it took, the invoice's total after it and what is left to pay. A wide
 * dialog; the table scrolls sideways in its focusable frame only below 54 rem.
 */
export function ScholarshipEffectDialog({
  scholarship,
  onClose,
}: {
  scholarship: Scholarship;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const money = (amount: number) => formatMoney(amount, language);
  return (
    <WideDialog
      onClose={onClose}
      title={t('scholarshipsTab.effect.title', { name: scholarship.name })}
      closeLabel={t('common.close')}
      description={t('scholarshipsTab.effect.lead', {
        student: scholarship.student.fullName,
        year: scholarship.academicYear.label,
        amount: money(scholarship.amountApplied),
      })}
    >
      {scholarship.invoices.length === 0 ? (
        <ListState
          title={t(
            scholarship.status === 'recommended'
              ? 'scholarshipsTab.effect.noneRecommended'
              : 'scholarshipsTab.effect.none',
          )}
        />
      ) : (
        <Table caption={t('scholarshipsTab.effect.caption')} minWidth="min-w-[54rem]" dense>
          <THead>
            <Tr>
              <Th>{t('scholarshipsTab.effect.invoice')}</Th>
              <Th>{t('scholarshipsTab.effect.dueOn')}</Th>
              <Th>{t('scholarshipsTab.effect.line')}</Th>
              <Th className="text-right">{t('scholarshipsTab.effect.discount')}</Th>
              <Th className="text-right">{t('scholarshipsTab.effect.total')}</Th>
              <Th className="text-right">{t('scholarshipsTab.effect.balance')}</Th>
            </Tr>
          </THead>
          <TBody>
            {scholarship.invoices.map((invoice) => (
              <Tr key={invoice.id}>
                <Td>
                  <span className="font-semibold whitespace-nowrap text-slate-900">
                    {invoice.number ?? t('scholarshipsTab.effect.draft')}
                  </span>
                  <span className="block text-xs text-slate-600">{invoice.label}</span>
                </Td>
                <Td label={t('scholarshipsTab.effect.dueOn')} className="whitespace-nowrap">
                  {dayText(invoice.dueOn, language)}
                </Td>
                <Td label={t('scholarshipsTab.effect.line')} className="text-xs">
                  {invoice.lineLabel}
                </Td>
                <Td
                  label={t('scholarshipsTab.effect.discount')}
                  className="text-right whitespace-nowrap text-green-800 tabular-nums"
                >
                  −{money(invoice.discount)}
                </Td>
                <Td
                  label={t('scholarshipsTab.effect.total')}
                  className="text-right whitespace-nowrap tabular-nums"
                >
                  {money(invoice.total)}
                </Td>
                <Td
                  label={t('scholarshipsTab.effect.balance')}
                  className="text-right whitespace-nowrap tabular-nums"
                >
                  {money(invoice.balance)}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </WideDialog>
  );
}
