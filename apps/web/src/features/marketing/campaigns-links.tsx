import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, FileDown, Link2, Plus, QrCode } from 'lucide-react';
import { campaignDestinationValues, campaignLinkRequestSchema } from '@ecolage/contracts';
import type { Campaign, CampaignLink } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { FormError, FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { ListState } from '../../components/ui/list-state';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { saveBlob } from '../../lib/download';
import { errorMessage } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { Card, Section } from '../students/student-ui';
import {
  useCampaignLinks,
  useCampaignPoster,
  useCampaignQr,
  useCreateCampaignLink,
} from './campaigns.api';

/** Writes the link to the clipboard; false when the browser refuses (no permission, no API). */
async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** « Nouveau lien »: its name and where it leads (the campaign's destination by default). */
function NewLinkForm({
  campaign,
  onDone,
}: {
  campaign: Campaign;
  onDone: (link: CampaignLink | null) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const create = useCreateCampaignLink(campaign.id);
  const labelRef = useRef<HTMLInputElement>(null);
  const form = useSchemaForm(campaignLinkRequestSchema, {
    defaultValues: { label: '', destination: campaign.destination },
  });
  useEffect(() => labelRef.current?.focus(), []);
  const submit = form.submitWith(async (values) => {
    const link = await create.mutateAsync({
      label: values.label,
      destination: values.destination ?? campaign.destination,
    });
    notify.success(t('campaigns.detail.links.created', { label: link.label }));
    onDone(link);
  }, t('campaigns.detail.links.failure'));

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('campaigns.detail.links.create')}
      className="space-y-4 rounded-2xl border border-brand-200 bg-brand-50/40 p-4"
    >
      <FormError form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          form={form}
          ref={labelRef}
          name="label"
          required
          label={t('campaigns.detail.links.label')}
          placeholder={t('campaigns.detail.links.labelPlaceholder')}
          maxLength={60}
          autoComplete="off"
        />
        <FormField
          form={form}
          name="destination"
          control={SelectField}
          label={t('campaigns.detail.links.destination')}
          options={campaignDestinationValues.map((value) => ({
            value,
            label: t(`campaigns.destinations.${value}`),
          }))}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onDone(null)}>
          {t('campaigns.detail.links.cancel')}
        </Button>
        <FormSubmitButton
          form={form}
          formId={formId}
          label={t('campaigns.detail.links.submit')}
          pendingLabel={t('campaigns.detail.links.submitting')}
        />
      </div>
    </form>
  );
}

/** The chosen link's QR code and « Télécharger l'affiche (PNG/SVG) ». */
function QrPanel({ campaign, link }: { campaign: Campaign; link: CampaignLink | null }) {
  const { t } = useTranslation();
  const qr = useCampaignQr(campaign.id, link?.id ?? null);
  const poster = useCampaignPoster();
  const titleId = useId();

  function download(format: 'png' | 'svg') {
    if (!link) return;
    poster.mutate(
      { campaignId: campaign.id, linkId: link.id, format },
      {
        onSuccess: (file) => saveBlob(file.blob, file.filename),
        onError: (error) =>
          notify.error(errorMessage(error, t, t('campaigns.detail.qr.downloadFailure'))),
      },
    );
  }

  const pending = poster.isPending ? poster.variables.format : null;
  return (
    <section aria-labelledby={titleId}>
      <Card className="space-y-3">
        <h3 id={titleId} className="flex items-center gap-2 text-base font-bold text-slate-900">
          <QrCode aria-hidden="true" className="size-5 text-brand-700" />
          {t('campaigns.detail.qr.title')}
        </h3>
        {link ? (
          <>
            <p className="text-sm text-slate-700">
              {t('campaigns.detail.qr.lead', { label: link.label })}
            </p>
            {qr.isPending ? (
              <p role="status" className="py-8 text-center text-sm text-slate-600">
                {t('campaigns.detail.qr.loading')}
              </p>
            ) : qr.isError ? (
              <ListState
                tone="error"
                title={t('campaigns.detail.qr.failure')}
                retryLabel={t('ui.retry')}
                onRetry={() => void qr.refetch()}
              />
            ) : (
              <img
                src={qr.data.src}
                alt={t('campaigns.detail.qr.alt', { label: link.label, name: campaign.name })}
                className="mx-auto aspect-square w-full max-w-56 rounded-lg border border-slate-200 bg-white p-2"
              />
            )}
            <div className="flex flex-col gap-2">
              <Button disabled={pending !== null} onClick={() => download('png')}>
                <FileDown aria-hidden="true" className="size-4" />
                {pending === 'png'
                  ? t('campaigns.detail.qr.pending')
                  : t('campaigns.detail.qr.png')}
              </Button>
              <Button
                variant="secondary"
                disabled={pending !== null}
                onClick={() => download('svg')}
              >
                <FileDown aria-hidden="true" className="size-4" />
                {pending === 'svg'
                  ? t('campaigns.detail.qr.pending')
                  : t('campaigns.detail.qr.svg')}
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-700">{t('campaigns.detail.qr.noLink')}</p>
        )}
      </Card>
    </section>
  );
}

