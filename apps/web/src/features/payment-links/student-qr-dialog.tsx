import { useTranslation } from 'react-i18next';
import { FileDown } from 'lucide-react';
import type { StudentDetail } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ListState } from '../../components/ui/list-state';
import { saveBlob } from '../../lib/download';
import { errorMessage } from '../../lib/error-message';
import { useStudentQr } from './payment-links.api';

/**
 * The student's payment QR code in a dialog (fetched with the member's token, as SVG), with a
 * button to save it as a file to print.
 */
export function StudentQrDialog({
  student,
  onClose,
}: {
  student: StudentDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const qr = useStudentQr(student.id, student.matricule, true);
  const name = student.fullName;

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('paymentLinks.qrTitle', { name })}
      closeLabel={t('paymentLinks.close')}
      description={t('paymentLinks.qrLead', { name })}
      footer={
        <div className="flex flex-col-reverse gap-2 max-sm:w-full sm:flex-row">
          <Button variant="secondary" onClick={onClose}>
            {t('paymentLinks.close')}
          </Button>
          <Button
            disabled={!qr.data}
            onClick={() => {
              if (qr.data) saveBlob(qr.data.blob, qr.data.filename);
            }}
          >
            <FileDown aria-hidden="true" className="size-4" />
            {t('paymentLinks.qrDownload')}
          </Button>
        </div>
      }
    >
      {qr.isPending ? <ListState tone="loading" title={t('paymentLinks.qrLoading')} /> : null}
      {qr.isError ? (
        <ListState
          tone="error"
          title={t('paymentLinks.qrFailure')}
          retryLabel={t('ui.retry')}
          onRetry={() => void qr.refetch()}
        >
          {errorMessage(qr.error, t, '')}
        </ListState>
      ) : null}
      {qr.data ? (
        <img
          src={qr.data.src}
          alt={t('paymentLinks.qrAlt', { name })}
          className="mx-auto aspect-square w-full max-w-72 rounded-lg border border-slate-200 bg-white p-2"
        />
      ) : null}
    </Dialog>
  );
}
