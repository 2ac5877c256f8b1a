import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown, ReceiptText } from 'lucide-react';
import type { ReceiptFormatValue, ReceiptItem } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { pageCount } from '../../lib/list-params';
import { ReceiptStatusBadge } from '../receipts/receipt-status-badge';
import {
  receiptFileName,
  receiptPdfPath,
  STUDENT_RECEIPTS_PAGE_SIZE,
  usePdf,
  useStudentReceipts,
} from '../receipts/receipts.api';
import { Card, Section } from './student-ui';

/**
 * « Reçus » of a student's page (read:payments): one receipt per payment received, newest first
 * by pages of 10, with its state (valid, partly refunded, cancelled) and its two files (A4 and
 * the 80 mm ticket).
 */
export function StudentReceipts({ studentId }: { studentId: string }) {
  const { t } = useTranslation();
  return (
    <Section title={t('receipts.studentList.title')}>
      <ReceiptList studentId={studentId} />
    </Section>
  );
}

function ReceiptList({ studentId }: { studentId: string }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const [page, setPage] = useState(1);
  const receipts = useStudentReceipts(studentId, page);
  const pdf = usePdf();
  const data = receipts.data;
  const pages = data ? pageCount(data.total, STUDENT_RECEIPTS_PAGE_SIZE) : 1;

  if (receipts.isPending) {
    return <ListState tone="loading" title={t('receipts.studentList.loading')} />;
  }
  if (receipts.isError && !data) {
    return (
      <ListState
        tone="error"
        title={t('receipts.studentList.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void receipts.refetch()}
      >
        {errorStatus(receipts.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  }
  if (!data || data.total === 0) {
    return (
      <Card className="flex gap-3">
        <ReceiptText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div>
          <p className="font-semibold text-slate-900">{t('receipts.studentList.empty')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('receipts.studentList.hint')}</p>
        </div>
      </Card>
    );
  }

  function download(receipt: ReceiptItem, format: ReceiptFormatValue) {
    pdf.mutate({
      path: receiptPdfPath(receipt.id, format),
      filename: receiptFileName(receipt.number, format),
    });
  }

  const pendingFile = pdf.isPending ? pdf.variables.path : null;
  return (
    <div className="space-y-4">
      {pdf.error ? (
        <FormAlert>{errorMessage(pdf.error, t, t('receipts.pdf.failure'))}</FormAlert>
      ) : null}
      <Table
        caption={t('receipts.studentList.caption')}
        layout="stack"
        minWidth="md:min-w-[46rem]"
        busy={receipts.isPlaceholderData}
      >
        <THead>
          <Tr>
            <Th>{t('receipts.studentList.number')}</Th>
            <Th>{t('receipts.studentList.date')}</Th>
            <Th className="text-right">{t('receipts.studentList.amount')}</Th>
            <Th>{t('receipts.studentList.status')}</Th>
            <Th>{t('receipts.studentList.payer')}</Th>
            <Th>{t('receipts.studentList.files')}</Th>
          </Tr>
        </THead>
        <TBody>
          {data.items.map((receipt) => (
            <Tr key={receipt.id}>
              <Td className="font-semibold whitespace-nowrap text-slate-900">{receipt.number}</Td>
              <Td label={t('receipts.studentList.date')} className="whitespace-nowrap">
                <time dateTime={receipt.issuedAt}>
                  {formatDateTime(receipt.issuedAt, language)}
                </time>
              </Td>
              <Td
                label={t('receipts.studentList.amount')}
                className="font-semibold whitespace-nowrap tabular-nums md:text-right"
              >
                {formatMoney(receipt.amount, language)}
              </Td>
              <Td label={t('receipts.studentList.status')}>
                {/* One column beside the card's label on a phone: the badge, then the refund. */}
                <span className="flex flex-col items-end gap-1 md:items-start">
                  <ReceiptStatusBadge status={receipt.status} />
                  {receipt.refundedAmount > 0 ? (
                    <span className="text-xs whitespace-nowrap text-slate-600">
                      {t('receipts.studentList.refunded', {
                        amount: formatMoney(receipt.refundedAmount, language),
                      })}
                    </span>
                  ) : null}
                </span>
              </Td>
              <Td label={t('receipts.studentList.payer')}>{receipt.payerName}</Td>
              <Td>
                <span className="flex flex-wrap gap-2">
                  {(['a4', 'thermal'] as const).map((format) => (
                    <Button
                      key={format}
                      variant="secondary"
                      size="sm"
                      disabled={pendingFile === receiptPdfPath(receipt.id, format)}
                      aria-label={t(`receipts.studentList.${format}Label`, {
                        number: receipt.number,
                      })}
                      onClick={() => download(receipt, format)}
                    >
                      <FileDown aria-hidden="true" className="size-4" />
                      {t(`receipts.studentList.${format}`)}
                    </Button>
                  ))}
                </span>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {data.total > STUDENT_RECEIPTS_PAGE_SIZE ? (
        <Pager
          page={Math.min(page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={STUDENT_RECEIPTS_PAGE_SIZE}
          onPageChange={setPage}
        />
      ) : null}
    </div>
  );
}