/**
 * « Liens de suivi »: each link's short address to publish (« Copier »), where it leads with its
 * UTM tags, its clicks; « Nouveau lien » (write:marketing); beside them the QR code of the chosen
 * link (the first by default) and its poster to download.
 */
export function CampaignLinksSection({
  campaign,
  canWrite,
}: {
  campaign: Campaign;
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const links = useCampaignLinks(campaign.id);
  const [creating, setCreating] = useState(false);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const items = links.data ?? [];
  const chosen = items.find((link) => link.id === chosenId) ?? items[0] ?? null;

  async function copy(link: CampaignLink) {
    if (await copyToClipboard(link.shortUrl)) notify.success(t('campaigns.detail.links.copied'));
    else notify.error(t('campaigns.detail.links.copyBlocked'));
  }

  let list;
  if (links.isPending) {
    list = <ListState tone="loading" title={t('campaigns.detail.links.loading')} />;
  } else if (links.isError) {
    list = (
      <ListState
        tone="error"
        title={t('campaigns.detail.links.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void links.refetch()}
      />
    );
  } else if (items.length === 0) {
    list = (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
        {t('campaigns.detail.links.empty')}
      </p>
    );
  } else {
    list = (
      <ul className="space-y-3">
        {items.map((link) => (
          <li key={link.id}>
            <Card
              className={chosen?.id === link.id ? 'space-y-2 ring-2 ring-brand-200' : 'space-y-2'}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="font-semibold text-slate-900">{link.label}</p>
                <p className="text-sm text-slate-600 tabular-nums">
                  {t('campaigns.detail.links.clicks', {
                    count: link.clicks,
                    formatted: formatNumber(link.clicks, i18n.language),
                  })}
                </p>
              </div>
              <p className="text-sm text-slate-700">
                {t(`campaigns.destinations.${link.destination}`)}
              </p>
              <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900">
                <Link2 aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                <span>
                  <span className="sr-only">{t('campaigns.detail.links.shortUrl')} : </span>
                  {link.shortUrl}
                </span>
              </p>
              <p className="text-xs break-all text-slate-600">
                {t('campaigns.detail.links.target', { url: link.targetUrl })}
              </p>
              <div className="flex flex-wrap gap-2 pt-1">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('campaigns.detail.links.copyLabel', { label: link.label })}
                  onClick={() => void copy(link)}
                >
                  <Copy aria-hidden="true" className="size-4" />
                  {t('campaigns.detail.links.copy')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('campaigns.detail.links.showQrLabel', { label: link.label })}
                  aria-pressed={chosen?.id === link.id}
                  onClick={() => setChosenId(link.id)}
                >
                  <QrCode aria-hidden="true" className="size-4" />
                  {t('campaigns.detail.links.showQr')}
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Section
      title={t('campaigns.detail.links.title')}
      action={
        canWrite && !creating ? (
          <Button variant="secondary" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            {t('campaigns.detail.links.create')}
          </Button>
        ) : null
      }
    >
      <p className="-mt-2 max-w-3xl text-sm text-slate-600">{t('campaigns.detail.links.lead')}</p>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-3">
          {creating ? (
            <NewLinkForm
              campaign={campaign}
              onDone={(link) => {
                setCreating(false);
                if (link) setChosenId(link.id);
              }}
            />
          ) : null}
          {list}
        </div>
        <QrPanel campaign={campaign} link={chosen} />
      </div>
    </Section>
  );
}
