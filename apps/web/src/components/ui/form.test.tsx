import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { registrationRequestSchema } from '@ecolage/contracts';
import { ApiClientError, NetworkError } from '../../lib/api-client';
import { changeLanguage, i18n } from '../../i18n';
import { EmailField } from './field';
import { FieldError, FormError, FormField, FormSubmitButton, useSchemaForm } from './form';
import { AppToaster } from './toaster';
import type { CodeFields } from './form-issues';

const schema = registrationRequestSchema.pick({ name: true, email: true });

function SchoolForm({
  send,
  codes,
  refusal,
  ownRequired,
}: {
  send: (values: { name: string; email: string }) => Promise<unknown>;
  codes?: CodeFields;
  refusal?: 'alert' | 'toast';
  ownRequired?: string;
}) {
  const form = useSchemaForm(schema, {
    defaultValues: { name: '', email: '' },
    ...(codes ? { codes } : {}),
    ...(refusal ? { refusal } : {}),
    ...(ownRequired ? { messages: () => ({ email: { required: ownRequired } }) } : {}),
  });
  return (
    <form noValidate onSubmit={(event) => void form.submitWith(send, 'Échec.')(event)}>
      <FormError form={form} />
      <FormField form={form} name="name" label="Nom" required />
      <FormField form={form} name="email" label="E-mail" control={EmailField} />
      <FieldError form={form} name="email" id="email-again" />
      <FormSubmitButton form={form} label="Envoyer" pendingLabel="Envoi…" />
    </form>
  );
}

function show(props: Parameters<typeof SchoolForm>[0]) {
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <SchoolForm {...props} />
      <AppToaster />
    </I18nextProvider>,
  );
  return {
    user,
    name: screen.getByRole('textbox', { name: /Nom/ }),
    email: screen.getByLabelText('E-mail'),
  };
}

/** The message under a control, through its aria-describedby. */
function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

const refused = (status: number, body: object) =>
  new ApiClientError(status, { message: 'Refus du serveur.', ...body });

describe('the form kit', () => {
  it('checks with the contracts’ schema: the schema’s French sentences, the first invalid field focused, nothing sent', async () => {
    const send = vi.fn(() => Promise.resolve());
    const { user, name, email } = show({ send });
    await user.type(email, 'ama@');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(describedText(name)).toBe('Le nom doit contenir au moins 2 caractères.');
    expect(describedText(email)).toBe("Format d'e-mail invalide.");
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(send).not.toHaveBeenCalled();
    // A message drawn by hand for the same field.
    expect(document.getElementById('email-again')?.textContent).toBe("Format d'e-mail invalide.");

    // Once shown, a message goes as soon as the value is fixed.
    await user.type(name, 'Ama');
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(describedText(name)).toBe('');
  });

  it('sends the schema’s output (trimmed, lower case) and is busy meanwhile', async () => {
    let finish: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { user, name, email } = show({ send });
    await user.type(name, '  Ama Mensah ');
    await user.type(email, ' Ama@Flamboyants.TG ');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    const busy = await screen.findByRole('button', { name: 'Envoi…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(send).toHaveBeenCalledWith({ name: 'Ama Mensah', email: 'ama@flamboyants.tg' });
    finish();
    await screen.findByRole('button', { name: 'Envoyer' });
  });

  it('says a missing value, or the field’s own sentence for it', async () => {
    const { user, name, email } = show({
      send: () => Promise.resolve(),
      ownRequired: 'Votre adresse, s’il vous plaît.',
    });
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    // The schema's sentence for a name trimmed to nothing; the field's own one for the e-mail.
    expect(describedText(name)).toBe('Le nom doit contenir au moins 2 caractères.');
    expect(describedText(email)).toBe('Votre adresse, s’il vous plaît.');
  });

  it('speaks English to an English reader: the issue’s kind with the schema’s bounds', async () => {
    await changeLanguage('en');
    const { user, name, email } = show({ send: () => Promise.resolve() });
    await user.type(name, 'A');
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(describedText(name)).toBe('At least 2 characters.');
    expect(describedText(email)).toBe('Invalid e-mail format.');

    await user.clear(name);
    await user.type(name, 'A'.repeat(121));
    expect(describedText(name)).toBe('At most 120 characters.');
    await user.clear(name);
    expect(describedText(name)).toBe('This field is required.');
  });

  it('puts a 400’s issues on their fields and focuses the first', async () => {
    const send = vi.fn(() =>
      Promise.reject(
        refused(400, {
          code: 'VALIDATION_FAILED',
          issues: [
            { path: 'email', message: 'Adresse refusée par le serveur.' },
            { path: 'elsewhere', message: 'Pas un champ du formulaire.' },
          ],
        }),
      ),
    );
    const { user, name, email } = show({ send });
    await user.type(name, 'Ama');
    await user.type(email, 'ama@flamboyants.tg');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(describedText(email)).toBe('Adresse refusée par le serveur.'));
    expect(document.activeElement).toBe(email);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a domain code the form maps on its field, in the reader’s language', async () => {
    await changeLanguage('en');
    i18n.addResource('en', 'translation', 'errors.SCHOOL_NAME_TAKEN', 'Name taken (en).');
    const send = () => Promise.reject(refused(409, { code: 'SCHOOL_NAME_TAKEN' }));
    const { user, name, email } = show({ send, codes: { SCHOOL_NAME_TAKEN: 'name' } });
    await user.type(name, 'Ama');
    await user.type(email, 'ama@flamboyants.tg');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(name)).toBe('Name taken (en).');
    expect(document.activeElement).toBe(name);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says any other refusal in the form’s alert, or in a toast', async () => {
    const send = () => Promise.reject(refused(409, { code: 'CONFLICT' }));
    const first = show({ send });
    await first.user.type(first.name, 'Ama');
    await first.user.type(first.email, 'ama@flamboyants.tg');
    await first.user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Refus du serveur.');
  });

  it('says a lost connection in a toast when the form asks for toasts', async () => {
    const send = () => Promise.reject(new NetworkError(new Error('offline')));
    const { user, name, email } = show({ send, refusal: 'toast' });
    await user.type(name, 'Ama');
    await user.type(email, 'ama@flamboyants.tg');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText(i18n.t('common.networkError'))).toBeTruthy();
    expect(screen.queryByRole('alert', { name: /Refus/ })).toBeNull();
  });
});
