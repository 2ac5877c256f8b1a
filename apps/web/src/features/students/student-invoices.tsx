import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePlus } from 'lucide-react';
import type { InvoiceItem, StudentDetail } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { errorStatus } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { pageCount } from '../../lib/list-params';
import { InvoiceDialog } from './invoice-dialog';
import { InvoiceFormDialog } from './invoice-form-dialog';
import { INVOICES_PAGE_SIZE, useStudentInvoices } from './student-detail.api';
import { formatMoney } from '../../lib/amounts';
import { InvoiceStatusBadges, Section } from './student-ui';

/**
 * « Factures » (read:invoices): the student's invoices, by pages of 10. A row opens the
 * invoice; issue:invoices adds « Nouvelle facture ».
 */
export function StudentInvoices({
  student,
  canIssue,
  canVoid,
}: {
  student: StudentDetail;
  canIssue: boolean;
  canVoid: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const locale = language;
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const invoices = useStudentInvoices(student.id, page);
  const data = invoices.data;
  const pages = data ? pageCount(data.total, INVOICES_PAGE_SIZE) : 1;
  const money = (amount: number) => formatMoney(amount, locale);
  const numberOf = (invoice: InvoiceItem) => invoice.number ?? t('studentDetail.invoices.draft');

  let body;
  if (invoices.isPending) {
    body = <ListState tone="loading" title={t('studentDetail.invoices.loading')} />;
  } else if (invoices.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('studentDetail.invoices.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void invoices.refetch()}
      >
        {errorStatus(invoices.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <ListState title={t('studentDetail.invoices.empty')}>
        {t('studentDetail.invoices.emptyHint')}
      </ListState>
    );
  } else {
    body = (
      <Table
        caption={t('studentDetail.invoices.caption')}
        layout="stack"
        minWidth="md:min-w-[52rem]"
        busy={invoices.isPlaceholderData}
      >
        <THead>
          <Tr>
            <Th>{t('studentDetail.invoices.number')}</Th>
            <Th>{t('studentDetail.invoices.label')}</Th>
            <Th>{t('studentDetail.invoices.dueOn')}</Th>
            <Th className="text-right">{t('studentDetail.invoices.total')}</Th>
            <Th className="text-right">{t('studentDetail.invoices.paid')}</Th>
            <Th className="text-right">{t('studentDetail.invoices.balance')}</Th>
            <Th>{t('studentDetail.invoices.status')}</Th>
          </Tr>
        </THead>
        <TBody>
          {data.items.map((invoice) => {
            const open = () => setOpenId(invoice.id);
            const cell = 'cursor-pointer';
            const amount = 'whitespace-nowrap tabular-nums md:text-right';
            return (
              <Tr key={invoice.id}>
                <Td className={cell} onClick={open}>
                  <button
                    type="button"
                    onClick={(event) => {
                      event.stopPropagation();
                      open();
                    }}
                    aria-label={t('studentDetail.invoices.open', { number: numberOf(invoice) })}
                    className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                  >
                    {numberOf(invoice)}
                  </button>
                </Td>
                <Td label={t('studentDetail.invoices.label')} className={cell} onClick={open}>
                  {invoice.label}
                </Td>
                <Td
                  label={t('studentDetail.invoices.dueOn')}
                  className={`${cell} whitespace-nowrap`}
                  onClick={open}
                >
                  <time dateTime={invoice.dueOn}>{formatDate(invoice.dueOn, language)}</time>
                </Td>
                <Td
                  label={t('studentDetail.invoices.total')}
                  className={`${cell} ${amount}`}
                  onClick={open}
                >
                  {money(invoice.total)}
                </Td>
                <Td
                  label={t('studentDetail.invoices.paid')}
                  className={`${cell} ${amount}`}
                  onClick={open}
                >
                  {money(invoice.paid)}
                </Td>
                <Td
                  label={t('studentDetail.invoices.balance')}
                  className={`${cell} ${amount} font-semibold`}
                  onClick={open}
                >
                  {money(invoice.balance)}
                </Td>
                <Td label={t('studentDetail.invoices.status')} className={cell} onClick={open}>
                  <InvoiceStatusBadges status={invoice.status} overdue={invoice.overdue} />
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    );
  }

  return (
    <Section
      title={t('studentDetail.invoices.title')}
      action={
        canIssue ? (
          <Button className="max-sm:w-full" onClick={() => setCreating(true)}>
            <FilePlus aria-hidden="true" className="size-4" />
            {t('studentDetail.invoices.create')}
          </Button>
        ) : null
      }
    >
      {body}
      {data && data.total > INVOICES_PAGE_SIZE ? (
        <Pager
          page={Math.min(page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={INVOICES_PAGE_SIZE}
          onPageChange={setPage}
        />
      ) : null}
      <InvoiceDialog
        invoiceId={openId}
        canIssue={canIssue}
        canVoid={canVoid}
        onClose={() => setOpenId(null)}
      />
      {canIssue && creating ? (
        <InvoiceFormDialog studentId={student.id} onClose={() => setCreating(false)} />
      ) : null}
    </Section>
  );
}
