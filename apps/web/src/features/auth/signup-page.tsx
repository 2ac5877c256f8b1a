import { useEffect, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { InputField } from '../../components/ui/field';
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
import { checkFields, firstInvalid, normalizeEmail, serverFieldErrors } from './validation';
import type { FieldError, FieldErrors } from './validation';

const FIELDS = ['name', 'schoolName', 'email', 'password'] as const;
type SignupField = (typeof FIELDS)[number];

type AvatarError = { problem: AvatarProblem } | { text: string };

/**
 * Signup (spec §2 Signup, §5): a school and its first member. Rules checked in the browser with
 * the spec's messages; the server's refusals land on their field (a taken e-mail on the e-mail);
 * on success the reader goes to the login page, which announces that the school is created.
 */
export function SignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.signup.title'));
  const navigate = useNavigate();
  const registration = useRegistration();
  const [values, setValues] = useState({ name: '', schoolName: '', email: '', password: '' });
  const [avatar, setAvatar] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});
  const [avatarError, setAvatarError] = useState<AvatarError | null>(null);

  // The login page comes next: fetched while the reader fills the form.
  useEffect(() => {
    pageModules.login().catch(() => undefined);
  }, []);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as SignupField;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) {
      const again = checkFields({ [field]: event.target.value } as Record<SignupField, string>);
      setErrors((current) => ({ ...current, [field]: again[field] }));
    }
  }

  function focusField(form: HTMLFormElement, field: SignupField) {
    (form.elements.namedItem(field) as HTMLInputElement | null)?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (registration.isPending) return;
    const form = event.currentTarget;
    const found = checkFields(values);
    setErrors(found);
    const invalid = firstInvalid(found, FIELDS);
    if (invalid) {
      focusField(form, invalid);
      return;
    }
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
      if (error.code === 'CONFLICT' || error.status === 409) {
        setErrors({ email: { text: error.serverMessage ?? t('auth.signup.emailTaken') } });
        focusField(form, 'email');
        return;
      }
      const onFields = serverFieldErrors(error.issues, FIELDS);
      const onAvatar = error.issues.find((issue) => issue.path === 'avatar');
      if (onAvatar) setAvatarError({ text: onAvatar.message });
      else if (error.code === 'PAYLOAD_TOO_LARGE') setAvatarError({ problem: 'tooLarge' });
      const first = firstInvalid(onFields, FIELDS);
      if (first) {
        setErrors(onFields);
        focusField(form, first);
      } else if (!onAvatar && error.code !== 'PAYLOAD_TOO_LARGE') {
        notify.error(error.serverMessage ?? t('auth.signup.failure'));
      }
      return;
    }
    const state: LoginState = { notice: 'registered', email };
    void navigate('/login', { state });
  }

  const message = (error: FieldError | undefined) =>
    error ? ('key' in error ? t(`auth.validation.${error.key}`) : error.text) : undefined;
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
          <InputField
            label={t('auth.signup.name')}
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={onChange}
            error={message(errors.name)}
          />
          <InputField
            label={t('auth.signup.schoolName')}
            name="schoolName"
            autoComplete="organization"
            value={values.schoolName}
            onChange={onChange}
            error={message(errors.schoolName)}
          />
        </div>
        <InputField
          label={t('auth.signup.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('auth.signup.emailPlaceholder')}
          value={values.email}
          onChange={onChange}
          error={message(errors.email)}
        />
        <PasswordField
          label={t('auth.signup.password')}
          name="password"
          autoComplete="new-password"
          hint={t('auth.signup.passwordHint')}
          value={values.password}
          onChange={onChange}
          error={message(errors.password)}
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
        <Button type="submit" size="lg" disabled={registration.isPending} className="w-full">
          <UserPlus aria-hidden="true" className="size-5" />
          {registration.isPending ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
