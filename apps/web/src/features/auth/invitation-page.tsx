import { useEffect, useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MailX, UserCheck } from 'lucide-react';
import { ButtonLink, Button } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { addFrenchStrings } from '../../i18n/add-strings';
import { invitation } from '../../i18n/fr/invitation';
import { ApiClientError, getJson, NetworkError, postJson } from '../../lib/api-client';
import { pageModules } from '../../app/page-modules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, AuthSwitchLink } from './auth-layout';
import type { LoginState } from './login-page';
import { PasswordField } from './password-field';
import {
  checkNewPassword,
  checkPasswordGiven,
  firstInvalid,
  readLinkToken,
  serverFieldErrors,
} from './validation';
import type { FieldError, FieldErrors } from './validation';

addFrenchStrings(invitation);

/** `GET /api/invitations/preview`: what the invitation offers, before it is accepted. */
export interface InvitationPreview {
  schoolName: string;
  name: string;
  email: string;
  roleName: string;
  /** The address already has an Écolage account: the person confirms with its password. */
  hasAccount: boolean;
}

function isPreview(value: unknown): value is InvitationPreview {
  if (typeof value !== 'object' || value === null) return false;
  const preview = value as Record<string, unknown>;
  return (
    ['schoolName', 'name', 'email', 'roleName'].every((key) => typeof preview[key] === 'string') &&
    typeof preview.hasAccount === 'boolean'
  );
}

/** The link cannot be used: the server says so (400 on the token) or it is not a token at all. */
function isInvalidLink(error: unknown): boolean {
  return (
    error instanceof ApiClientError &&
    (error.issues.some((issue) => issue.path === 'token') ||
      error.status === 400 ||
      error.status === 404)
  );
}

export const invitationKeys = {
  all: ['invitation'] as const,
  preview: (token: string) => [...invitationKeys.all, 'preview', token] as const,
  accept: () => [...invitationKeys.all, 'accept'] as const,
};

function useInvitationPreview(token: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: invitationKeys.preview(token ?? ''),
    queryFn: async ({ signal }) => {
      const answer = await getJson(
        `/api/invitations/preview?token=${encodeURIComponent(token ?? '')}`,
        { signal, language: i18n.language },
      );
      if (!isPreview(answer)) throw new Error('Unexpected answer');
      return answer;
    },
    enabled: token !== null,
    // A refused link stays refused; only a lost connection is worth a second try.
    retry: (count, error) => error instanceof NetworkError && count < 1,
    staleTime: Infinity,
  });
}

function useAcceptInvitation() {
  const { i18n } = useTranslation();
  return useMutation({
    mutationKey: invitationKeys.accept(),
    mutationFn: async (input: { token: string; password: string }) => {
      const answer = await postJson('/api/invitations/accept', input, { language: i18n.language });
      const email =
        typeof answer === 'object' && answer !== null && 'email' in answer
          ? answer.email
          : undefined;
      return { email: typeof email === 'string' ? email : undefined };
    },
  });
}

/** The link is missing, used, expired or wrong: say so, with the way home. */
function InvalidInvitation() {
  const { t } = useTranslation();
  useDocumentTitle(t('invitation.invalidTitle'));
  return (
    <AuthLayout
      icon={
        <span className="mb-5 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
          <MailX aria-hidden="true" className="size-7" />
        </span>
      }
      title={t('invitation.invalidTitle')}
      lead={t('invitation.invalid')}
      footer={
        <AuthSwitchLink
          to="/login"
          text={t('invitation.hasAccess')}
          action={t('invitation.loginLink')}
        />
      }
    >
      <ButtonLink to="/" size="lg" className="w-full">
        {t('invitation.home')}
      </ButtonLink>
    </AuthLayout>
  );
}

/** The preview could not be fetched (network): try again. */
function InvitationLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('invitation.title'));
  return (
    <AuthLayout
      title={t('invitation.loadErrorTitle')}
      lead={t('invitation.loadError')}
      footer={
        <AuthSwitchLink
          to="/login"
          text={t('invitation.hasAccess')}
          action={t('invitation.loginLink')}
        />
      }
    >
      <Button size="lg" className="w-full" onClick={onRetry} disabled={retrying}>
        {t('invitation.retry')}
      </Button>
    </AuthLayout>
  );
}

function InvitationLoading() {
  const { t } = useTranslation();
  useDocumentTitle(t('invitation.title'));
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-4">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
      />
      <span className="text-slate-700">{t('invitation.loading')}</span>
    </div>
  );
}

const NEW_FIELDS = ['password', 'confirmation'] as const;
type InvitationField = (typeof NEW_FIELDS)[number];

/**
 * The invitation itself: who invites, with which role, whom; then the password (chosen for a new
 * account, with its confirmation; or the existing account's own). On success, the login page
 * with the address filled in and the server's welcome as a toast.
 */
