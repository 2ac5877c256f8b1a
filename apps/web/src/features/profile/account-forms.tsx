import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  changeEmailRequestSchema,
  emailSchema,
  updateProfileRequestSchema,
} from '@ecolage/contracts';
import { ExplainedButton } from '../../components/ui/button';
import { EmailField } from '../../components/ui/field';
import { FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { NewPasswordFields, PasswordField } from '../auth/password-field';
import {
  confirmationMessages,
  currentPasswordMessages,
  currentPasswordSchema,
  emailMessages,
  nameMessages,
  passwordMessages,
  withConfirmation,
} from '../auth/validation';
import type { ChangePasswordRequest, Profile } from './profile.api';
import { useChangeEmail, useChangePassword, useRenameProfile } from './profile.api';
import { ProfileSection } from './profile-section';

/** « Nom »: the member's name (2 to 120 characters, as at signup). */
export function NameSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const rename = useRenameProfile();
  const form = useSchemaForm(updateProfileRequestSchema, {
    defaultValues: { name: profile.name },
    messages: (t) => ({ name: nameMessages(t) }),
    refusal: 'toast',
  });
  const value = useWatch({ control: form.control, name: 'name' });
  const unchanged = value.trim() === profile.name;
  const { isDirty } = form.formState;
  const { reset } = form;

  // Not edited: the saved name shows, and follows the server's.
  useEffect(() => {
    if (!isDirty) reset({ name: profile.name });
  }, [reset, isDirty, profile.name]);

  async function saveName({ name }: { name: string }) {
    if (name === profile.name) return;
    const saved = await rename.mutateAsync(name);
    form.reset({ name: saved.name });
    notify.success(t('profile.name.saved'));
  }

  return (
    <ProfileSection title={t('profile.name.title')} lead={t('profile.name.lead')}>
      <form
        noValidate
        onSubmit={(event) => void form.submitWith(saveName, t('profile.failure'))(event)}
        className="flex flex-col gap-4 sm:flex-row sm:items-start"
      >
        <FormField
          form={form}
          name="name"
          label={t('profile.name.label')}
          autoComplete="name"
          wrapperClassName="min-w-0 flex-1"
        />
        <ExplainedButton
          type="submit"
          className="sm:mt-7"
          disabled={rename.isPending}
          disabledReason={unchanged && !rename.isPending ? t('profile.name.unchanged') : null}
        >
          {rename.isPending ? t('profile.name.submitting') : t('profile.name.submit')}
        </ExplainedButton>
      </form>
    </ProfileSection>
  );
}

/** The new address must not be the current one (read when the form is checked). */
function newEmailSchema(current: string) {
  return changeEmailRequestSchema.superRefine(({ email }, context) => {
    if (emailSchema.safeParse(email).success && email === current) {
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message: "C'est déjà votre adresse e-mail.",
      });
    }
  });
}

/** « Adresse e-mail de connexion »: a new address, confirmed with the current password. */
export function EmailSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const changeEmail = useChangeEmail();
  const schema = useMemo(() => newEmailSchema(profile.email), [profile.email]);
  const form = useSchemaForm(schema, {
    defaultValues: { email: '', password: '' },
    messages: (t) => ({
      email: { ...emailMessages(t), invalid: t('auth.validation.emailUnchanged') },
      password: currentPasswordMessages(t, 'currentPasswordRequired'),
    }),
    refusal: 'toast',
  });

  async function saveEmail(values: { email: string; password: string }) {
    const saved = await changeEmail.mutateAsync(values);
    form.reset();
    notify.success(t('profile.email.saved', { email: saved.email }));
  }

  return (
    <ProfileSection
      title={t('profile.email.title')}
      lead={
        <>
          {t('profile.email.current')}{' '}
          <strong className="font-semibold break-all text-slate-900">{profile.email}</strong>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => void form.submitWith(saveEmail, t('profile.failure'))(event)}
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="email"
            control={EmailField}
            label={t('profile.email.newEmail')}
            autoComplete="off"
            placeholder={t('profile.email.emailPlaceholder')}
          />
          <FormField
            form={form}
            name="password"
            control={PasswordField}
            label={t('profile.email.password')}
            autoComplete="current-password"
            hint={t('profile.email.passwordHint')}
          />
        </div>
        <div className="flex justify-end">
          <FormSubmitButton
            form={form}
            label={t('profile.email.submit')}
            pendingLabel={t('profile.email.submitting')}
            className="w-full sm:w-auto"
          />
        </div>
      </form>
    </ProfileSection>
  );
}

const changePasswordFormSchema = withConfirmation('newPassword', 'confirmPassword', {
  currentPassword: currentPasswordSchema,
});

/** « Mot de passe »: current, new, confirmation (spec §2 Profil); the other sessions close. */
export function PasswordSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const form = useSchemaForm(changePasswordFormSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    messages: (t) => ({
      currentPassword: currentPasswordMessages(t, 'currentPasswordRequired'),
      newPassword: passwordMessages(t),
      confirmPassword: confirmationMessages(t),
    }),
    refusal: 'toast',
  });

  async function savePassword(values: ChangePasswordRequest) {
    await changePassword.mutateAsync(values);
    form.reset();
    notify.success(t('profile.password.saved'));
  }

  return (
    <ProfileSection title={t('profile.password.title')} lead={t('profile.password.lead')}>
      <form
        noValidate
        onSubmit={(event) => void form.submitWith(savePassword, t('profile.failure'))(event)}
        className="space-y-4"
      >
        {/* For password managers: the account these passwords belong to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="currentPassword"
            control={PasswordField}
            label={t('profile.password.current')}
            autoComplete="current-password"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <NewPasswordFields
            form={form}
            names={{ password: 'newPassword', confirmation: 'confirmPassword' }}
            labels={{
              password: t('profile.password.new'),
              confirmation: t('profile.password.confirm'),
            }}
            hint={t('profile.password.newHint')}
          />
        </div>
        <div className="flex justify-end">
          <FormSubmitButton
            form={form}
            label={t('profile.password.submit')}
            pendingLabel={t('profile.password.submitting')}
            className="w-full sm:w-auto"
          />
        </div>
      </form>
    </ProfileSection>
  );
}
