import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserCheck } from 'lucide-react';
import { loginRequestSchema } from '@ecolage/contracts';
import { z } from 'zod';
import { FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import type { FormSchema } from '../../components/ui/form';
import { ApiClientError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, AuthSwitchLink } from './auth-layout';
import { useAcceptInvitation } from './invitation.api';
import type { InvitationPreview } from './invitation.api';
import type { LoginState } from './login-page';
import { NewPasswordFields, PasswordField } from './password-field';
import {
  confirmationMessages,
  currentPasswordMessages,
  passwordMessages,
  refusesLinkToken,
  withConfirmation,
} from './validation';

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

/** A new account chooses its password; an existing one gives its own (any length). */
const newAccountSchema = withConfirmation('password', 'confirmation');
const existingAccountSchema = loginRequestSchema
  .pick({ password: true })
  .extend({ confirmation: z.string() });
type InvitationForm = FormSchema<{ password: string; confirmation: string }, { password: string }>;

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
  const schema: InvitationForm = newAccount ? newAccountSchema : existingAccountSchema;
  const form = useSchemaForm(schema, {
    defaultValues: { password: '', confirmation: '' },
    messages: (t) => ({
      password: newAccount ? passwordMessages(t) : currentPasswordMessages(t),
      confirmation: confirmationMessages(t),
    }),
    refusal: 'toast',
  });

  async function acceptInvitation({ password }: { password: string }) {
    let email: string;
    try {
      email = (await accept.mutateAsync({ token, password })).email ?? preview.email;
    } catch (error) {
      if (error instanceof ApiClientError && refusesLinkToken(error.issues)) onInvalidLink();
      else form.showRefusal(error, t('invitation.failure'));
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
        onSubmit={(event) => void form.submitWith(acceptInvitation, t('invitation.failure'))(event)}
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
            form={form}
            names={{ password: 'password', confirmation: 'confirmation' }}
            labels={{
              password: t('invitation.newAccount.password'),
              confirmation: t('invitation.newAccount.confirm'),
            }}
            hint={t('invitation.newAccount.passwordHint')}
          />
        ) : (
          <>
            <FormField
              form={form}
              name="password"
              control={PasswordField}
              label={t('invitation.existingAccount.password')}
              autoComplete="current-password"
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
        <FormSubmitButton
          form={form}
          size="lg"
          label={t('invitation.submit')}
          pendingLabel={t('invitation.submitting')}
          icon={<UserCheck aria-hidden="true" className="size-5" />}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
