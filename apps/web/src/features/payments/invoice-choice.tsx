import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { InvoiceItem } from '@ecolage/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { ChoiceGroup } from '../../components/ui/field';
import { ListState } from '../../components/ui/list-state';
import { formatMoney } from '../../lib/amounts';
import { formatDate } from '../../lib/format';

/**
 * « Factures à payer »: the student's unpaid invoices as checkboxes (number, label, due date,
 * what is left to pay), with « Toutes les factures » above them when there are several.
 */
export function InvoiceChoice({
  invoices,
  selected,
  onChange,
  error,
}: {
  invoices: UseQueryResult<InvoiceItem[], unknown>;
  selected: readonly string[];
  onChange: (invoiceIds: string[]) => void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const items = invoices.data ?? [];
  const chosen = new Set(selected);
  const allChosen = items.length > 0 && items.every((invoice) => chosen.has(invoice.id));
  const someChosen = items.some((invoice) => chosen.has(invoice.id));

  function toggle(invoiceId: string, checked: boolean) {
    const next = new Set(chosen);
    if (checked) next.add(invoiceId);
    else next.delete(invoiceId);
    // Kept in the list's order (oldest due first), as the server allocates.
    onChange(items.filter((invoice) => next.has(invoice.id)).map((invoice) => invoice.id));
  }

  let body;
  if (invoices.isPending) {
    body = <p className="text-sm text-slate-600">{t('payments.request.invoicesLoading')}</p>;
  } else if (invoices.isError) {
    body = (
      <ListState
        tone="error"
        title={t('payments.request.invoicesError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void invoices.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = <p className="text-sm text-slate-700">{t('payments.request.noInvoice')}</p>;
  } else {
    body = (
      <div className="space-y-3 rounded-xl border border-slate-200 p-3">
        {items.length > 1 ? (
          <Checkbox
            label={<span className="font-semibold">{t('payments.request.allInvoices')}</span>}
            checked={allChosen}
            indeterminate={someChosen && !allChosen}
            onChange={(event) =>
              onChange(event.target.checked ? items.map((invoice) => invoice.id) : [])
            }
            wrapperClassName="border-b border-slate-200 pb-3"
          />
        ) : null}
        <ul className="space-y-3">
          {items.map((invoice) => (
            <li key={invoice.id}>
              <Checkbox
                name="invoiceIds"
                value={invoice.id}
                checked={chosen.has(invoice.id)}
                onChange={(event) => toggle(invoice.id, event.target.checked)}
                label={
                  <>
                    <span className="block font-semibold">{invoice.number}</span>{' '}
                    <span className="block">{invoice.label}</span>
                  </>
                }
                description={t('payments.request.invoiceDetail', {
                  date: formatDate(invoice.dueOn, language),
                  amount: formatMoney(invoice.balance, language),
                })}
              />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <ChoiceGroup legend={t('payments.request.invoices')} error={error}>
      {body}
    </ChoiceGroup>
  );
}
