import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown, Printer } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { errorMessage } from '../../lib/error-message';
import { openBlankTab, receiptFileName, receiptPdfPath, usePdf } from './receipts.api';

/**
 * The receipt of a payment just taken: « Imprimer le reçu (ticket 80 mm) » opens the ticket in
 * a new tab, to print on the desk's thermal printer; « Reçu A4 » saves the A4 file.
 */
export function ReceiptPrintButtons({ receiptId, number }: { receiptId: string; number: string }) {
  const { t } = useTranslation();
  const hintId = useId();
  const ticket = usePdf();
  const a4 = usePdf();
  const failure = ticket.error ?? a4.error;

  function printTicket() {
    a4.reset();
    ticket.mutate({
      path: receiptPdfPath(receiptId, 'thermal'),
      filename: receiptFileName(number, 'thermal'),
      tab: openBlankTab(t('receipts.pdf.tabLoading')),
    });
  }

  function saveA4() {
    ticket.reset();
    a4.mutate({ path: receiptPdfPath(receiptId, 'a4'), filename: receiptFileName(number, 'a4') });
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button onClick={printTicket} disabled={ticket.isPending} aria-describedby={hintId}>
          <Printer aria-hidden="true" className="size-4" />
          {ticket.isPending ? t('receipts.pdf.opening') : t('receipts.pdf.print')}
        </Button>
        <Button variant="secondary" onClick={saveA4} disabled={a4.isPending}>
          <FileDown aria-hidden="true" className="size-4" />
          {a4.isPending ? t('receipts.pdf.downloading') : t('receipts.pdf.a4')}
        </Button>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {t('receipts.pdf.printHint')}
      </p>
      {failure ? (
        <FormAlert>{errorMessage(failure, t, t('receipts.pdf.failure'))}</FormAlert>
      ) : null}
    </div>
  );
}
