import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MailCheck, Send } from 'lucide-react';
import { passwordResetRequestSchema } from '@ecolage/contracts';
import { Button, ButtonLink } from '../../components/ui/button';
import { EmailField } from '../../components/ui/field';
import { FormField, FormSubmitButton, useSchemaForm } from '../../components/ui/form';
import { postJson } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from './auth-layout';
import type { LoginState } from './login-page';
import { passwordResetKeys, RememberedLink, textOf } from './password-reset-shared';
import { emailMessages } from './validation';

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

function readEmailState(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const { email } = state as LoginState;
  return typeof email === 'string' ? email : '';
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
  const form = useSchemaForm(passwordResetRequestSchema, {
    defaultValues: { email: readEmailState(location.state) },
    messages: (t) => ({ email: emailMessages(t) }),
    refusal: 'toast',
  });
  const { setFocus } = form;
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);
  const [focusEmail, setFocusEmail] = useState(false);

  useEffect(() => {
    if (sent) sentHeadingRef.current?.focus();
  }, [sent]);

  useEffect(() => {
    if (!sent && focusEmail) setFocus('email');
  }, [sent, focusEmail, setFocus]);

  async function requestReset({ email }: { email: string }) {
    const message = await request.mutateAsync(email);
    setSent({ email, message: message ?? t('passwordReset.forgot.sent') });
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

  return (
    <AuthLayout
      title={t('passwordReset.forgot.title')}
      lead={t('passwordReset.forgot.lead')}
      footer={<RememberedLink />}
    >
      <form
        noValidate
        onSubmit={(event) =>
          void form.submitWith(requestReset, t('passwordReset.forgot.failure'))(event)
        }
        className="space-y-5"
      >
        <FormField
          form={form}
          name="email"
          control={EmailField}
          label={t('passwordReset.forgot.email')}
          placeholder={t('passwordReset.forgot.emailPlaceholder')}
        />
        <FormSubmitButton
          form={form}
          size="lg"
          label={t('passwordReset.forgot.submit')}
          pendingLabel={t('passwordReset.forgot.submitting')}
          icon={<Send aria-hidden="true" className="size-5" />}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
