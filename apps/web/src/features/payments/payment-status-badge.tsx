import { useTranslation } from 'react-i18next';
import type { PaymentStatusValue } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';

// Spec §4: Succès in green, Échec in red; waiting in yellow, refunds in purple.
const STATUS_TONES: Record<PaymentStatusValue, BadgeTone> = {
  initiated: 'grey',
  pending: 'yellow',
  unknown: 'orange',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'grey',
  expired: 'red',
  refund_pending: 'purple',
  refunded: 'purple',
  partially_refunded: 'purple',
};

/**
 * A payment's status in the one word every screen uses for it (« Succès », « Échec »,
 * « En attente »…: the contracts' labels, in English too).
 */
export function PaymentStatusBadge({ status }: { status: PaymentStatusValue }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONES[status]}>{t(`payments.status.${status}`)}</Badge>;
}
