import { useTranslation } from 'react-i18next';
import { BellRing } from 'lucide-react';
import {
  notificationPreferenceIds,
  updateMemberNotificationPreferencesRequestSchema,
} from '@ecolage/contracts';
import type { MemberNotificationPreferences } from '@ecolage/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { EmailField } from '../../components/ui/field';
import { FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { useSession } from '../auth/session-store';
import { useMemberNotifications, useSaveMemberNotifications } from './member-notifications.api';
import { LoadFailure, Loading, SettingsSection } from './settings-ui';

function MemberNotificationsForm({ values }: { values: MemberNotificationPreferences }) {
  const { t } = useTranslation();
  const organizationId = useSession()?.organization.id ?? '';
  const save = useSaveMemberNotifications(organizationId);
  const form = useSchemaForm(updateMemberNotificationPreferencesRequestSchema, {
    defaultValues: { settings: values.settings, notificationEmail: values.notificationEmail ?? '' },
    refusal: 'toast',
  });

  async function send(body: unknown) {
    await save.mutateAsync(body);
    notify.success(t('settings.notifications.member.saved'));
  }

  return (
    <form noValidate onSubmit={(event) => void form.submitWith(send, t('settings.failure'))(event)}>
      <fieldset className="space-y-4">
        <legend className="sr-only">{t('settings.notifications.member.title')}</legend>
        {notificationPreferenceIds.map((id) => (
          <Checkbox
            key={id}
            {...form.register(`settings.${id}`)}
            label={
              <span className="font-medium">
                {t(`settings.notifications.member.settings.${id}.title`)}
              </span>
            }
            description={t(`settings.notifications.member.settings.${id}.description`)}
          />
        ))}
      </fieldset>
      <FormField
        form={form}
        name="notificationEmail"
        control={EmailField}
        label={t('settings.notifications.member.email')}
        hint={t('settings.notifications.member.emailHint', { email: values.loginEmail })}
        wrapperClassName="mt-5 max-w-lg"
      />
      <p className="mt-4 flex items-start gap-2 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
        <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('settings.notifications.member.always')}
      </p>
      <div className="mt-5 flex justify-end">
        <FormSubmitButton
          form={form}
          label={t('settings.save')}
          pendingLabel={t('settings.saving')}
        />
      </div>
    </form>
  );
}

/**
 * « Mes notifications »: the spec's five settings of the signed-in member in this school and the
 * address of their e-mail copies — every member's own, whatever their role.
 */
export function MemberNotificationsSection() {
  const { t } = useTranslation();
  const organizationId = useSession()?.organization.id ?? '';
  const query = useMemberNotifications(organizationId);
  return (
    <SettingsSection
      title={t('settings.notifications.member.title')}
      lead={t('settings.notifications.member.lead')}
    >
      {query.isError ? (
        <LoadFailure onRetry={() => void query.refetch()} pending={query.isFetching} />
      ) : null}
      {query.data ? (
        <MemberNotificationsForm values={query.data} />
      ) : query.isPending ? (
        <Loading />
      ) : null}
    </SettingsSection>
  );
}
