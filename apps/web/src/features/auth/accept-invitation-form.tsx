import { useId } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserCheck } from 'lucide-react';
import { SubmitButton } from '../../components/ui/button';
import { ApiClientError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, AuthSwitchLink } from './auth-layout';
import { useAcceptInvitation } from './invitation.api';
import type { InvitationPreview } from './invitation.api';
import type { LoginState } from './login-page';
import { NewPasswordFields, PasswordField } from './password-field';
import { useCheckedForm } from './use-checked-form';
import { checkNewPassword, checkPasswordGiven, refusesLinkToken } from './validation';
import type { FieldErrors } from './validation';

/** Footer of every state of the invitation page: « Vous avez déjà accès ? Connectez-vous ». */
export function HasAccessLink() {
  const { t } = useTranslation();
  return (
    <AuthSwitchLink
      to="/login"
      text={t('invitation.hasAccess')}
      action={t('invitation.loginLink')}
    />
  );
}

const NEW_FIELDS = ['password', 'confirmation'] as const;
type InvitationField = (typeof NEW_FIELDS)[number];
const NEW_PASSWORD = { password: 'password', confirmation: 'confirmation' } as const;

/**
 * The invitation itself: who invites, with which role, whom; then the password (chosen for a new
 * account, with its confirmation; or the existing account's own). On success, the login page
 * with the address filled in and the server's welcome as a toast.
 */
export function AcceptInvitationForm({
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
  const newAccount = !preview.hasAccount;
  const { values, fieldProps, validate, showRefusal } = useCheckedForm(
    NEW_FIELDS,
    { password: '', confirmation: '' },
    (next): FieldErrors<InvitationField> => {
      if (newAccount) return checkNewPassword(NEW_PASSWORD, next.password, next.confirmation);
      const key = checkPasswordGiven(next.password);
      return key ? { password: { key } } : {};
    },
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (accept.isPending) return;
    const form = event.currentTarget;
    if (!validate(form)) return;
    let email: string;
    try {
      email =
        (await accept.mutateAsync({ token, password: values.password })).email ?? preview.email;
    } catch (error) {
      if (error instanceof ApiClientError && refusesLinkToken(error.issues)) onInvalidLink();
      else showRefusal(error, form, t('invitation.failure'));
      return;
    }
    // The login page asks for this account even if a session is kept here (another account's,
    // or this one's, unaware of the new school).
    const state: LoginState = { notice: 'invitationAccepted', email };
    void navigate('/login', { state });
  }

  return (
    <AuthLayout
      title={t('invitation.heading', { school: preview.schoolName })}
      lead={t('invitation.lead', { school: preview.schoolName, role: preview.roleName })}
      footer={<HasAccessLink />}
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
        {newAccount ? (
          <NewPasswordFields
            labels={{
              password: t('invitation.newAccount.password'),
              confirmation: t('invitation.newAccount.confirm'),
            }}
            hint={t('invitation.newAccount.passwordHint')}
            password={fieldProps('password')}
            confirmation={fieldProps('confirmation')}
          />
        ) : (
          <>
            <PasswordField
              label={t('invitation.existingAccount.password')}
              autoComplete="current-password"
              {...fieldProps('password')}
            />
            <p className="-mt-3 text-right text-sm">
              <Link
                to="/mot-de-passe-oublie"
                state={{ email: preview.email } satisfies LoginState}
                className="rounded font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                {t('invitation.existingAccount.forgot')}
              </Link>
            </p>
          </>
        )}
        <SubmitButton
          size="lg"
          pending={accept.isPending}
          label={t('invitation.submit')}
          pendingLabel={t('invitation.submitting')}
          icon={<UserCheck aria-hidden="true" className="size-5" />}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
