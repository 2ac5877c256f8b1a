import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { SubmitButton } from '../../components/ui/button';
import { EmailField, InputField } from '../../components/ui/field';
import { notify } from '../../components/ui/toaster';
import { ApiClientError, NetworkError } from '../../lib/api-client';
import { pageModules } from '../../app/page-modules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRegistration } from './auth.api';
import { AuthLayout, AuthSwitchLink } from './auth-layout';
import { AvatarField } from './avatar-field';
import type { AvatarProblem } from './avatar-field';
import type { LoginState } from './login-page';
import { PasswordField } from './password-field';
import { useCheckedForm } from './use-checked-form';
import { applyServerIssues, checkFields, normalizeEmail } from './validation';

const FIELDS = ['name', 'schoolName', 'email', 'password'] as const;

type AvatarError = { problem: AvatarProblem } | { text: string };

/**
 * Signup (spec §2 Signup, §5): a school and its first member. Rules checked in the browser with
 * the spec's messages; the server's refusals land on their field. The server answers the same
 * whether the address already has an account or not (the rest goes by e-mail), so on success the
 * reader goes to the login page, which says to check the mailbox — and that a new school is ready.
 */
export function SignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.signup.title'));
  const navigate = useNavigate();
  const registration = useRegistration();
  const { values, setErrors, fieldProps, validate } = useCheckedForm(
    FIELDS,
    { name: '', schoolName: '', email: '', password: '' },
    checkFields,
  );
  const [avatar, setAvatar] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<AvatarError | null>(null);

  // The login page comes next: fetched while the reader fills the form.
  useEffect(() => {
    pageModules.login().catch(() => undefined);
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (registration.isPending) return;
    const form = event.currentTarget;
    if (!validate(form)) return;
    const email = normalizeEmail(values.email);
    try {
      await registration.mutateAsync({
        name: values.name.trim(),
        schoolName: values.schoolName.trim(),
        email,
        password: values.password,
        ...(avatar ? { avatar } : {}),
      });
    } catch (error) {
      if (error instanceof NetworkError) {
        notify.error(t('common.networkError'));
        return;
      }
      if (!(error instanceof ApiClientError)) {
        notify.error(t('auth.signup.failure'));
        return;
      }
      const onAvatar = error.issues.find((issue) => issue.path === 'avatar');
      if (onAvatar) setAvatarError({ text: onAvatar.message });
      else if (error.code === 'PAYLOAD_TOO_LARGE') setAvatarError({ problem: 'tooLarge' });
      const onFields = applyServerIssues(form, error.issues, FIELDS, setErrors);
      if (!onFields && !onAvatar && error.code !== 'PAYLOAD_TOO_LARGE') {
        notify.error(error.serverMessage ?? t('auth.signup.failure'));
      }
      return;
    }
    const state: LoginState = { notice: 'registered', email };
    void navigate('/login', { state });
  }

  const avatarMessage = avatarError
    ? 'problem' in avatarError
      ? t(`auth.avatar.${avatarError.problem}`)
      : avatarError.text
    : undefined;

  return (
    <AuthLayout
      wide
      title={t('auth.signup.title')}
      lead={t('auth.signup.lead')}
      footer={
        <AuthSwitchLink
          to="/login"
          text={t('auth.signup.hasAccount')}
          action={t('auth.signup.loginLink')}
        />
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField label={t('auth.signup.name')} autoComplete="name" {...fieldProps('name')} />
          <InputField
            label={t('auth.signup.schoolName')}
            autoComplete="organization"
            {...fieldProps('schoolName')}
          />
        </div>
        <EmailField
          label={t('auth.signup.email')}
          placeholder={t('auth.signup.emailPlaceholder')}
          {...fieldProps('email')}
        />
        <PasswordField
          label={t('auth.signup.password')}
          autoComplete="new-password"
          hint={t('auth.signup.passwordHint')}
          {...fieldProps('password')}
        />
        <AvatarField
          value={avatar}
          error={avatarMessage}
          onSelect={(dataUrl) => {
            setAvatar(dataUrl);
            setAvatarError(null);
          }}
          onRemove={() => {
            setAvatar(null);
            setAvatarError(null);
          }}
          onProblem={(problem) => setAvatarError({ problem })}
        />
        <SubmitButton
          size="lg"
          pending={registration.isPending}
          label={t('auth.signup.submit')}
          pendingLabel={t('auth.signup.submitting')}
          icon={<UserPlus aria-hidden="true" className="size-5" />}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
