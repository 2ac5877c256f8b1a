import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import type { PaymentRow } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { pageCount } from '../../lib/list-params';
import { PaymentStatusBadge } from '../payments/payment-status-badge';
import { openBlankTab, receiptFileName, receiptPdfPath, usePdf } from '../receipts/receipts.api';
import { SESSION_PAYMENTS_PAGE_SIZE, useSessionPayments } from './cash-desk.api';
import { Panel } from './cash-desk-ui';

/**
 * « Encaissements de la session »: what the cashier took since opening, newest first by pages
 * of 10, each with its receipt to print again (a parent who comes back for a copy).
 */
export function SessionPayments({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const titleId = useId();
  const [page, setPage] = useState(1);
  const payments = useSessionPayments(sessionId, page);
  const ticket = usePdf();
  const data = payments.data;
  const pages = data ? pageCount(data.total, SESSION_PAYMENTS_PAGE_SIZE) : 1;

  function print(payment: PaymentRow) {
    if (!payment.receiptId || !payment.receiptNumber) return;
    ticket.mutate({
      path: receiptPdfPath(payment.receiptId, 'thermal'),
      filename: receiptFileName(payment.receiptNumber, 'thermal'),
      tab: openBlankTab(t('receipts.pdf.tabLoading')),
    });
  }

  let body;
  if (payments.isPending) {
    body = <ListState tone="loading" title={t('cashDesk.payments.loading')} />;
  } else if (payments.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('cashDesk.payments.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void payments.refetch()}
      >
        {errorStatus(payments.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.total === 0) {
    body = <p className="text-sm text-slate-700">{t('cashDesk.payments.empty')}</p>;
  } else {
    body = (
      <div className="space-y-4">
        {ticket.error ? (
          <FormAlert>{errorMessage(ticket.error, t, t('receipts.pdf.failure'))}</FormAlert>
        ) : null}
        <Table
          caption={t('cashDesk.payments.caption')}
          layout="stack"
          minWidth="md:min-w-[52rem]"
          busy={payments.isPlaceholderData}
        >
          <THead>
            <Tr>
              <Th>{t('cashDesk.payments.time')}</Th>
              <Th>{t('cashDesk.payments.student')}</Th>
              <Th>{t('cashDesk.payments.method')}</Th>
              <Th className="text-right">{t('cashDesk.payments.amount')}</Th>
              <Th>{t('cashDesk.payments.status')}</Th>
              <Th>{t('cashDesk.payments.receipt')}</Th>
            </Tr>
          </THead>
          <TBody>
            {data.items.map((payment) => (
              <Tr key={payment.id}>
                <Td className="font-semibold whitespace-nowrap text-slate-900">
                  <time dateTime={payment.createdAt}>
                    {formatDateTime(payment.createdAt, language)}
                  </time>
                </Td>
                <Td label={t('cashDesk.payments.student')}>
                  <span className="block">
                    {payment.students.map((student) => student.name).join(', ')}
                  </span>
                  <span className="block text-xs text-slate-600">{payment.guardianName}</span>
                </Td>
                <Td label={t('cashDesk.payments.method')}>
                  {t(`payments.wallets.${payment.wallet}`)}
                </Td>
                <Td
                  label={t('cashDesk.payments.amount')}
                  className="font-semibold whitespace-nowrap tabular-nums md:text-right"
                >
                  {formatMoney(payment.amount, language)}
                </Td>
                <Td label={t('cashDesk.payments.status')}>
                  <PaymentStatusBadge status={payment.status} />
                </Td>
                <Td label={t('cashDesk.payments.receipt')}>
                  {payment.receiptId && payment.receiptNumber ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('cashDesk.payments.print', { number: payment.receiptNumber })}
                      onClick={() => print(payment)}
                    >
                      <Printer aria-hidden="true" className="size-4" />
                      {payment.receiptNumber}
                    </Button>
                  ) : (
                    t('cashDesk.payments.noReceipt')
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        {data.total > SESSION_PAYMENTS_PAGE_SIZE ? (
          <Pager
            page={Math.min(page, pages)}
            pageCount={pages}
            total={data.total}
            pageSize={SESSION_PAYMENTS_PAGE_SIZE}
            onPageChange={setPage}
          />
        ) : null}
      </div>
    );
  }

  return (
    <Panel titleId={titleId} title={t('cashDesk.payments.title')}>
      {body}
    </Panel>
  );
}
