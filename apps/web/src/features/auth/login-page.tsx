import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LogIn, MailCheck } from 'lucide-react';
import { EmailField } from '../../components/ui/field';
import { FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { pageModuleFor, pageModules } from '../../app/page-modules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLogin } from './auth.api';
import { AuthLayout, AuthSwitchLink } from './auth-layout';
import { PasswordField } from './password-field';
import { DEFAULT_AFTER_LOGIN, safeNextPath } from './safe-next';
import { getSession } from './session-store';
import { emailMessages, loginFormSchema, passwordMessages } from './validation';

const NOTICES = ['registered', 'expired', 'invitationAccepted', 'passwordReset'] as const;
type LoginNotice = (typeof NOTICES)[number];

/** What other pages hand to the login page through the router state. */
export interface LoginState {
  /**
   * A notice to show once: the school was just created, the session ended, an invitation was
   * accepted or the password was reset.
   */
  notice?: LoginNotice;
  /** The address to fill in (just registered, invited, reset); also what the forgotten-password page starts from. */
  email?: string;
  /** The protected page that sent the reader here (as `?next=`). */
  from?: string;
}

function readLoginState(state: unknown): LoginState {
  if (typeof state !== 'object' || state === null) return {};
  const { notice, email, from } = state as Record<string, unknown>;
  return {
    ...(NOTICES.includes(notice as LoginNotice) ? { notice: notice as LoginNotice } : {}),
    ...(typeof email === 'string' ? { email } : {}),
    ...(typeof from === 'string' ? { from } : {}),
  };
}

/**
 * Login (spec §2, §5, §8): e-mail and password checked in the browser with the spec's messages
 * under the fields; the server's refusal as an error toast; on success the session is saved and
 * the reader goes to the page that sent them here (same-site paths only), else to /admin.
 */
export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.login.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const state = readLoginState(location.state);
  const next =
    safeNextPath(searchParams.get('next')) ?? safeNextPath(state.from) ?? DEFAULT_AFTER_LOGIN;
  const login = useLogin();
  // Decided once: a member already signed in has nothing to do here, unless another page sent
  // them to sign in afresh (an invitation accepted, a password reset, a new school: the session
  // kept here may be another account's, revoked, or unaware of the new school).
  const [signedInAlready] = useState(
    () => getSession() !== null && !state.notice && state.email === undefined,
  );
  const form = useSchemaForm(loginFormSchema, {
    defaultValues: { email: state.email ?? '', password: '' },
    messages: (t) => ({ email: emailMessages(t), password: passwordMessages(t) }),
    refusal: 'toast',
  });
  const typedEmail = useWatch({ control: form.control, name: 'email' });

  // Fetched while the reader types, so the page after login opens without a spinner.
  useEffect(() => {
    pageModules[pageModuleFor(new URL(next, window.location.origin).pathname)]().catch(
      () => undefined,
    );
  }, [next]);

  const { notice } = state;
  useEffect(() => {
    if (!notice) return;
    // A fixed id: shown once even if the effect runs twice (StrictMode, language change).
    const options = { id: 'auth-notice' };
    // A sign-up's outcome stays on the page instead (below): it asks the reader to act.
    if (notice === 'registered') return;
    if (notice === 'invitationAccepted')
      notify.success(t('auth.notice.invitationAccepted'), options);
    else if (notice === 'passwordReset') notify.success(t('auth.notice.passwordReset'), options);
    else notify.error(t('auth.session.expired'), options);
  }, [notice, t]);

  if (signedInAlready) return <Navigate to={next} replace />;

  async function logIn(values: { email: string; password: string }) {
    const session = await login.mutateAsync(values);
    notify.success(t('auth.login.success'));
    // A platform operator without a school has only the operator console to open.
    const target = session.operatorOnly && !next.startsWith('/operateur') ? '/operateur' : next;
    void navigate(target, { replace: true });
  }

  return (
    <AuthLayout
      title={t('auth.login.title')}
      lead={t('auth.login.lead')}
      footer={
        <AuthSwitchLink
          to="/signup"
          text={t('auth.login.noAccount')}
          action={t('auth.login.signupLink')}
        />
      }
    >
      <form
        noValidate
        onSubmit={(event) => void form.submitWith(logIn, t('auth.login.failure'))(event)}
        className="space-y-5"
      >
        {notice === 'registered' ? (
          <p
            role="status"
            className="flex gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-2.5 text-sm font-medium text-green-900"
          >
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t('auth.signup.success')}</span>
          </p>
        ) : null}
        <FormField
          form={form}
          name="email"
          control={EmailField}
          label={t('auth.login.email')}
          placeholder={t('auth.login.emailPlaceholder')}
        />
        <div>
          <FormField
            form={form}
            name="password"
            control={PasswordField}
            label={t('auth.login.password')}
            autoComplete="current-password"
          />
          <p className="mt-2 text-right text-sm">
            <Link
              to="/mot-de-passe-oublie"
              state={{ email: typedEmail.trim() } satisfies LoginState}
              className="rounded font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {t('auth.login.forgotPassword')}
            </Link>
          </p>
        </div>
        <FormSubmitButton
          form={form}
          size="lg"
          label={t('auth.login.submit')}
          pendingLabel={t('auth.login.submitting')}
          icon={<LogIn aria-hidden="true" className="size-5" />}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
