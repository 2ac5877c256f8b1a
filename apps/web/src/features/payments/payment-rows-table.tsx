import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { PaymentRow } from '@ecolage/contracts';
import { Table, TBody, Td, Th, THead } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { formatDateTime } from '../../lib/format';
import type { PaymentSort } from './payment-params';
import { PaymentStatusBadge } from './payment-status-badge';
import { PspBadge } from './psp-badge';

/**
 * « A. Kuassi » (spec §3): the first name's initial and the surname (the last word), as the
 * spec's rows show a student. A single word stays as it is.
 */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  const initial = Array.from(words[0]!)[0]!.toLocaleUpperCase('fr');
  return `${initial}. ${words.at(-1)!}`;
}

// Same look as the shared table's rows (a card below 768 px), plus the pointer: a click anywhere
// on the row opens the payment, as its date's link does for the keyboard.
const ROW_CLASSES =
  'cursor-pointer align-top hover:bg-slate-50 max-md:block max-md:rounded-2xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4';

/**
 * The payments of a page, with the spec's columns (§2, §3): Date (sortable when `sort` is
 * given), PSP, Montant, Statut, Réf. Facture, Étudiant. Each row opens the payment's drawer
 * (`paymentHref`); on a phone each row becomes a card.
 */
export function PaymentRowsTable({
  rows,
  caption,
  busy,
  paymentHref,
  sort,
}: {
  rows: PaymentRow[];
  caption: string;
  busy: boolean;
  paymentHref: (paymentId: string) => string;
  sort?: { value: PaymentSort; onToggle: () => void };
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const navigate = useNavigate();
  const none = t('payments.list.none');

  function openFromRow(event: MouseEvent<HTMLTableRowElement>, paymentId: string) {
    // A link or button of the row does its own thing; a text selection is not a click.
    if ((event.target as Element).closest('a, button')) return;
    if (window.getSelection()?.toString()) return;
    void navigate(paymentHref(paymentId));
  }

  const SortIcon = sort?.value === 'asc' ? ArrowUp : ArrowDown;

  return (
    <Table caption={caption} layout="stack" minWidth="md:min-w-[52rem]" busy={busy}>
      <THead>
        <tr role="row">
          {sort ? (
            <Th aria-sort={sort.value === 'asc' ? 'ascending' : 'descending'}>
              <button
                type="button"
                onClick={sort.onToggle}
                title={t(
                  sort.value === 'asc' ? 'payments.list.sortToDesc' : 'payments.list.sortToAsc',
                )}
                className="-mx-2 inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 uppercase hover:bg-slate-200"
              >
                {t('payments.list.date')}
                <SortIcon aria-hidden="true" className="size-4" />
              </button>
            </Th>
          ) : (
            <Th>{t('payments.list.date')}</Th>
          )}
          <Th>{t('payments.list.psp')}</Th>
          <Th className="text-right">{t('payments.list.amount')}</Th>
          <Th>{t('payments.list.status')}</Th>
          <Th>{t('payments.list.invoice')}</Th>
          <Th>{t('payments.list.student')}</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => {
          const date = formatDateTime(row.createdAt, language);
          const amount = formatMoney(row.amount, language);
          const fullNames = row.students.map((student) => student.name).join(', ');
          const [firstStudent] = row.students;
          const [firstInvoice, secondInvoice] = row.invoiceNumbers;
          return (
            <tr
              key={row.id}
              role="row"
              className={ROW_CLASSES}
              onClick={(e) => openFromRow(e, row.id)}
            >
              <Td className="whitespace-nowrap">
                <Link
                  to={paymentHref(row.id)}
                  aria-label={t('payments.list.open', { date, amount })}
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:underline"
                >
                  <time dateTime={row.createdAt}>{date}</time>
                </Link>
              </Td>
              <Td label={t('payments.list.psp')}>
                <PspBadge wallet={row.wallet} provider={row.provider} />
              </Td>
              <Td
                label={t('payments.list.amount')}
                className="text-right whitespace-nowrap tabular-nums"
              >
                <span className="block font-semibold text-slate-900">{amount}</span>
                {row.refundedAmount > 0 ? (
                  <span className="block text-xs text-violet-800">
                    {t('payments.list.refunded', {
                      amount: formatMoney(row.refundedAmount, language),
                    })}
                  </span>
                ) : null}
              </Td>
              <Td label={t('payments.list.status')}>
                <PaymentStatusBadge status={row.status} />
              </Td>
              <Td label={t('payments.list.invoice')} className="font-mono whitespace-nowrap">
                {firstInvoice ? (
                  <span title={row.invoiceNumbers.join(', ')}>
                    {firstInvoice}
                    {secondInvoice ? (
                      <span className="ml-1 font-sans text-xs text-slate-600">
                        {t('payments.list.moreInvoices', {
                          count: row.invoiceNumbers.length - 1,
                        })}
                      </span>
                    ) : null}
                  </span>
                ) : (
                  none
                )}
              </Td>
              <Td label={t('payments.list.student')} className="whitespace-nowrap">
                {firstStudent ? (
                  <>
                    <span aria-hidden="true" title={fullNames}>
                      {shortName(firstStudent.name)}
                      {row.students.length > 1 ? (
                        <span className="ml-1 text-xs text-slate-600">
                          {t('payments.list.moreStudents', { count: row.students.length - 1 })}
                        </span>
                      ) : null}
                    </span>
                    <span className="sr-only">{fullNames}</span>
                  </>
                ) : (
                  none
                )}
              </Td>
            </tr>
          );
        })}
      </TBody>
    </Table>
  );
}

/**
 * The table's first load: grey bars where the rows will be (as many as a page holds), so the
 * page does not jump when they arrive; announced once to screen readers.
 */
export function PaymentRowsSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div role="status" className="rounded-2xl border border-slate-200 bg-white p-4">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="space-y-3">
        <div className="h-4 w-full rounded bg-slate-100" />
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="flex items-center gap-4">
            <div className="h-5 w-28 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-5 w-20 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none" />
            <div className="ml-auto h-5 w-24 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="hidden h-5 w-16 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none sm:block" />
            <div className="hidden h-5 w-24 animate-pulse rounded bg-slate-200 motion-reduce:animate-none md:block" />
            <div className="hidden h-5 w-20 animate-pulse rounded bg-slate-200 motion-reduce:animate-none md:block" />
          </div>
        ))}
      </div>
    </div>
  );
}
