import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeyRound, Link2Off, MailCheck, Send } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button';
import { InputField } from '../../components/ui/field';
import { notify } from '../../components/ui/toaster';
import { addFrenchStrings } from '../../i18n/add-strings';
import { passwordReset } from '../../i18n/fr/password-reset';
import { ApiClientError, NetworkError, postJson } from '../../lib/api-client';
import { pageModules } from '../../app/page-modules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, AuthSwitchLink } from './auth-layout';
import type { LoginState } from './login-page';
import { PasswordField } from './password-field';
import {
  checkFields,
  checkNewPassword,
  firstInvalid,
  normalizeEmail,
  readLinkToken,
  serverFieldErrors,
} from './validation';
import type { FieldError, FieldErrors } from './validation';

addFrenchStrings(passwordReset);

export const passwordResetKeys = {
  all: ['password-reset'] as const,
  request: () => [...passwordResetKeys.all, 'request'] as const,
  confirm: () => [...passwordResetKeys.all, 'confirm'] as const,
};

/** A string field of a JSON answer (`message`, `email`), or undefined. */
function textOf(answer: unknown, key: string): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const value = (answer as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function useRequestPasswordReset() {
  const { i18n } = useTranslation();
  return useMutation({
    mutationKey: passwordResetKeys.request(),
    mutationFn: async (email: string) =>
      textOf(
        await postJson('/api/auth/password-reset', { email }, { language: i18n.language }),
        'message',
      ),
  });
}

function useConfirmPasswordReset() {
  const { i18n } = useTranslation();
  return useMutation({
    mutationKey: passwordResetKeys.confirm(),
    mutationFn: async (input: { token: string; password: string }) => {
      const answer = await postJson('/api/auth/password-reset/confirm', input, {
        language: i18n.language,
      });
      // The account's address, when the server tells it: the login page fills it in.
      return { email: textOf(answer, 'email') };
    },
  });
}

function readEmailState(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const { email } = state as LoginState;
  return typeof email === 'string' ? email : '';
}

function RememberedLink() {
  const { t } = useTranslation();
  return (
    <AuthSwitchLink
      to="/login"
      text={t('passwordReset.remembered')}
      action={t('passwordReset.loginLink')}
    />
  );
}

/**
 * « Mot de passe oublié ? » (/mot-de-passe-oublie): the account's address, then the server's
 * answer, the same whether the account exists or not (nobody learns who has an account here).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordReset.forgot.title'));
  const location = useLocation();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState(() => readEmailState(location.state));
  const [error, setError] = useState<FieldError | undefined>();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [focusEmail, setFocusEmail] = useState(false);

  useEffect(() => {
    if (sent) sentHeadingRef.current?.focus();
  }, [sent]);

  useEffect(() => {
    if (!sent && focusEmail) emailRef.current?.focus();
  }, [sent, focusEmail]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    setEmail(event.target.value);
    if (error) setError(checkFields({ email: event.target.value }).email);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    const found = checkFields({ email }).email;
    setError(found);
    if (found) {
      emailRef.current?.focus();
      return;
    }
    const address = normalizeEmail(email);
    let message: string | undefined;
    try {
      message = await request.mutateAsync(address);
    } catch (caught) {
      if (caught instanceof NetworkError) {
        notify.error(t('common.networkError'));
        return;
      }
      if (caught instanceof ApiClientError) {
        const onEmail = serverFieldErrors(caught.issues, ['email'] as const).email;
        if (onEmail) {
          setError(onEmail);
          emailRef.current?.focus();
          return;
        }
        notify.error(caught.serverMessage ?? t('passwordReset.forgot.failure'));
        return;
      }
      notify.error(t('passwordReset.forgot.failure'));
      return;
    }
    setSent({ email: address, message: message ?? t('passwordReset.forgot.sent') });
  }

  if (sent) {
    return (
      <AuthLayout
        title={t('passwordReset.forgot.title')}
        lead={t('passwordReset.forgot.lead')}
        footer={<RememberedLink />}
      >
        <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5">
          <div className="flex items-start gap-3">
            <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
            <div className="min-w-0">
              <h2
                ref={sentHeadingRef}
                tabIndex={-1}
                className="text-lg font-bold text-emerald-950 focus:outline-none"
              >
                {t('passwordReset.forgot.sentTitle')}
              </h2>
              <p className="mt-2 text-slate-800">{sent.message}</p>
              <p className="mt-2 font-semibold break-all text-slate-900">{sent.email}</p>
              <p className="mt-3 text-sm text-slate-700">{t('passwordReset.forgot.spam')}</p>
            </div>
          </div>
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <ButtonLink
            to="/login"
            state={{ email: sent.email } satisfies LoginState}
            className="sm:flex-1"
          >
            {t('passwordReset.loginLink')}
          </ButtonLink>
          <Button
            variant="secondary"
            className="sm:flex-1"
            onClick={() => {
              setSent(null);
              setFocusEmail(true);
            }}
          >
            {t('passwordReset.forgot.again')}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  const message = error ? ('key' in error ? t(`auth.validation.${error.key}`) : error.text) : '';
  return (
    <AuthLayout
      title={t('passwordReset.forgot.title')}
      lead={t('passwordReset.forgot.lead')}
      footer={<RememberedLink />}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-5">
        <InputField
          ref={emailRef}
          label={t('passwordReset.forgot.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('passwordReset.forgot.emailPlaceholder')}
          value={email}
          onChange={onChange}
          error={message || undefined}
        />
        <Button type="submit" size="lg" disabled={request.isPending} className="w-full">
          <Send aria-hidden="true" className="size-5" />
          {request.isPending
            ? t('passwordReset.forgot.submitting')
            : t('passwordReset.forgot.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** The reset link is missing, used or expired: say so, with the way to a new one. */
function InvalidResetLink() {
  const { t } = useTranslation();
  return (
    <AuthLayout
      icon={
        <span className="mb-5 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
          <Link2Off aria-hidden="true" className="size-7" />
        </span>
      }
      title={t('passwordReset.reset.invalidTitle')}
      lead={t('passwordReset.reset.invalid')}
      footer={<RememberedLink />}
    >
      <ButtonLink to="/mot-de-passe-oublie" size="lg" className="w-full">
        {t('passwordReset.reset.requestNew')}
      </ButtonLink>
    </AuthLayout>
  );
}

const RESET_FIELDS = ['password', 'confirmation'] as const;
type ResetField = (typeof RESET_FIELDS)[number];

/**
 * /reinitialiser-mot-de-passe?token=… (the e-mailed link): the new password and its
 * confirmation. On success the login page, with the address when the server gives it; a used or
 * expired link, a clear state with the way to ask for a new one.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = readLinkToken(searchParams);
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const [values, setValues] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const [invalidLink, setInvalidLink] = useState(false);
  const unusable = token === null || invalidLink;
  useDocumentTitle(
    unusable ? t('passwordReset.reset.invalidTitle') : t('passwordReset.reset.title'),
  );

  useEffect(() => {
    pageModules.login().catch(() => undefined);
  }, []);

  if (unusable) return <InvalidResetLink />;

  const check = (next: typeof values) =>
    checkNewPassword(
      { password: 'password', confirmation: 'confirmation' },
      next.password,
      next.confirmation,
    );

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as ResetField;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check(next)[field] }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>, linkToken: string) {
    event.preventDefault();
    if (confirm.isPending) return;
    const form = event.currentTarget;
    const focus = (field: ResetField) =>
      (form.elements.namedItem(field) as HTMLInputElement | null)?.focus();
    const found = check(values);
    setErrors(found);
    const invalid = firstInvalid(found, RESET_FIELDS);
    if (invalid) {
      focus(invalid);
      return;
    }
    let email: string | undefined;
    try {
      ({ email } = await confirm.mutateAsync({ token: linkToken, password: values.password }));
    } catch (error) {
      if (error instanceof NetworkError) {
        notify.error(t('common.networkError'));
        return;
      }
      if (error instanceof ApiClientError) {
        if (error.issues.some((issue) => issue.path === 'token')) {
          setInvalidLink(true);
          return;
        }
        const onFields = serverFieldErrors(error.issues, RESET_FIELDS);
        const first = firstInvalid(onFields, RESET_FIELDS);
        if (first) {
          setErrors(onFields);
          focus(first);
          return;
        }
        notify.error(error.serverMessage ?? t('passwordReset.reset.failure'));
        return;
      }
      notify.error(t('passwordReset.reset.failure'));
      return;
    }
    // The server has closed every session of the account: the login page asks for the new
    // password even if a session is still kept here.
    const state: LoginState = { notice: 'passwordReset', ...(email ? { email } : {}) };
    void navigate('/login', { state });
  }

  const message = (error: FieldError | undefined) =>
    error ? ('key' in error ? t(`auth.validation.${error.key}`) : error.text) : undefined;

  return (
    <AuthLayout
      title={t('passwordReset.reset.title')}
      lead={t('passwordReset.reset.lead')}
      footer={<RememberedLink />}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event, token)} className="space-y-5">
        <PasswordField
          label={t('passwordReset.reset.password')}
          name="password"
          autoComplete="new-password"
          hint={t('passwordReset.reset.passwordHint')}
          value={values.password}
          onChange={onChange}
          error={message(errors.password)}
        />
        <PasswordField
          label={t('passwordReset.reset.confirm')}
          name="confirmation"
          autoComplete="new-password"
          value={values.confirmation}
          onChange={onChange}
          error={message(errors.confirmation)}
        />
        <Button type="submit" size="lg" disabled={confirm.isPending} className="w-full">
          <KeyRound aria-hidden="true" className="size-5" />
          {confirm.isPending
            ? t('passwordReset.reset.submitting')
            : t('passwordReset.reset.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}