function AcceptInvitationForm({
  token,
  preview,
  onInvalidLink,
}: {
  token: string;
  preview: InvitationPreview;
  onInvalidLink: () => void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('invitation.title'));
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const headingId = useId();
  const [values, setValues] = useState({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<InvitationField>>({});
  const newAccount = !preview.hasAccount;

  function check(next: typeof values): FieldErrors<InvitationField> {
    if (newAccount) {
      return checkNewPassword(
        { password: 'password', confirmation: 'confirmation' },
        next.password,
        next.confirmation,
      );
    }
    const key = checkPasswordGiven(next.password);
    return key ? { password: { key } } : {};
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as InvitationField;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Once shown, a message goes away as soon as the value is fixed.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check(next)[field] }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (accept.isPending) return;
    const form = event.currentTarget;
    const focus = (field: InvitationField) =>
      (form.elements.namedItem(field) as HTMLInputElement | null)?.focus();
    const found = check(values);
    setErrors(found);
    const invalid = firstInvalid(found, NEW_FIELDS);
    if (invalid) {
      focus(invalid);
      return;
    }
    let email: string;
    try {
      email =
        (await accept.mutateAsync({ token, password: values.password })).email ?? preview.email;
    } catch (error) {
      if (error instanceof NetworkError) {
        notify.error(t('common.networkError'));
        return;
      }
      if (error instanceof ApiClientError) {
        if (error.issues.some((issue) => issue.path === 'token')) {
          onInvalidLink();
          return;
        }
        const onFields = serverFieldErrors(error.issues, NEW_FIELDS);
        const first = firstInvalid(onFields, NEW_FIELDS);
        if (first) {
          setErrors(onFields);
          focus(first);
          return;
        }
        notify.error(error.serverMessage ?? t('invitation.failure'));
        return;
      }
      notify.error(t('invitation.failure'));
      return;
    }
    // The login page asks for this account even if a session is kept here (another account's,
    // or this one's, unaware of the new school).
    const state: LoginState = { notice: 'invitationAccepted', email };
    void navigate('/login', { state });
  }

  const message = (error: FieldError | undefined) =>
    error ? ('key' in error ? t(`auth.validation.${error.key}`) : error.text) : undefined;

  return (
    <AuthLayout
      title={t('invitation.heading', { school: preview.schoolName })}
      lead={t('invitation.lead', { school: preview.schoolName, role: preview.roleName })}
      footer={
        <AuthSwitchLink
          to="/login"
          text={t('invitation.hasAccess')}
          action={t('invitation.loginLink')}
        />
      }
    >
      <dl
        aria-label={t('invitation.invitee')}
        className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6"
      >
        <dt className="font-medium text-slate-600">{t('invitation.name')}</dt>
        <dd className="-mt-2 font-semibold break-words text-slate-900 sm:mt-0">{preview.name}</dd>
        <dt className="font-medium text-slate-600">{t('invitation.email')}</dt>
        <dd className="-mt-2 font-semibold break-all text-slate-900 sm:mt-0">{preview.email}</dd>
      </dl>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void handleSubmit(event)}
        className="mt-8 space-y-5"
      >
        <div>
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            {newAccount ? t('invitation.newAccount.title') : t('invitation.existingAccount.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {newAccount ? t('invitation.newAccount.lead') : t('invitation.existingAccount.lead')}
          </p>
        </div>
        {/* For password managers: the account this password belongs to. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={preview.email}
          readOnly
          hidden
        />
        <PasswordField
          label={
            newAccount
              ? t('invitation.newAccount.password')
              : t('invitation.existingAccount.password')
          }
          name="password"
          autoComplete={newAccount ? 'new-password' : 'current-password'}
          hint={newAccount ? t('invitation.newAccount.passwordHint') : undefined}
          value={values.password}
          onChange={onChange}
          error={message(errors.password)}
        />
        {newAccount ? null : (
          <p className="-mt-3 text-right text-sm">
            <Link
              to="/mot-de-passe-oublie"
              state={{ email: preview.email } satisfies LoginState}
              className="rounded font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {t('invitation.existingAccount.forgot')}
            </Link>
          </p>
        )}
        {newAccount ? (
          <PasswordField
            label={t('invitation.newAccount.confirm')}
            name="confirmation"
            autoComplete="new-password"
            value={values.confirmation}
            onChange={onChange}
            error={message(errors.confirmation)}
          />
        ) : null}
        <Button type="submit" size="lg" disabled={accept.isPending} className="w-full">
          <UserCheck aria-hidden="true" className="size-5" />
          {accept.isPending ? t('invitation.submitting') : t('invitation.submit')}
        </Button>
      </form>
    </AuthLayout>
  );
}

/**
 * /invitation?token=… (public): the page of the e-mail a school sends to a new member. A link
 * that is missing, used or expired gets a clear state with the way home; a lost connection, a
 * retry.
 */
export function InvitationPage() {
  const [searchParams] = useSearchParams();
  const token = readLinkToken(searchParams);
  const preview = useInvitationPreview(token);
  const [usedUp, setUsedUp] = useState(false);

  // The login page comes next: fetched while the person reads and types.
  useEffect(() => {
    pageModules.login().catch(() => undefined);
  }, []);

  if (token === null || usedUp || (preview.isError && isInvalidLink(preview.error))) {
    return <InvalidInvitation />;
  }
  if (preview.isError) {
    return (
      <InvitationLoadError onRetry={() => void preview.refetch()} retrying={preview.isFetching} />
    );
  }
  if (preview.isPending) return <InvitationLoading />;
  return (
    <AcceptInvitationForm
      token={token}
      preview={preview.data}
      onInvalidLink={() => setUsedUp(true)}
    />
  );
}
