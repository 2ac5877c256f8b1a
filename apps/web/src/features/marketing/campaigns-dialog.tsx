import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  campaignRequestSchema,
  campaignChannelValues,
  campaignDestinationValues,
  campaignAudienceValues,
} from '@ecolage/contracts';
import type {
  Campaign,
  CampaignAudience,
  CampaignChannel,
  CampaignDestination,
  CampaignRequest,
} from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { FormError, FormField, useSchemaForm } from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { addFrenchStrings } from '../../i18n/add-strings';
import { automations } from '../../i18n/fr/automations';
import { amountText, readAmount } from '../../lib/amounts';
import { SmsCounter } from '../automations/sms-counter';
import { readFormSchema } from '../payments/payment-form-schema';
import { FormFooter } from '../students/student-ui';
import { useSaveCampaign } from './campaigns.api';
import { sendsMessages } from './campaigns-words';

// The SMS counter's words.
addFrenchStrings(automations);

/** The form's values as typed (amounts « 150 000 », dates from the date pickers). */
export interface CampaignValues {
  name: string;
  channel: CampaignChannel | '';
  budget: string;
  spend: string;
  startsOn: string;
  endsOn: string;
  destination: CampaignDestination;
  audience: CampaignAudience | '';
  subject: string;
  body: string;
}

const sends = (channel: CampaignValues['channel']) => channel !== '' && sendsMessages(channel);

/** The values read into the request the server checks with the same schema. */
export function campaignRequestOf(values: CampaignValues): Record<string, unknown> {
  const message = sends(values.channel);
  return {
    name: values.name,
    channel: values.channel || undefined,
    budget: readAmount(values.budget),
    spend: readAmount(values.spend) ?? 0,
    startsOn: values.startsOn || undefined,
    endsOn: values.endsOn || undefined,
    destination: values.destination,
    subject: message && values.channel === 'email' ? values.subject : '',
    body: message ? values.body : '',
    audience: message ? values.audience || null : null,
  };
}

const campaignFormSchema = readFormSchema<CampaignValues, CampaignRequest>(campaignRequestSchema, {
  read: campaignRequestOf,
});

