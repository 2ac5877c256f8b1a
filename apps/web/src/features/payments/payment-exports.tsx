import { useTranslation } from 'react-i18next';
import { Download, FileArchive } from 'lucide-react';
import type { ExportFormat } from '@ecolage/contracts';
import { Button, ExplainedButton } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import type { PaymentFilters } from './payment-params';
import { useDownloadReceiptArchive, useExportPayments } from './payment-records.api';

/**
 * « Exporter CSV », « Exporter Excel »: the payments the filters select, as a file (the server
 * journals the export). « Reçus (zip) »: every receipt of the chosen period, which it needs.
 */
export function PaymentExports({ filters }: { filters: PaymentFilters }) {
  const { t } = useTranslation();
  const exporter = useExportPayments();
  const archive = useDownloadReceiptArchive();
  const { from, to } = filters;

  async function exportAs(format: ExportFormat) {
    if (exporter.isPending) return;
    try {
      await exporter.mutateAsync({ filters, format });
      notify.success(t('payments.exports.done'));
    } catch (error) {
      notify.error(errorMessage(error, t, t('payments.exports.failed')));
    }
  }

  async function downloadReceipts() {
    if (archive.isPending || !from || !to) return;
    try {
      await archive.mutateAsync({ from, to });
      notify.success(t('payments.exports.receiptsDone'));
    } catch (error) {
      notify.error(errorMessage(error, t, t('payments.exports.receiptsFailed')));
    }
  }

  const pendingFormat = exporter.isPending ? exporter.variables?.format : null;
  return (
    <div role="group" aria-label={t('payments.exports.label')} className="flex flex-wrap gap-2">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          disabled={exporter.isPending}
          onClick={() => void exportAs(format)}
        >
          <Download aria-hidden="true" className="size-4" />
          {pendingFormat === format
            ? t('payments.exports.pending')
            : t(`payments.exports.${format}`)}
        </Button>
      ))}
      <ExplainedButton
        variant="secondary"
        disabled={archive.isPending}
        disabledReason={!from || !to ? t('payments.exports.receiptsNeedRange') : null}
        onClick={() => void downloadReceipts()}
      >
        <FileArchive aria-hidden="true" className="size-4" />
        {archive.isPending ? t('payments.exports.receiptsPending') : t('payments.exports.receipts')}
      </ExplainedButton>
    </div>
  );
}
