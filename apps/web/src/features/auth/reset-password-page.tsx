import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeyRound, Link2Off } from 'lucide-react';
import { ButtonLink, SubmitButton } from '../../components/ui/button';
import { ApiClientError, postJson } from '../../lib/api-client';
import { pageModules } from '../../app/page-modules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, LinkStatePage } from './auth-layout';
import type { LoginState } from './login-page';
import { NewPasswordFields } from './password-field';
import { passwordResetKeys, RememberedLink, textOf } from './password-reset-shared';
import { useCheckedForm } from './use-checked-form';
import { checkNewPassword, readLinkToken, refusesLinkToken } from './validation';

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

/** The reset link is missing, used or expired: say so, with the way to a new one. */
function InvalidResetLink() {
  const { t } = useTranslation();
  return (
    <LinkStatePage
      icon={Link2Off}
      title={t('passwordReset.reset.invalidTitle')}
      lead={t('passwordReset.reset.invalid')}
      footer={<RememberedLink />}
    >
      <ButtonLink to="/mot-de-passe-oublie" size="lg" className="w-full">
        {t('passwordReset.reset.requestNew')}
      </ButtonLink>
    </LinkStatePage>
  );
}

const RESET_FIELDS = ['password', 'confirmation'] as const;
const NEW_PASSWORD = { password: 'password', confirmation: 'confirmation' } as const;

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
  const { values, fieldProps, validate, showRefusal } = useCheckedForm(
    RESET_FIELDS,
    { password: '', confirmation: '' },
    (next) => checkNewPassword(NEW_PASSWORD, next.password, next.confirmation),
  );
  const [invalidLink, setInvalidLink] = useState(false);
  const unusable = token === null || invalidLink;
  useDocumentTitle(
    unusable ? t('passwordReset.reset.invalidTitle') : t('passwordReset.reset.title'),
  );

  useEffect(() => {
    pageModules.login().catch(() => undefined);
  }, []);

  if (unusable) return <InvalidResetLink />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>, linkToken: string) {
    event.preventDefault();
    if (confirm.isPending) return;
    const form = event.currentTarget;
    if (!validate(form)) return;
    let email: string | undefined;
    try {
      ({ email } = await confirm.mutateAsync({ token: linkToken, password: values.password }));
    } catch (error) {
      // A used or expired link: its own state, with the way to a new one.
      if (error instanceof ApiClientError && refusesLinkToken(error.issues)) setInvalidLink(true);
      else showRefusal(error, form, t('passwordReset.reset.failure'));
      return;
    }
    // The server has closed every session of the account: the login page asks for the new
    // password even if a session is still kept here.
    const state: LoginState = { notice: 'passwordReset', ...(email ? { email } : {}) };
    void navigate('/login', { state });
  }

  return (
    <AuthLayout
      title={t('passwordReset.reset.title')}
      lead={t('passwordReset.reset.lead')}
      footer={<RememberedLink />}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(event, token)} className="space-y-5">
        <NewPasswordFields
          labels={{
            password: t('passwordReset.reset.password'),
            confirmation: t('passwordReset.reset.confirm'),
          }}
          hint={t('passwordReset.reset.passwordHint')}
          password={fieldProps('password')}
          confirmation={fieldProps('confirmation')}
        />
        <SubmitButton
          size="lg"
          pending={confirm.isPending}
          label={t('passwordReset.reset.submit')}
          pendingLabel={t('passwordReset.reset.submitting')}
          icon={<KeyRound aria-hidden="true" className="size-5" />}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
