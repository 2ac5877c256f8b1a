import { useTranslation } from 'react-i18next';
import { QrCode } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { usePdf } from '../receipts/receipts.api';
import { levelQrSheetPath, SCHOOL_POSTER_PATH } from './payment-links.api';
import { addFrenchStrings } from '../../i18n/add-strings';
import { paymentLinks } from '../../i18n/fr/payment-links';

addFrenchStrings(paymentLinks);

/**
 * « Feuille de QR codes (PDF) » of a level (request:payments): the class's cards to cut out, one
 * per student enrolled this year, each with the QR code of their payment link.
 */
export function LevelQrSheetButton({ levelId, name }: { levelId: string; name: string }) {
  const { t } = useTranslation();
  const pdf = usePdf();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t('paymentLinks.sheetLabel', { name })}
      disabled={pdf.isPending}
      onClick={() =>
        pdf.mutate(
          { path: levelQrSheetPath(levelId), filename: 'qr-paiement.pdf' },
          {
            onError: (error) =>
              notify.error(errorMessage(error, t, t('paymentLinks.sheetFailure', { name }))),
          },
        )
      }
    >
      <QrCode aria-hidden="true" className="size-4" />
      {pdf.isPending ? t('paymentLinks.sheetPending') : t('paymentLinks.sheet')}
    </Button>
  );
}

/** « Affiche QR de l'école (PDF) » (request:payments): the counter's poster of the pay page. */
export function SchoolPosterButton() {
  const { t } = useTranslation();
  const pdf = usePdf();
  return (
    <Button
      variant="secondary"
      disabled={pdf.isPending}
      onClick={() =>
        pdf.mutate(
          { path: SCHOOL_POSTER_PATH, filename: 'affiche-paiement.pdf' },
          {
            onError: (error) =>
              notify.error(errorMessage(error, t, t('paymentLinks.posterFailure'))),
          },
        )
      }
    >
      <QrCode aria-hidden="true" className="size-4" />
      {pdf.isPending ? t('paymentLinks.posterPending') : t('paymentLinks.poster')}
    </Button>
  );
}
