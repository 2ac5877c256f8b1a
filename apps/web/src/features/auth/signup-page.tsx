import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { DEFAULT_PLAN, PLAN_CATALOGUE, registrationRequestSchema } from '@ecolage/contracts';
import type { PlanId } from '@ecolage/contracts';
import { formatFrancs, type FrancsLocale } from '@ecolage/money';
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

/** The plans a school may start on by itself (Personnalisé is on quote: the contact page). */
const SIGNUP_PLANS = PLAN_CATALOGUE.filter((plan) => !plan.onQuote);

/** `?formule=decouverte` (the landing page's buttons), else Croissance. */
function planFromAddress(value: string | null): PlanId {
  return SIGNUP_PLANS.find((plan) => plan.id === value)?.id ?? DEFAULT_PLAN;
}

/** « Formule »: radio cards of the plans a school may start on, with their price. */
function PlanChoice({ form }: { form: ReturnType<typeof useSignupForm> }) {
  const { t, i18n } = useTranslation();
  const locale: FrancsLocale = i18n.language === 'en' ? 'en' : 'fr';
  const chosen = form.watch('plan');
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('auth.signup.plan')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {SIGNUP_PLANS.map((plan) => (
          <label
            key={plan.id}
            className={`flex cursor-pointer gap-3 rounded-xl border p-3 ${chosen === plan.id ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-slate-300'}`}
          >
            <input
              type="radio"
              value={plan.id}
              {...form.register('plan')}
              className="mt-1 size-4 shrink-0 accent-brand-600"
            />
            <span className="min-w-0 text-sm">
              <span className="block font-semibold text-slate-900">
                {t(`pricing.plans.${plan.id}.name`)}
                {plan.price.kind === 'amount' ? (
                  <span className="font-normal text-slate-700">
                    {' · '}
                    {formatFrancs(plan.price.amountXof, locale)}{' '}
                    {plan.price.period === 'year' ? t('pricing.perYear') : t('pricing.perMonth')}
                  </span>
                ) : null}
              </span>
              <span className="block text-slate-600">
                {t(`pricing.plans.${plan.id}.description`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      <Link
        to="/contact"
        className="mt-2 inline-block text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        {t('auth.signup.planQuote')}
      </Link>
    </fieldset>
  );
}

function useSignupForm(plan: PlanId) {
  return useSchemaForm(signupFormSchema, {
    defaultValues: { name: '', schoolName: '', email: '', password: '', plan },
    messages: (t) => ({
      name: nameMessages(t),
      schoolName: schoolNameMessages(t),
      email: emailMessages(t),
      password: passwordMessages(t),
    }),
    refusal: 'toast',
  });
}

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
  const [searchParams] = useSearchParams();
  const form = useSignupForm(planFromAddress(searchParams.get('formule')));
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
        <PlanChoice form={form} />
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
