import { useTranslation } from 'react-i18next';
import type { ReceiptStatusValue } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';

// Refunds in purple, as the payments' own refund states; a cancelled receipt in red.
const STATUS_TONES: Record<ReceiptStatusValue, BadgeTone> = {
  valid: 'green',
  partially_refunded: 'purple',
  cancelled: 'red',
};

/** A receipt's state: « Valide », « Partiellement remboursé », « Annulé (remboursé) ». */
export function ReceiptStatusBadge({ status }: { status: ReceiptStatusValue }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONES[status]}>{t(`receipts.status.${status}`)}</Badge>;
}
