import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CampaignChannel, CampaignStatus } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { formatNumber } from '../../lib/format';

/** How a campaign reads: its status badge, its ROI « 2,5x », its period « 1 sept. → 30 sept. ». */

/** Text at the 800/900 shade on the 100 background (above 7:1), always with the word. */
const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  active: 'green',
  completed: 'blue',
  paused: 'yellow',
  ended: 'grey',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status]}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`campaigns.statuses.${status}`)}
    </Badge>
  );
}

/** `2.5` → « 2,5x » (« 2.5x » in English); null (no spend) → null. */
export function roiText(roi: number | null, t: TFunction, language: string): string | null {
  if (roi === null || !Number.isFinite(roi)) return null;
  return t('campaigns.table.roiValue', { value: formatNumber(roi, language, 1) });
}

/** A school day (YYYY-MM-DD) as « 1 sept. 2026 », read in UTC so the day never moves. */
export function dayText(day: string, language: string, withYear = true): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(language.startsWith('en') ? 'en-GB' : 'fr-FR', {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' as const } : {}),
    timeZone: 'UTC',
  }).format(date);
}

/** E-mail and SMS campaigns are sent from Écolage (audience, subject, message, « Envoyer »). */
export function sendsMessages(channel: CampaignChannel): boolean {
  return channel === 'email' || channel === 'sms';
}

/** « 1 oct. → 31 déc. 2026 » (the year once when both days share it). */
export function periodText(from: string, to: string, t: TFunction, language: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return t('campaigns.table.periodRange', {
    from: dayText(from, language, !sameYear),
    to: dayText(to, language),
  });
}
