import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Archive, Copy, ExternalLink, Pause, Pencil, Play } from 'lucide-react';
import type { Campaign } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { formatNumber } from '../../lib/format';
import { RowMenu } from '../automations/row-menu';
import type { RowMenuItem } from '../automations/row-menu';
import { campaignMenuActions } from './campaigns-actions';
import type { CampaignMenuAction } from './campaigns-actions';
import { CampaignStatusBadge, periodText, roiText } from './campaigns-words';

const ICONS: Record<CampaignMenuAction, RowMenuItem['icon']> = {
  open: <ExternalLink aria-hidden="true" className="size-4" />,
  edit: <Pencil aria-hidden="true" className="size-4" />,
  pause: <Pause aria-hidden="true" className="size-4" />,
  resume: <Play aria-hidden="true" className="size-4" />,
  duplicate: <Copy aria-hidden="true" className="size-4" />,
  archive: <Archive aria-hidden="true" className="size-4" />,
};

/** A campaign's page, remembering the list's address for its back link. */
export function campaignPath(id: string): string {
  return `/admin/marketing/campagnes/${encodeURIComponent(id)}`;
}

/**
 * Nom, Canal, Statut (coloured badge with its word), Budget, Dépense, Période, Conversions
 * (pre-registrations · enrolled), ROI (« 2,5x », « — » without spend) and the « Action » menu.
 * Below 768 px each row is a card.
 */
export function CampaignsTable({
  campaigns,
  busy,
  canWrite,
  onAction,
}: {
  campaigns: Campaign[];
  busy: boolean;
  canWrite: boolean;
  onAction: (action: CampaignMenuAction, campaign: Campaign) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  return (
    <Table
      caption={t('campaigns.table.caption')}
      layout="stack"
      busy={busy}
      minWidth="md:min-w-[58rem]"
      dense
    >
      <THead>
        <Tr>
          <Th>{t('campaigns.table.name')}</Th>
          <Th>{t('campaigns.table.channel')}</Th>
          <Th>{t('campaigns.table.status')}</Th>
          <Th className="text-right">{t('campaigns.table.budget')}</Th>
          <Th className="text-right">{t('campaigns.table.spend')}</Th>
          <Th>{t('campaigns.table.period')}</Th>
          <Th className="text-right">{t('campaigns.table.conversions')}</Th>
          <Th className="text-right">{t('campaigns.table.roi')}</Th>
          <Th className="text-right">{t('campaigns.table.action')}</Th>
        </Tr>
      </THead>
      <TBody>
        {campaigns.map((campaign) => {
          const roi = roiText(campaign.results.roi, t, language);
          const { registrations, enrolments } = campaign.results;
          return (
            <Tr key={campaign.id}>
              <Td>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Link
                    to={campaignPath(campaign.id)}
                    state={{ from }}
                    className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                  >
                    {campaign.name}
                  </Link>
                  {campaign.archived ? <Badge>{t('campaigns.table.archived')}</Badge> : null}
                </span>
              </Td>
              <Td label={t('campaigns.table.channel')}>
                {t(`campaigns.channels.${campaign.channel}`)}
              </Td>
              <Td label={t('campaigns.table.status')}>
                <CampaignStatusBadge status={campaign.status} />
              </Td>
              <Td
                label={t('campaigns.table.budget')}
                className="text-right whitespace-nowrap tabular-nums"
              >
                {formatMoney(campaign.budget, language)}
              </Td>
              <Td
                label={t('campaigns.table.spend')}
                className="text-right whitespace-nowrap tabular-nums"
              >
                {formatMoney(campaign.spend, language)}
              </Td>
              <Td label={t('campaigns.table.period')} className="max-md:text-right">
                <span className="whitespace-nowrap">
                  {periodText(campaign.startsOn, campaign.endsOn, t, language)}
                </span>
              </Td>
              <Td label={t('campaigns.table.conversions')} className="text-right tabular-nums">
                <span className="flex flex-col items-end">
                  <span className="font-semibold text-slate-900">
                    {formatNumber(registrations, language)}
                  </span>
                  <span className="text-xs whitespace-nowrap text-slate-600">
                    {t('campaigns.table.enrolled', {
                      count: enrolments,
                      formatted: formatNumber(enrolments, language),
                    })}
                  </span>
                </span>
              </Td>
              <Td
                label={t('campaigns.table.roi')}
                className="text-right font-semibold tabular-nums"
              >
                {roi ?? (
                  <>
                    <span aria-hidden="true">{t('campaigns.table.noRoi')}</span>
                    <span className="sr-only">{t('campaigns.table.noRoiLabel')}</span>
                  </>
                )}
              </Td>
              <Td className="text-right">
                <RowMenu
                  label={t('campaigns.table.menu', { name: campaign.name })}
                  items={campaignMenuActions(campaign, canWrite).map((action) => ({
                    key: action,
                    label: t(`campaigns.menu.${action}`),
                    icon: ICONS[action],
                    danger: action === 'archive',
                    onSelect: () => onAction(action, campaign),
                  }))}
                />
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
