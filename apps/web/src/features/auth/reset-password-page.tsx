import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { KeyRound, Link2Off } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { ApiClientError, postJson } from '../../lib/api-client';
import { pageModules } from '../../app/page-modules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout, LinkStatePage } from './auth-layout';
import type { LoginState } from './login-page';
import { NewPasswordFields } from './password-field';
import { passwordResetKeys, RememberedLink, textOf } from './password-reset-shared';
import {
  confirmationMessages,
  passwordMessages,
  readLinkToken,
  refusesLinkToken,
  withConfirmation,
} from './validation';

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

const resetFormSchema = withConfirmation('password', 'confirmation');

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
  const form = useSchemaForm(resetFormSchema, {
    defaultValues: { password: '', confirmation: '' },
    messages: (t) => ({ password: passwordMessages(t), confirmation: confirmationMessages(t) }),
    refusal: 'toast',
  });
  const [invalidLink, setInvalidLink] = useState(false);
  const unusable = token === null || invalidLink;
  useDocumentTitle(
    unusable ? t('passwordReset.reset.invalidTitle') : t('passwordReset.reset.title'),
  );

  useEffect(() => {
    pageModules.login().catch(() => undefined);
  }, []);

  if (unusable) return <InvalidResetLink />;

  async function resetPassword(linkToken: string, password: string) {
    let email: string | undefined;
    try {
      ({ email } = await confirm.mutateAsync({ token: linkToken, password }));
    } catch (error) {
      // A used or expired link: its own state, with the way to a new one.
      if (error instanceof ApiClientError && refusesLinkToken(error.issues)) setInvalidLink(true);
      else form.showRefusal(error, t('passwordReset.reset.failure'));
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
      <form
        noValidate
        onSubmit={(event) =>
          void form.submitWith(
            ({ password }) => resetPassword(token, password),
            t('passwordReset.reset.failure'),
          )(event)
        }
        className="space-y-5"
      >
        <NewPasswordFields
          form={form}
          names={{ password: 'password', confirmation: 'confirmation' }}
          labels={{
            password: t('passwordReset.reset.password'),
            confirmation: t('passwordReset.reset.confirm'),
          }}
          hint={t('passwordReset.reset.passwordHint')}
        />
        <FormSubmitButton
          form={form}
          size="lg"
          label={t('passwordReset.reset.submit')}
          pendingLabel={t('passwordReset.reset.submitting')}
          icon={<KeyRound aria-hidden="true" className="size-5" />}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
