import { useTranslation } from 'react-i18next';
import { payoutStatusWords, type PayoutStatusValue } from '@ecolage/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';

const tones: Record<PayoutStatusValue, BadgeTone> = {
  pending: 'yellow',
  sending: 'blue',
  paid: 'green',
  failed: 'red',
};

export function PayoutStatusBadge({ status }: { status: PayoutStatusValue }) {
  const { t } = useTranslation();
  // The words may wrap in a tight table: the inner span's own white-space beats the badge's nowrap.
  return (
    <Badge tone={tones[status]}>
      <span className="whitespace-normal">{t(`accountingPayouts.status.${status}`)}</span>
    </Badge>
  );
}

/** The status the address names (`?statut=paye`), or null. */
export function readPayoutStatus(search: URLSearchParams): PayoutStatusValue | null {
  const word = search.get('statut');
  const entry = Object.entries(payoutStatusWords).find(([, value]) => value === word);
  return (entry?.[0] as PayoutStatusValue | undefined) ?? null;
}

/** `2026-11-23` as the reader's date. */
export function dayText(day: string, language: string): string {
  return formatDate(`${day}T12:00:00Z`, language);
}
