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
 * A payment's status, in the contracts' words (« Réussi », « En attente »…) or, in the rows of
 * « Paiements » and the dashboard (`wording="row"`), the spec's « Succès » and « Échec ».
 */
export function PaymentStatusBadge({
  status,
  wording = 'status',
}: {
  status: PaymentStatusValue;
  wording?: 'status' | 'row';
}) {
  const { t } = useTranslation();
  const label =
    wording === 'row' ? t(`payments.rowStatus.${status}`) : t(`payments.status.${status}`);
  return <Badge tone={STATUS_TONES[status]}>{label}</Badge>;
}
