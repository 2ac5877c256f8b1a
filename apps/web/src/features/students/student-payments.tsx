import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HandCoins, Receipt } from 'lucide-react';
import { formatPhone } from '@ecolage/contracts';
import type { PaymentItem, StudentDetail } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { ExplainedButton } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { errorStatus } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { pageCount } from '../../lib/list-params';
import { PaymentDialog } from '../payments/payment-dialog';
import { PaymentRequestDialog } from '../payments/payment-request-dialog';
import { PaymentStatusBadge } from '../payments/payment-status-badge';
import { STUDENT_PAYMENTS_PAGE_SIZE, useStudentPayments } from '../payments/payments.api';
import { Card, Section } from './student-ui';

/**
 * « Paiements et reçus »: the student's payments, newest first, by pages of 10 (read:payments);
 * a row opens the payment and follows it live while it waits. With request:payments,
 * « Demander un paiement » asks a guardian to pay from their phone.
 */
export function StudentPayments({
  student,
  canRead,
  canRequest,
  canRefresh,
  canReadInvoices,
}: {
  student: StudentDetail;
  canRead: boolean;
  canRequest: boolean;
  canRefresh: boolean;
  canReadInvoices: boolean;
}) {
  const { t } = useTranslation();
  const [requesting, setRequesting] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const noGuardian = student.guardians.length === 0;

  return (
    <Section
      title={t('studentDetail.payments.title')}
      action={
        canRequest ? (
          <ExplainedButton
            className="max-sm:w-full"
            disabledReason={noGuardian ? t('payments.request.noGuardian') : null}
            onClick={() => setRequesting(true)}
          >
            <HandCoins aria-hidden="true" className="size-4" />
            {t('payments.request.open')}
          </ExplainedButton>
        ) : null
      }
    >
      {canRead ? <PaymentList studentId={student.id} onOpen={setOpenId} /> : null}
      {canRequest && requesting ? (
        <PaymentRequestDialog
          student={student}
          canReadInvoices={canReadInvoices}
          canRefresh={canRefresh}
          onClose={() => setRequesting(false)}
        />
      ) : null}
      {canRead ? (
        <PaymentDialog paymentId={openId} canRefresh={canRefresh} onClose={() => setOpenId(null)} />
      ) : null}
    </Section>
  );
}

function PaymentList({
  studentId,
  onOpen,
}: {
  studentId: string;
  onOpen: (paymentId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const [page, setPage] = useState(1);
  const payments = useStudentPayments(studentId, page);
  const data = payments.data;
  const pages = data ? pageCount(data.total, STUDENT_PAYMENTS_PAGE_SIZE) : 1;

  if (payments.isPending) {
    return <ListState tone="loading" title={t('payments.studentList.loading')} />;
  }
  if (payments.isError && !data) {
    return (
      <ListState
        tone="error"
        title={t('payments.studentList.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void payments.refetch()}
      >
        {errorStatus(payments.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  }
  if (!data || data.total === 0) {
    return (
      <Card className="flex gap-3">
        <Receipt aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div>
          <p className="font-semibold text-slate-900">{t('studentDetail.payments.empty')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('studentDetail.payments.hint')}</p>
        </div>
      </Card>
    );
  }

  const dateOf = (payment: PaymentItem) => formatDateTime(payment.createdAt, language);
  return (
    <div className="space-y-4">
      <Table
        caption={t('payments.studentList.caption')}
        layout="stack"
        minWidth="md:min-w-[46rem]"
        busy={payments.isPlaceholderData}
      >
        <THead>
          <Tr>
            <Th>{t('payments.studentList.date')}</Th>
            <Th>{t('payments.studentList.wallet')}</Th>
            <Th className="text-right">{t('payments.studentList.amount')}</Th>
            <Th>{t('payments.studentList.status')}</Th>
            <Th>{t('payments.studentList.payer')}</Th>
          </Tr>
        </THead>
        <TBody>
          {data.items.map((payment) => (
            <Tr key={payment.id}>
              <Td>
                <button
                  type="button"
                  onClick={() => onOpen(payment.id)}
                  aria-label={t('payments.studentList.open', { date: dateOf(payment) })}
                  className="min-h-11 text-left font-semibold whitespace-nowrap text-brand-700 hover:underline md:min-h-0"
                >
                  <time dateTime={payment.createdAt}>{dateOf(payment)}</time>
                </button>
              </Td>
              <Td label={t('payments.studentList.wallet')}>
                {t(`payments.wallets.${payment.wallet}`)}
              </Td>
              <Td
                label={t('payments.studentList.amount')}
                className="font-semibold whitespace-nowrap tabular-nums md:text-right"
              >
                {formatMoney(payment.amount, language)}
              </Td>
              <Td label={t('payments.studentList.status')}>
                <span className="inline-flex flex-wrap gap-1.5">
                  <PaymentStatusBadge status={payment.status} />
                  {payment.lateSuccess ? (
                    <Badge tone="orange">{t('payments.studentList.lateSuccess')}</Badge>
                  ) : null}
                </span>
                {payment.failureReason ? (
                  <span className="mt-1 block text-xs text-slate-600">{payment.failureReason}</span>
                ) : null}
              </Td>
              <Td label={t('payments.studentList.payer')}>
                <span className="block">{payment.guardianName}</span>
                {payment.payerPhone ? (
                  <span className="block text-xs text-slate-600">
                    {formatPhone(payment.payerPhone)}
                  </span>
                ) : null}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {data.total > STUDENT_PAYMENTS_PAGE_SIZE ? (
        <Pager
          page={Math.min(page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={STUDENT_PAYMENTS_PAGE_SIZE}
          onPageChange={setPage}
        />
      ) : null}
    </div>
  );
}
