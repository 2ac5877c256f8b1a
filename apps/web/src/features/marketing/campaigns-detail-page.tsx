import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Pencil } from 'lucide-react';
import { campaignParamsSchema } from '@ecolage/contracts';
import type { Campaign } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ListState } from '../../components/ui/list-state';
import { addFrenchStrings } from '../../i18n/add-strings';
import { campaigns } from '../../i18n/fr/campaigns';
import { marketingPage } from '../../i18n/fr/marketing-page';
import { formatMoney } from '../../lib/amounts';
import { errorStatus } from '../../lib/error-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import { RowMenu } from '../automations/row-menu';
import { can, useSession } from '../auth/session-store';
import { useCampaign } from './campaigns.api';
import { campaignMenuActions, useCampaignActions } from './campaigns-actions';
import { CampaignDialog } from './campaigns-dialog';
import { CampaignLinksSection } from './campaigns-links';
import { CampaignResultsSection } from './campaigns-results';
import { CampaignSendingSection } from './campaigns-sending';
import { campaignPath } from './campaigns-table';
import { CampaignStatusBadge, dayText, sendsMessages } from './campaigns-words';

addFrenchStrings(marketingPage, campaigns);

/** « ← Campagnes »: back to the list as it was left (its search, filters and page). */
function BackToCampaigns() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = location.state as { from?: unknown } | null;
  const from =
    typeof state?.from === 'string' && state.from.startsWith('/admin/marketing')
      ? state.from
      : '/admin/marketing';
  return (
    <Link
      to={from}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-semibold text-brand-800 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('campaigns.detail.back')}
    </Link>
  );
}

function CampaignHeader({ campaign, canWrite }: { campaign: Campaign; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const navigate = useNavigate();
  const location = useLocation();
  const [editing, setEditing] = useState(false);
  const actions = useCampaignActions({
    onDuplicated: (copy) => void navigate(campaignPath(copy.id), { state: location.state }),
  });
  const more = campaignMenuActions(campaign, canWrite, { withOpen: false }).filter(
    (action) => action !== 'edit',
  );

  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-extrabold tracking-tight break-words text-brand-950 sm:text-3xl">
            {campaign.name}
          </h1>
          <CampaignStatusBadge status={campaign.status} />
          {campaign.archived ? <Badge>{t('campaigns.table.archived')}</Badge> : null}
        </div>
        <p className="text-base text-slate-700">
          {t('campaigns.detail.summary', {
            channel: t(`campaigns.channels.${campaign.channel}`),
            from: dayText(campaign.startsOn, language),
            to: dayText(campaign.endsOn, language),
          })}
        </p>
        <p className="text-sm text-slate-700">
          {t('campaigns.detail.budgetLine', {
            budget: formatMoney(campaign.budget, language),
            spend: formatMoney(campaign.spend, language),
          })}
          {' · '}
          {t(`campaigns.destinations.${campaign.destination}`)}
        </p>
        <p className="text-xs text-slate-600">
          {t('campaigns.detail.code', { code: campaign.code })}
        </p>
      </div>
      {canWrite ? (
        <div className="flex shrink-0 items-center gap-2">
          {campaign.archived ? null : (
            <Button variant="secondary" onClick={() => setEditing(true)} className="max-sm:flex-1">
              <Pencil aria-hidden="true" className="size-4" />
              {t('campaigns.menu.edit')}
            </Button>
          )}
          {more.length > 0 ? (
            <RowMenu
              label={t('campaigns.table.menu', { name: campaign.name })}
              items={more.map((action) => ({
                key: action,
                label: t(`campaigns.menu.${action}`),
                danger: action === 'archive',
                onSelect: () => {
                  if (action !== 'open') actions.run(action, campaign);
                },
              }))}
            />
          ) : null}
        </div>
      ) : null}
      {editing ? (
        <CampaignDialog
          campaign={campaign}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      ) : null}
      {actions.dialog}
    </header>
  );
}

/**
 * A campaign's page (/admin/marketing/campagnes/:campaignId, read:marketing): its status,
 * channel, dates and money; « Résultats » (reach, clicks, pre-registrations, enrolments, revenue
 * collected, ROI); « Liens de suivi » with their QR code and poster; for an e-mail or SMS
 * campaign, « Envoi » and its delivery figures. write:marketing adds « Modifier », the actions,
 * « Nouveau lien » and « Envoyer ». Another school's campaign is « introuvable » (404).
 */
export function CampaignPage() {
  const { campaignId = '' } = useParams();
  const { t } = useTranslation();
  const session = useSession();
  const canWrite = can('write:marketing', session);
  const valid = campaignParamsSchema.safeParse({ campaignId }).success;
  const campaign = useCampaign(campaignId, valid);
  useDocumentTitle(campaign.data?.name ?? t('marketingPage.title'));

  const status = errorStatus(campaign.error);
  if (!valid || status === 404 || status === 400) {
    return (
      <div className="space-y-4">
        <BackToCampaigns />
        <ListState title={t('campaigns.detail.notFoundTitle')}>
          {t('campaigns.detail.notFoundHint')}
        </ListState>
      </div>
    );
  }
  if (campaign.isPending) {
    return <ListState tone="loading" title={t('campaigns.detail.loading')} />;
  }
  if (campaign.isError) {
    return (
      <div className="space-y-4">
        <BackToCampaigns />
        <ListState
          tone="error"
          title={t('campaigns.detail.loadError')}
          retryLabel={t('ui.retry')}
          onRetry={() => void campaign.refetch()}
        >
          {status === 403 ? t('ui.forbidden') : null}
        </ListState>
      </div>
    );
  }
  const data = campaign.data;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <BackToCampaigns />
        <CampaignHeader campaign={data} canWrite={canWrite} />
      </div>
      <CampaignResultsSection results={data.results} />
      {sendsMessages(data.channel) ? (
        <CampaignSendingSection campaign={data} canWrite={canWrite} />
      ) : null}
      <CampaignLinksSection campaign={data} canWrite={canWrite} />
    </div>
  );
}