/** Today in the reader's calendar, as YYYY-MM-DD (the date picker's value). */
function todayValue(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function valuesOf(campaign: Campaign | null): CampaignValues {
  if (!campaign) {
    return {
      name: '',
      channel: '',
      budget: '',
      spend: '',
      startsOn: todayValue(),
      endsOn: '',
      destination: 'pre_registration',
      audience: '',
      subject: '',
      body: '',
    };
  }
  return {
    name: campaign.name,
    channel: campaign.channel,
    budget: amountText(campaign.budget, 'fr'),
    spend: amountText(campaign.spend, 'fr'),
    startsOn: campaign.startsOn,
    endsOn: campaign.endsOn,
    destination: campaign.destination,
    audience: campaign.audience ?? '',
    subject: campaign.subject,
    body: campaign.body,
  };
}

/**
 * « Nouvelle Campagne » and « Modifier » (write:marketing): name, channel, budget and spend in
 * FCFA, first and last day, where its links lead and, for an e-mail or SMS campaign, who gets it,
 * the e-mail's subject and the message (with `{lien}`, and the SMS counter). Checked by the
 * contracts' schema (the server's own), the server's refusals on their fields. The status is
 * never typed: it follows from the dates, the budget and the pause.
 */
export function CampaignDialog({
  campaign,
  onClose,
  onSaved,
}: {
  /** null: a new campaign. */
  campaign: Campaign | null;
  onClose: () => void;
  onSaved: (campaign: Campaign, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const save = useSaveCampaign();
  const form = useSchemaForm(campaignFormSchema, {
    defaultValues: valuesOf(campaign),
    messages: (translate) => ({
      channel: { required: translate('campaigns.form.channelRequired') },
      budget: { required: translate('campaigns.form.budgetRequired') },
      startsOn: { required: translate('campaigns.form.startsOnRequired') },
      endsOn: { required: translate('campaigns.form.endsOnRequired') },
    }),
  });
  const channel = form.watch('channel');
  const body = form.watch('body');
  const editing = campaign !== null;

  const submit = form.submitWith(async (request) => {
    const saved = await save.mutateAsync({ id: campaign?.id, body: request });
    notify.success(
      t(editing ? 'campaigns.form.saved' : 'campaigns.form.created', { name: saved.name }),
    );
    onSaved(saved, !editing);
  }, t('campaigns.form.failure'));

  function insertLink() {
    const area = bodyRef.current;
    const current = form.getValues('body');
    const at = area ? area.selectionStart : current.length;
    const end = area ? area.selectionEnd : current.length;
    const next = `${current.slice(0, at)}{lien}${current.slice(end)}`;
    form.setValue('body', next, { shouldDirty: true });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + 6, at + 6);
    });
  }

  const bodyField = form.register('body');

  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      title={t(editing ? 'campaigns.form.editTitle' : 'campaigns.form.createTitle')}
      closeLabel={t('common.close')}
      initialFocus={nameRef}
      description={t('campaigns.form.statusNote')}
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          pending={save.isPending || form.formState.isSubmitting}
          label={t(editing ? 'campaigns.form.submitEdit' : 'campaigns.form.submitCreate')}
          pendingLabel={t('campaigns.form.submitting')}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormError form={form} />
        <FormField
          form={form}
          ref={nameRef}
          name="name"
          required
          label={t('campaigns.form.name')}
          placeholder={t('campaigns.form.namePlaceholder')}
          maxLength={80}
          autoComplete="off"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="channel"
            required
            control={SelectField}
            label={t('campaigns.form.channel')}
            placeholder={t('campaigns.form.channelPlaceholder')}
            options={campaignChannelValues.map((value) => ({
              value,
              label: t(`campaigns.channels.${value}`),
            }))}
          />
          <FormField
            form={form}
            name="destination"
            control={SelectField}
            label={t('campaigns.form.destination')}
            options={campaignDestinationValues.map((value) => ({
              value,
              label: t(`campaigns.destinations.${value}`),
            }))}
          />
          <FormField
            form={form}
            name="budget"
            required
            label={t('campaigns.form.budget')}
            hint={t('campaigns.form.budgetHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
          />
          <FormField
            form={form}
            name="spend"
            label={t('campaigns.form.spend')}
            hint={t('campaigns.form.spendHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
          />
          <FormField
            form={form}
            name="startsOn"
            required
            type="date"
            label={t('campaigns.form.startsOn')}
          />
          <FormField
            form={form}
            name="endsOn"
            required
            type="date"
            label={t('campaigns.form.endsOn')}
          />
        </div>
        {channel !== '' && sends(channel) ? (
          <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-800">
              {t('campaigns.form.messageLegend', { channel: t(`campaigns.channels.${channel}`) })}
            </legend>
            <FormField
              form={form}
              name="audience"
              required
              control={SelectField}
              label={t('campaigns.form.audience')}
              placeholder={t('campaigns.form.audiencePlaceholder')}
              options={campaignAudienceValues.map((value) => ({
                value,
                label: t(`campaigns.audiences.${value}`),
              }))}
            />
            {channel === 'email' ? (
              <FormField
                form={form}
                name="subject"
                required
                label={t('campaigns.form.subject')}
                maxLength={150}
                autoComplete="off"
              />
            ) : null}
            <TextareaField
              {...bodyField}
              ref={(element) => {
                bodyField.ref(element);
                bodyRef.current = element;
              }}
              label={
                <>
                  {t('campaigns.form.body')}
                  <span aria-hidden="true" className="ml-0.5 text-red-700">
                    *
                  </span>
                </>
              }
              aria-required
              rows={channel === 'sms' ? 4 : 7}
              maxLength={2000}
              hint={t('campaigns.form.bodyHint')}
              error={form.getFieldState('body', form.formState).error?.message}
            />
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <Button variant="secondary" size="sm" onClick={insertLink}>
                {t('campaigns.form.insertLink')}
              </Button>
              {channel === 'sms' ? <SmsCounter template={body} /> : null}
            </div>
          </fieldset>
        ) : null}
      </form>
    </Dialog>
  );
}
