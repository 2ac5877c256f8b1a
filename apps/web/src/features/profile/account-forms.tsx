import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ExplainedButton, SubmitButton } from '../../components/ui/button';
import { EmailField, InputField } from '../../components/ui/field';
import { notify } from '../../components/ui/toaster';
import { NewPasswordFields, PasswordField } from '../auth/password-field';
import { useCheckedForm } from '../auth/use-checked-form';
import {
  checkField,
  checkNewPassword,
  checkPasswordGiven,
  fieldMessage,
  focusField,
  normalizeEmail,
} from '../auth/validation';
import type { FieldErrors } from '../auth/validation';
import type { Profile } from './profile.api';
import { useChangeEmail, useChangePassword, useRenameProfile } from './profile.api';
import { ProfileSection, useRefusal } from './profile-section';

const NAME_FIELDS = ['name'] as const;

/** « Nom »: the member's name (2 to 120 characters, as at signup). */
export function NameSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const rename = useRenameProfile();
  const refusal = useRefusal(NAME_FIELDS);
  // null: not edited, the saved name shows (and follows the server's).
  const [draft, setDraft] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<'name'>>({});
  const value = draft ?? profile.name;
  const unchanged = value.trim() === profile.name;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    setDraft(event.target.value);
    if (errors.name) setErrors(checkFieldErrors(event.target.value));
  }

  function checkFieldErrors(name: string): FieldErrors<'name'> {
    const key = checkField('name', name);
    return key ? { name: { key } } : {};
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rename.isPending) return;
    const form = event.currentTarget;
    const found = checkFieldErrors(value);
    setErrors(found);
    if (found.name) {
      focusField(form, 'name');
      return;
    }
    if (unchanged) return;
    try {
      await rename.mutateAsync(value.trim());
    } catch (caught) {
      refusal(caught, form, setErrors);
      return;
    }
    setDraft(null);
    notify.success(t('profile.name.saved'));
  }

  return (
    <ProfileSection title={t('profile.name.title')} lead={t('profile.name.lead')}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="flex flex-col gap-4 sm:flex-row sm:items-start"
      >
        <InputField
          label={t('profile.name.label')}
          name="name"
          autoComplete="name"
          wrapperClassName="min-w-0 flex-1"
          value={value}
          onChange={onChange}
          error={fieldMessage(t, errors.name)}
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

const EMAIL_FIELDS = ['email', 'password'] as const;
type EmailFormField = (typeof EMAIL_FIELDS)[number];

/** « Adresse e-mail de connexion »: a new address, confirmed with the current password. */
export function EmailSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const changeEmail = useChangeEmail();
  const refusal = useRefusal(EMAIL_FIELDS);
  const { values, setValues, setErrors, fieldProps, validate } = useCheckedForm(
    EMAIL_FIELDS,
    { email: '', password: '' },
    check,
  );

  function check(next: Record<EmailFormField, string>): FieldErrors<EmailFormField> {
    const found: FieldErrors<EmailFormField> = {};
    const emailKey = checkField('email', next.email);
    if (emailKey) found.email = { key: emailKey };
    else if (normalizeEmail(next.email) === profile.email) found.email = { key: 'emailUnchanged' };
    const passwordKey = checkPasswordGiven(next.password, 'currentPasswordRequired');
    if (passwordKey) found.password = { key: passwordKey };
    return found;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changeEmail.isPending) return;
    const form = event.currentTarget;
    if (!validate(form)) return;
    const email = normalizeEmail(values.email);
    let saved: Profile;
    try {
      saved = await changeEmail.mutateAsync({ email, password: values.password });
    } catch (caught) {
      refusal(caught, form, setErrors);
      return;
    }
    setValues({ email: '', password: '' });
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
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <EmailField
            label={t('profile.email.newEmail')}
            autoComplete="off"
            placeholder={t('profile.email.emailPlaceholder')}
            {...fieldProps('email')}
          />
          <PasswordField
            label={t('profile.email.password')}
            autoComplete="current-password"
            hint={t('profile.email.passwordHint')}
            {...fieldProps('password')}
          />
        </div>
        <div className="flex justify-end">
          <SubmitButton
            pending={changeEmail.isPending}
            label={t('profile.email.submit')}
            pendingLabel={t('profile.email.submitting')}
            className="w-full sm:w-auto"
          />
        </div>
      </form>
    </ProfileSection>
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type PasswordFormField = (typeof PASSWORD_FIELDS)[number];
const NEW_PASSWORD = { password: 'newPassword', confirmation: 'confirmPassword' } as const;
const EMPTY_PASSWORDS: Record<PasswordFormField, string> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** « Mot de passe »: current, new, confirmation (spec §2 Profil); the other sessions close. */
export function PasswordSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const refusal = useRefusal(PASSWORD_FIELDS);
  const { values, setValues, setErrors, fieldProps, validate } = useCheckedForm(
    PASSWORD_FIELDS,
    EMPTY_PASSWORDS,
    check,
  );

  function check(next: Record<PasswordFormField, string>): FieldErrors<PasswordFormField> {
    const found: FieldErrors<PasswordFormField> = {};
    const currentKey = checkPasswordGiven(next.currentPassword, 'currentPasswordRequired');
    if (currentKey) found.currentPassword = { key: currentKey };
    return {
      ...found,
      ...checkNewPassword(NEW_PASSWORD, next.newPassword, next.confirmPassword),
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changePassword.isPending) return;
    const form = event.currentTarget;
    if (!validate(form)) return;
    try {
      await changePassword.mutateAsync(values);
    } catch (caught) {
      refusal(caught, form, setErrors);
      return;
    }
    setValues(EMPTY_PASSWORDS);
    notify.success(t('profile.password.saved'));
  }

  return (
    <ProfileSection title={t('profile.password.title')} lead={t('profile.password.lead')}>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-4">
        {/* For password managers: the account these passwords belong to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label={t('profile.password.current')}
            autoComplete="current-password"
            {...fieldProps('currentPassword')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <NewPasswordFields
            labels={{
              password: t('profile.password.new'),
              confirmation: t('profile.password.confirm'),
            }}
            hint={t('profile.password.newHint')}
            password={fieldProps('newPassword')}
            confirmation={fieldProps('confirmPassword')}
          />
        </div>
        <div className="flex justify-end">
          <SubmitButton
            pending={changePassword.isPending}
            label={t('profile.password.submit')}
            pendingLabel={t('profile.password.submitting')}
            className="w-full sm:w-auto"
          />
        </div>
      </form>
    </ProfileSection>
  );
}
