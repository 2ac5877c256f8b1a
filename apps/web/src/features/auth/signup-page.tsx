import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { registrationRequestSchema } from '@ecolage/contracts';
import { EmailField } from '../../components/ui/field';
import { FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { ApiClientError } from '../../lib/api-client';
import { pageModules } from '../../app/page-modules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRegistration } from './auth.api';
import { AuthLayout, AuthSwitchLink } from './auth-layout';
import { AvatarField } from './avatar-field';
import type { AvatarProblem } from './avatar-field';
import type { RegistrationRequest } from '@ecolage/contracts';
import type { LoginState } from './login-page';
import { PasswordField } from './password-field';
import { emailMessages, nameMessages, passwordMessages, schoolNameMessages } from './validation';

/** What the form checks (the photo is checked apart, when it is read). */
const signupFormSchema = registrationRequestSchema.omit({ avatar: true });

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
  const form = useSchemaForm(signupFormSchema, {
    defaultValues: { name: '', schoolName: '', email: '', password: '' },
    messages: (t) => ({
      name: nameMessages(t),
      schoolName: schoolNameMessages(t),
      email: emailMessages(t),
      password: passwordMessages(t),
    }),
    refusal: 'toast',
  });
  const [avatar, setAvatar] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<AvatarError | null>(null);

  // The login page comes next: fetched while the reader fills the form.
  useEffect(() => {
    pageModules.login().catch(() => undefined);
  }, []);

  async function register(values: RegistrationRequest) {
    try {
      await registration.mutateAsync({ ...values, ...(avatar ? { avatar } : {}) });
    } catch (error) {
      // The photo's refusal goes under it; the rest, on its field or in a toast.
      const onAvatar =
        error instanceof ApiClientError
          ? error.issues.find((issue) => issue.path === 'avatar')
          : undefined;
      if (onAvatar) setAvatarError({ text: onAvatar.message });
      else if (error instanceof ApiClientError && error.code === 'PAYLOAD_TOO_LARGE') {
        setAvatarError({ problem: 'tooLarge' });
      } else throw error;
      return;
    }
    const state: LoginState = { notice: 'registered', email: values.email };
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
      <form
        noValidate
        onSubmit={(event) => void form.submitWith(register, t('auth.signup.failure'))(event)}
        className="space-y-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField form={form} name="name" label={t('auth.signup.name')} autoComplete="name" />
          <FormField
            form={form}
            name="schoolName"
            label={t('auth.signup.schoolName')}
            autoComplete="organization"
          />
        </div>
        <FormField
          form={form}
          name="email"
          control={EmailField}
          label={t('auth.signup.email')}
          placeholder={t('auth.signup.emailPlaceholder')}
        />
        <FormField
          form={form}
          name="password"
          control={PasswordField}
          label={t('auth.signup.password')}
          autoComplete="new-password"
          hint={t('auth.signup.passwordHint')}
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
        <FormSubmitButton
          form={form}
          size="lg"
          label={t('auth.signup.submit')}
          pendingLabel={t('auth.signup.submitting')}
          icon={<UserPlus aria-hidden="true" className="size-5" />}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
