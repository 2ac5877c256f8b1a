import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ExplainedButton } from '../../components/ui/button';
import { InputField } from '../../components/ui/field';
import { notify } from '../../components/ui/toaster';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { PasswordField } from '../auth/password-field';
import {
  checkField,
  checkNewPassword,
  checkPasswordGiven,
  firstInvalid,
  normalizeEmail,
  serverFieldErrors,
} from '../auth/validation';
import type { FieldErrors } from '../auth/validation';
import type { Profile } from './profile.api';
import { useChangeEmail, useChangePassword, useRenameProfile } from './profile.api';
import { fieldMessage, focusField, ProfileSection } from './profile-section';

/**
 * The server's refusal of a form: on its fields when it names them (a taken address, a wrong
 * password), else a toast. Returns the errors to show (empty when it went to a toast).
 */
function useRefusal<Field extends string>(fields: readonly Field[]) {
  const { t } = useTranslation();
  return (caught: unknown, form: HTMLFormElement): FieldErrors<Field> => {
    if (caught instanceof ApiClientError) {
      const onFields = serverFieldErrors(caught.issues, fields);
      const first = firstInvalid(onFields, fields);
      if (first) {
        focusField(form, first);
        return onFields;
      }
    }
    notify.error(errorMessage(caught, t, t('profile.failure')));
    return {};
  };
}

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
      setErrors(refusal(caught, form));
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
type EmailField = (typeof EMAIL_FIELDS)[number];

/** « Adresse e-mail de connexion »: a new address, confirmed with the current password. */
export function EmailSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const changeEmail = useChangeEmail();
  const refusal = useRefusal(EMAIL_FIELDS);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<EmailField>>({});

  function check(next: typeof values): FieldErrors<EmailField> {
    const found: FieldErrors<EmailField> = {};
    const emailKey = checkField('email', next.email);
    if (emailKey) found.email = { key: emailKey };
    else if (normalizeEmail(next.email) === profile.email) found.email = { key: 'emailUnchanged' };
    const passwordKey = checkPasswordGiven(next.password, 'currentPasswordRequired');
    if (passwordKey) found.password = { key: passwordKey };
    return found;
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as EmailField;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check(next)[field] }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changeEmail.isPending) return;
    const form = event.currentTarget;
    const found = check(values);
    setErrors(found);
    const invalid = firstInvalid(found, EMAIL_FIELDS);
    if (invalid) {
      focusField(form, invalid);
      return;
    }
    const email = normalizeEmail(values.email);
    let saved: Profile;
    try {
      saved = await changeEmail.mutateAsync({ email, password: values.password });
    } catch (caught) {
      setErrors(refusal(caught, form));
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
          <InputField
            label={t('profile.email.newEmail')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('profile.email.emailPlaceholder')}
            value={values.email}
            onChange={onChange}
            error={fieldMessage(t, errors.email)}
          />
          <PasswordField
            label={t('profile.email.password')}
            name="password"
            autoComplete="current-password"
            hint={t('profile.email.passwordHint')}
            value={values.password}
            onChange={onChange}
            error={fieldMessage(t, errors.password)}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={changeEmail.isPending} className="w-full sm:w-auto">
            {changeEmail.isPending ? t('profile.email.submitting') : t('profile.email.submit')}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type PasswordFormField = (typeof PASSWORD_FIELDS)[number];
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
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors<PasswordFormField>>({});

  function check(next: typeof values): FieldErrors<PasswordFormField> {
    const found: FieldErrors<PasswordFormField> = {};
    const currentKey = checkPasswordGiven(next.currentPassword, 'currentPasswordRequired');
    if (currentKey) found.currentPassword = { key: currentKey };
    return {
      ...found,
      ...checkNewPassword(
        { password: 'newPassword', confirmation: 'confirmPassword' },
        next.newPassword,
        next.confirmPassword,
      ),
    };
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as PasswordFormField;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check(next)[field] }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changePassword.isPending) return;
    const form = event.currentTarget;
    const found = check(values);
    setErrors(found);
    const invalid = firstInvalid(found, PASSWORD_FIELDS);
    if (invalid) {
      focusField(form, invalid);
      return;
    }
    try {
      await changePassword.mutateAsync(values);
    } catch (caught) {
      setErrors(refusal(caught, form));
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
            name="currentPassword"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={onChange}
            error={fieldMessage(t, errors.currentPassword)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label={t('profile.password.new')}
            name="newPassword"
            autoComplete="new-password"
            hint={t('profile.password.newHint')}
            value={values.newPassword}
            onChange={onChange}
            error={fieldMessage(t, errors.newPassword)}
          />
          <PasswordField
            label={t('profile.password.confirm')}
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={onChange}
            error={fieldMessage(t, errors.confirmPassword)}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={changePassword.isPending} className="w-full sm:w-auto">
            {changePassword.isPending
              ? t('profile.password.submitting')
              : t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
