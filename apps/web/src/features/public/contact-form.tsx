import { useId } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { SubmitButton } from '../../components/ui/button';
import { HoneypotField, InputField, TextareaField } from '../../components/ui/field';
import { formText, hasBlank } from './form-data';
import { failureMessage, preloadContracts, useContactMessage } from './public.api';
import { notify } from '../../components/ui/toaster';

/**
 * Contact form (spec §5, §8). Fields are uncontrolled and read with FormData on submit, so text
 * typed before the prerendered page hydrates is kept. The browser's own validation is off: the
 * spec's message is shown as a toast instead.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const hintId = useId();
  const contact = useContactMessage();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (contact.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = {
      name: formText(data, 'name'),
      email: formText(data, 'email'),
      subject: formText(data, 'subject'),
      message: formText(data, 'message'),
      website: formText(data, 'website'),
    };
    if (hasBlank([input.name, input.email, input.subject, input.message])) {
      notify.error(t('contactForm.fillRequired'));
      return;
    }
    contact.mutate(input, {
      onSuccess: () => {
        notify.success(t('contactForm.success'));
        form.reset();
      },
      onError: (error) => {
        notify.error(failureMessage(error, t, 'contactForm.failure'));
      },
    });
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      onFocus={() => void preloadContracts().catch(() => undefined)}
      aria-describedby={hintId}
      className="relative space-y-5"
    >
      <p id={hintId} className="text-sm text-slate-600">
        {t('contactForm.requiredHint')}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label={t('contactForm.name')} name="name" autoComplete="name" required />
        <InputField
          label={t('contactForm.email')}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
        />
      </div>
      <InputField label={t('contactForm.subject')} name="subject" required />
      <TextareaField label={t('contactForm.message')} name="message" rows={5} required />
      <HoneypotField label={t('honeypot')} />
      <SubmitButton
        size="lg"
        pending={contact.isPending}
        label={t('contactForm.submit')}
        pendingLabel={t('contactForm.submitting')}
        icon={<Send aria-hidden="true" className="size-4" />}
        className="w-full sm:w-auto"
      />
    </form>
  );
}
