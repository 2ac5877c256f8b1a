import { useId } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/ui/button';
import { HoneypotField } from '../../components/ui/field';
import { formText } from './form-data';
import { failureMessage, preloadContracts, useNewsletterSubscription } from './public.api';
import { notify } from '../../components/ui/toaster';

/** Newsletter box of the footer (spec §4, §5, §8): nothing happens while the address is empty. */
export function NewsletterForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const subscription = useNewsletterSubscription();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (subscription.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = formText(data, 'email');
    if (email.trim() === '') return;
    subscription.mutate(
      { email, website: formText(data, 'website') },
      {
        onSuccess: (answer) => {
          notify.success(answer.message ?? t('newsletter.success'));
          form.reset();
        },
        onError: (error) => {
          notify.error(failureMessage(error, t, 'newsletter.failure'));
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      onFocus={() => void preloadContracts().catch(() => undefined)}
      className="relative"
    >
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-brand-100">
        {t('newsletter.label')}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={inputId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('newsletter.placeholder')}
          className="min-h-12 w-full min-w-0 flex-1 rounded-lg border border-white/70 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500"
        />
        <SubmitButton
          variant="inverse"
          size="lg"
          pending={subscription.isPending}
          label={t('newsletter.submit')}
          pendingLabel={t('newsletter.submitting')}
        />
      </div>
      <HoneypotField label={t('honeypot')} />
    </form>
  );
}
