import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Megaphone, Plus, RotateCcw } from 'lucide-react';
import { campaignChannelValues, campaignStatusValues } from '@ecolage/contracts';
import type { Campaign, CampaignChannel, CampaignStatus } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { errorStatus } from '../../lib/error-message';
import { useListPageCount, useListParams } from '../../lib/list-params';
import { can, useSession } from '../auth/session-store';
import { useCampaigns } from './campaigns.api';
import { useCampaignActions } from './campaigns-actions';
import type { CampaignMenuAction } from './campaigns-actions';
import { CampaignDialog } from './campaigns-dialog';
import { campaignParamsPatch, CAMPAIGNS_PAGE_SIZE, readCampaignParams } from './campaigns-params';
import { campaignPath, CampaignsTable } from './campaigns-table';

/** The list when the school has no campaign yet: what campaigns are for, and the button. */
function NoCampaign({ canWrite, onCreate }: { canWrite: boolean; onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Megaphone aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold text-slate-900">
        {t('campaigns.table.emptyTitle')}
      </p>
      <p className="mt-1 max-w-xl text-sm text-slate-700">{t('campaigns.table.emptyHint')}</p>
      {canWrite ? (
        <Button className="mt-5" onClick={onCreate}>
          <Plus aria-hidden="true" className="size-4" />
          {t('campaigns.create')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * « Campagnes » tab of « Marketing »: search, status, channel and « archivées » filters and the
 * page on the server, all in the address (`campaigns-params.ts`); the table and its « Action »
 * menu; « Nouvelle Campagne » (write:marketing) opens this tab's own dialog, and a new campaign
 * opens on its page (to create its tracking links and QR code).
 */
export function CampaignsTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const canWrite = can('write:marketing', session);
  const [search, update] = useListParams();
  const params = readCampaignParams(search);
  const list = useCampaigns({ ...params, pageSize: CAMPAIGNS_PAGE_SIZE });
  const pages = useListPageCount(list, params.page, CAMPAIGNS_PAGE_SIZE, update);
  const [editing, setEditing] = useState<Campaign | null | undefined>(undefined);
  const actions = useCampaignActions();
  const data = list.data;
  const filtered = Boolean(params.search || params.status || params.channel);
  const query = search.toString();
  // Where a campaign's page leads back to: this list, as it is now.
  const from = { state: { from: `/admin/marketing${query ? `?${query}` : ''}` } };

  function onAction(action: CampaignMenuAction, campaign: Campaign) {
    if (action === 'open') void navigate(campaignPath(campaign.id), from);
    else if (action === 'edit') setEditing(campaign);
    else actions.run(action, campaign);
  }

  let body;
  if (list.isPending) {
    body = <ListState tone="loading" title={t('campaigns.table.loading')} />;
  } else if (list.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('campaigns.table.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void list.refetch()}
      >
        {errorStatus(list.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = filtered ? (
      <ListState title={t('campaigns.table.emptyFilteredTitle')}>
        {t('campaigns.table.emptyFilteredHint')}
      </ListState>
    ) : params.archived ? (
      <ListState title={t('campaigns.table.emptyArchivedTitle')} />
    ) : (
      <NoCampaign canWrite={canWrite} onCreate={() => setEditing(null)} />
    );
  } else {
    body = (
      <CampaignsTable
        campaigns={data.items}
        busy={list.isPlaceholderData}
        canWrite={canWrite}
        onAction={onAction}
      />
    );
  }

  return (
    <div className="space-y-4 pt-2">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-1 lg:flex-wrap lg:items-end">
          <SearchField
            className="sm:col-span-2 lg:w-64"
            label={t('campaigns.search')}
            placeholder={t('campaigns.searchPlaceholder')}
            value={params.search}
            onSearch={(next) =>
              update(campaignParamsPatch({ search: next, page: 1 }), { replace: true })
            }
          />
          <SelectField
            compact
            wrapperClassName="lg:w-48"
            label={t('campaigns.filters.status')}
            placeholder={t('campaigns.filters.statusAll')}
            value={params.status ?? ''}
            onChange={(event) =>
              update(
                campaignParamsPatch({
                  status: (event.target.value || null) as CampaignStatus | null,
                  page: 1,
                }),
              )
            }
            options={campaignStatusValues.map((value) => ({
              value,
              label: t(`campaigns.statuses.${value}`),
            }))}
          />
          <SelectField
            compact
            wrapperClassName="lg:w-48"
            label={t('campaigns.filters.channel')}
            placeholder={t('campaigns.filters.channelAll')}
            value={params.channel ?? ''}
            onChange={(event) =>
              update(
                campaignParamsPatch({
                  channel: (event.target.value || null) as CampaignChannel | null,
                  page: 1,
                }),
              )
            }
            options={campaignChannelValues.map((value) => ({
              value,
              label: t(`campaigns.channels.${value}`),
            }))}
          />
          <Checkbox
            wrapperClassName="min-h-11 items-center sm:col-span-2 lg:pb-0"
            label={t('campaigns.filters.archived')}
            checked={params.archived}
            onChange={(event) =>
              update(campaignParamsPatch({ archived: event.target.checked, page: 1 }))
            }
          />
          {filtered ? (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() =>
                update(campaignParamsPatch({ search: '', status: null, channel: null, page: 1 }))
              }
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('campaigns.filters.reset')}
            </Button>
          ) : null}
        </div>
        {canWrite ? (
          <Button onClick={() => setEditing(null)} className="shrink-0 max-sm:w-full">
            <Plus aria-hidden="true" className="size-4" />
            {t('campaigns.create')}
          </Button>
        ) : null}
      </div>

      {body}
      {data && data.total > 0 ? (
        <Pager
          page={Math.min(params.page, pages)}
          pageCount={pages}
          total={data.total}
          pageSize={CAMPAIGNS_PAGE_SIZE}
          onPageChange={(next) => update(campaignParamsPatch({ page: next }))}
        />
      ) : null}

      {editing !== undefined ? (
        <CampaignDialog
          campaign={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved, created) => {
            setEditing(undefined);
            if (created) void navigate(campaignPath(saved.id), from);
          }}
        />
      ) : null}
      {actions.dialog}
    </div>
  );
}
