import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/ui/checkbox';
import { ChoiceGroup } from '../../components/ui/field';
import { fieldError, FormField } from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';
import { useStaffRoles } from './automations.api';
import { TemplateField } from './template-field';
import { TemplatePreview } from './template-preview';
import { CHANNELS, RECIPIENTS } from './workflow-form';
import type { WorkflowForm } from './workflow-form';

type Form = WorkflowForm;

/** The staff roles to notify, from the school's roles. */
function StaffRoles({ form }: { form: Form }) {
  const { t } = useTranslation();
  const roles = useStaffRoles();
  const chosen = form.watch('action.staffRoleIds');
  function flip(roleId: string, on: boolean) {
    const next = on ? [...chosen, roleId] : chosen.filter((id) => id !== roleId);
    form.setValue('action.staffRoleIds', next, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  }
  return (
    <ChoiceGroup
      legend={t('automations.editor.staffRoles')}
      error={fieldError(form, 'action.staffRoleIds')}
    >
      <p className="mb-2 text-sm text-slate-600">{t('automations.editor.staffRolesHint')}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {(roles.data ?? []).map((role) => (
          <Checkbox
            key={role.id}
            label={role.name}
            checked={chosen.includes(role.id)}
            onChange={(event) => flip(role.id, event.target.checked)}
          />
        ))}
      </div>
    </ChoiceGroup>
  );
}

/**
 * « Action »: the channel (SMS, WhatsApp, e-mail, or a notification to the team), who receives
 * it (the main payer or every guardian; roles for the team), the e-mail's subject, the message
 * and its live preview. The weekly summary is for the team only.
 */
export function ActionFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const [trigger, channel, recipients] = form.watch([
    'trigger',
    'action.channel',
    'action.recipients',
  ]);
  const channels = trigger === 'weekly_summary' ? CHANNELS.filter((c) => c === 'staff') : CHANNELS;
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">
        {t('automations.editor.action')}
      </legend>
      <SelectField
        label={t('automations.editor.channel')}
        {...form.register('action.channel')}
        error={fieldError(form, 'action.channel')}
        options={channels.map((value) => ({
          value,
          label: t(`automations.channels.${value}`),
        }))}
      />
      {channel === 'staff' ? (
        <StaffRoles form={form} />
      ) : (
        <ChoiceGroup
          legend={t('automations.editor.recipients')}
          error={fieldError(form, 'action.recipients')}
        >
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {RECIPIENTS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 items-center gap-2 text-sm text-slate-800"
              >
                <input
                  type="radio"
                  value={value}
                  checked={recipients === value}
                  onChange={() => form.setValue('action.recipients', value, { shouldDirty: true })}
                  className="size-5 accent-brand-600"
                />
                {value === 'main_payer'
                  ? t('automations.editor.mainPayer')
                  : t('automations.editor.allGuardians')}
              </label>
            ))}
          </div>
        </ChoiceGroup>
      )}
      {channel === 'email' ? (
        <FormField
          form={form}
          name="action.subject"
          required
          label={t('automations.editor.subject')}
          autoComplete="off"
        />
      ) : null}
      <TemplateField form={form} />
      <TemplatePreview form={form} />
    </fieldset>
  );
}
