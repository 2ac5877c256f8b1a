import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import type { Campaign } from '@ecolage/contracts';
import { ExplainedButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime, formatNumber } from '../../lib/format';
import { Card, Section } from '../students/student-ui';
import { useSendCampaign } from './campaigns.api';

type DeliveryFigure = 'recipients' | 'optedOut' | 'sent' | 'delivered' | 'failed';
const DELIVERY: DeliveryFigure[] = ['recipients', 'optedOut', 'sent', 'delivered', 'failed'];

/**
 * « Envoi » of an e-mail or SMS campaign: who gets it, the subject and message; « Envoyer »
 * (write:marketing, an active campaign not yet sent) after a confirmation; once sent, the
 * delivery figures (destinataires, désabonnés ignorés, envoyés, distribués, échecs), asked again
 * while messages are queued.
 */
export function CampaignSendingSection({
  campaign,
  canWrite,
}: {
  campaign: Campaign;
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const send = useSendCampaign();
  const [confirming, setConfirming] = useState(false);
  const sending = campaign.sending;
  const sent = Boolean(sending?.sentAt);
  const audience = campaign.audience ? t(`campaigns.audiences.${campaign.audience}`) : '';

  async function confirm() {
    try {
      const answer = await send.mutateAsync(campaign.id);
      const recipients = typeof answer.recipients === 'number' ? answer.recipients : null;
      notify.success(
        recipients === null
          ? t('campaigns.detail.sending.sentPlain')
          : t('campaigns.detail.sending.sent', { count: recipients }),
      );
    } catch (error) {
      notify.error(errorMessage(error, t, t('campaigns.detail.sending.failure')));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <Section
      title={t('campaigns.detail.sending.title')}
      action={
        canWrite && !sent && !campaign.archived ? (
          <ExplainedButton
            disabledReason={
              campaign.status === 'active' ? null : t('campaigns.detail.sending.notActive')
            }
            disabled={send.isPending}
            onClick={() => setConfirming(true)}
          >
            <Send aria-hidden="true" className="size-4" />
            {send.isPending
              ? t('campaigns.detail.sending.sendPending')
              : t('campaigns.detail.sending.send')}
          </ExplainedButton>
        ) : null
      }
    >
      <Card className="space-y-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600">{t('campaigns.detail.sending.audience')}</dt>
          <dd className="text-slate-900">{audience}</dd>
          {campaign.channel === 'email' ? (
            <>
              <dt className="font-medium text-slate-600">
                {t('campaigns.detail.sending.subject')}
              </dt>
              <dd className="text-slate-900">{campaign.subject}</dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-600">{t('campaigns.detail.sending.message')}</dt>
          <dd className="whitespace-pre-line text-slate-900">{campaign.body}</dd>
        </dl>
        {sent && sending ? (
          <div className="space-y-3 border-t border-slate-200 pt-4">
            <p className="text-sm font-medium text-slate-700">
              {t('campaigns.detail.sending.sentAt', {
                date: formatDateTime(sending.sentAt ?? '', language),
              })}
            </p>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {DELIVERY.map((figure) => (
                <div key={figure} className="rounded-xl bg-slate-50 p-3">
                  <dt className="text-sm text-slate-700">
                    {t(`campaigns.detail.sending.${figure}`)}
                  </dt>
                  <dd
                    className={[
                      'mt-1 text-xl font-bold tabular-nums',
                      figure === 'failed' && sending.failed > 0 ? 'text-red-800' : 'text-slate-900',
                    ].join(' ')}
                  >
                    {formatNumber(sending[figure], language, 0)}
                  </dd>
                </div>
              ))}
            </dl>
            {sending.queued > 0 ? (
              <p role="status" className="text-sm text-slate-600">
                {t('campaigns.detail.sending.queued', { count: sending.queued })}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t('campaigns.detail.sending.notSent')}</p>
        )}
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t('campaigns.detail.sending.confirmTitle')}
        confirmLabel={t('campaigns.detail.sending.confirm')}
        pendingLabel={t('campaigns.detail.sending.sendPending')}
        cancelLabel={t('ui.cancel')}
        closeLabel={t('common.close')}
        pending={send.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        <p>{t('campaigns.detail.sending.confirmBody', { name: campaign.name, audience })}</p>
      </ConfirmDialog>
    </Section>
  );
}
