import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { updateNotificationSettingsRequestSchema } from '@ecolage/contracts';
import type { NotificationSettingsValues } from '@ecolage/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { EmailField } from '../../components/ui/field';
import { FormField, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { can, useSession } from '../auth/session-store';
import { MemberNotificationsSection } from './member-notifications';
import { useNotificationSettings, useSaveNotifications } from './settings.api';
import {
  SettingsContent,
  SettingsPage,
  SettingsSaveBar,
  SettingsSection,
  useMayManageSettings,
} from './settings-ui';

function NotificationsForm({
  values,
  editable,
}: {
  values: NotificationSettingsValues;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveNotifications();
  const form = useSchemaForm(updateNotificationSettingsRequestSchema, {
    defaultValues: {
      notificationEmail: values.notificationEmail ?? '',
      admissionReceived: values.admissionReceived,
      kycReviewed: values.kycReviewed,
    },
    refusal: 'toast',
  });

  async function send(body: unknown) {
    await save.mutateAsync(body);
    notify.success(t('settings.notifications.saved'));
  }

  return (
    <SettingsSection
      title={t('settings.notifications.school.title')}
      lead={t('settings.notifications.school.lead')}
    >
      <form
        noValidate
        onSubmit={(event) => void form.submitWith(send, t('settings.failure'))(event)}
      >
        <fieldset disabled={!editable} className="space-y-5">
          <FormField
            form={form}
            name="notificationEmail"
            control={EmailField}
            label={t('settings.notifications.email')}
            hint={t('settings.notifications.emailHint')}
            wrapperClassName="max-w-lg"
          />
          <Checkbox
            {...form.register('admissionReceived')}
            label={t('settings.notifications.admissionReceived')}
            description={t('settings.notifications.admissionReceivedHint')}
          />
          <Checkbox
            {...form.register('kycReviewed')}
            label={t('settings.notifications.kycReviewed')}
            description={t('settings.notifications.kycReviewedHint')}
          />
          <p className="flex items-start gap-2 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('settings.notifications.bankNote')}
          </p>
        </fieldset>
        <SettingsSaveBar
          form={form}
          editable={editable}
          className="mt-5 flex justify-end"
          label={t('settings.save')}
          pendingLabel={t('settings.saving')}
        />
      </form>
    </SettingsSection>
  );
}

/**
 * « Notifications » (/admin/notifications): the member's own five settings and the address of
 * their copies (every member), then, for those who may read the school's settings, where the
 * school's own notices go (its shared address) and which ones.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <SettingsPage
      title={t('settings.notifications.title')}
      lead={t('settings.notifications.lead')}
      back={can('read:settings', session) ? 'details' : undefined}
    >
      <MemberNotificationsSection />
      {can('read:settings', session) ? <SchoolNotices /> : null}
    </SettingsPage>
  );
}

function SchoolNotices() {
  const query = useNotificationSettings();
  const editable = useMayManageSettings();
  return (
    <SettingsContent query={query} editable={editable}>
      {(values) => <NotificationsForm values={values} editable={editable} />}
    </SettingsContent>
  );
}
