import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@ecolage/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { useCampaignAction } from './campaigns.api';
import type { CampaignAction } from './campaigns.api';

/** What a campaign's menu offers: open, edit, pause or resume, duplicate, archive. */
export type CampaignMenuAction = 'open' | 'edit' | CampaignAction;

/**
 * The menu's actions a member may take on `campaign`: pause while it runs, resume once paused
 * (not after its last day nor once its budget is spent: those statuses follow from dates and
 * money), nothing but open and duplicate once archived.
 */
export function campaignMenuActions(
  campaign: Campaign,
  canWrite: boolean,
  { withOpen = true }: { withOpen?: boolean } = {},
): CampaignMenuAction[] {
  const open: CampaignMenuAction[] = withOpen ? ['open'] : [];
  if (!canWrite) return open;
  if (campaign.archived) return [...open, 'duplicate'];
  const running = campaign.status === 'active' || campaign.status === 'paused';
  const pause: CampaignMenuAction[] =
    campaign.paused && campaign.status === 'paused' ? ['resume'] : running ? ['pause'] : [];
  return [...open, 'edit', ...pause, 'duplicate', 'archive'];
}

/**
 * Runs pause, resume, duplicate and archive on a campaign (archive after « Archiver la
 * campagne ? »), each said by a toast. `dialog` is the confirmation, to render once.
 */
export function useCampaignActions({
  onDuplicated,
  onArchived,
}: {
  onDuplicated?: (copy: Campaign) => void;
  onArchived?: (campaign: Campaign) => void;
} = {}) {
  const { t } = useTranslation();
  const mutation = useCampaignAction();
  const [archiving, setArchiving] = useState<Campaign | null>(null);

  async function perform(action: CampaignAction, campaign: Campaign) {
    try {
      const answer = await mutation.mutateAsync({ id: campaign.id, action });
      if (action === 'pause')
        notify.success(t('campaigns.actions.paused', { name: campaign.name }));
      if (action === 'resume')
        notify.success(t('campaigns.actions.resumed', { name: campaign.name }));
      if (action === 'duplicate') {
        notify.success(t('campaigns.actions.duplicated', { name: answer.name }));
        onDuplicated?.(answer);
      }
      if (action === 'archive') {
        notify.success(t('campaigns.actions.archived', { name: campaign.name }));
        onArchived?.(campaign);
      }
    } catch (error) {
      notify.error(errorMessage(error, t, t('campaigns.actions.failure')));
    }
  }

  function run(action: CampaignAction, campaign: Campaign) {
    if (action === 'archive') setArchiving(campaign);
    else void perform(action, campaign);
  }

  const dialog = (
    <ConfirmDialog
      open={archiving !== null}
      title={t('campaigns.actions.archiveTitle')}
      confirmLabel={t('campaigns.actions.archiveConfirm')}
      pendingLabel={t('campaigns.actions.archivePending')}
      cancelLabel={t('ui.cancel')}
      closeLabel={t('common.close')}
      pending={mutation.isPending}
      tone="danger"
      onConfirm={() => {
        if (!archiving) return;
        void perform('archive', archiving).finally(() => setArchiving(null));
      }}
      onClose={() => setArchiving(null)}
    >
      <p>{archiving ? t('campaigns.actions.archiveBody', { name: archiving.name }) : null}</p>
    </ConfirmDialog>
  );

  return { run, dialog, pending: mutation.isPending };
}
