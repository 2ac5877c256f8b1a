import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { deferredFetch, jsonResponse, sentBody, stubFetch } from '../../test/fetch-mock';

const message = {
  name: 'Kossi Agbéko',
  email: 'kossi@exemple.tg',
  subject: 'Démonstration',
  message: 'Bonjour, je souhaite une démonstration pour notre école.',
};

function field(label: string) {
  return screen.getByLabelText(label, { selector: 'input, textarea' }) as
    HTMLInputElement | HTMLTextAreaElement;
}

async function fill(user: UserEvent, values: Partial<typeof message> = message) {
  if (values.name) await user.type(field('Nom'), values.name);
  if (values.email) await user.type(field('E-mail'), values.email);
  if (values.subject) await user.type(field('Objet'), values.subject);
  if (values.message) await user.type(field('Message'), values.message);
}

const submit = () => screen.getByRole('button', { name: /Envoyer le message|Envoi en cours/ });

describe('contact form', () => {
  it('has the spec fields: e-mail input type and a 5-row message', async () => {
    stubFetch(() => Promise.reject(new Error('no call expected')));
    await renderApp('/contact');
    expect(field('E-mail').getAttribute('type')).toBe('email');
    expect(field('Message').tagName).toBe('TEXTAREA');
    expect(field('Message').getAttribute('rows')).toBe('5');
    const honeypot = document.querySelector<HTMLInputElement>('form input[name="website"]');
    expect(honeypot?.tabIndex).toBe(-1);
    expect(honeypot?.getAttribute('autocomplete')).toBe('off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('refuses a blank field with the spec message and sends nothing', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(200, { message: 'ok' })));
    const { user } = await renderApp('/contact');
    await fill(user, { ...message, message: '' });
    await user.type(field('Message'), '   ');
    await user.click(submit());

    expect(await screen.findByText('Veuillez remplir tous les champs obligatoires.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the message, shows the sending state, then the success toast and clears the form', async () => {
    const { mock, respond } = deferredFetch();
    const { user } = await renderApp('/contact');
    await fill(user);
    await user.click(submit());

    await waitFor(() => expect(mock).toHaveBeenCalledTimes(1));
    expect(submit().textContent).toBe('Envoi en cours…');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = mock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(sentBody(mock)).toEqual({ ...message, website: '' });

    respond(jsonResponse(200, { message: 'Votre message a été envoyé avec succès !' }));
    expect(await screen.findByText('Votre message a été envoyé avec succès !')).toBeTruthy();
    await waitFor(() => expect(field('Nom').value).toBe(''));
    expect(field('E-mail').value).toBe('');
    expect(field('Objet').value).toBe('');
    expect(field('Message').value).toBe('');
    expect(submit().textContent).toBe('Envoyer le message');
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's message when the answer is not OK, and keeps the text", async () => {
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(429, {
          message: 'Trop de requêtes. Veuillez patienter un instant avant de réessayer.',
          code: 'RATE_LIMITED',
        }),
      ),
    );
    const { user } = await renderApp('/contact');
    await fill(user);
    await user.click(submit());

    expect(
      await screen.findByText(
        'Trop de requêtes. Veuillez patienter un instant avant de réessayer.',
      ),
    ).toBeTruthy();
    expect(field('Nom').value).toBe(message.name);
  });

  it('falls back to the generic failure when the error answer has no message', async () => {
    stubFetch(() => Promise.resolve(new Response('Bad Gateway', { status: 502 })));
    const { user } = await renderApp('/contact');
    await fill(user);
    await user.click(submit());

    expect(
      await screen.findByText("Échec de l'envoi du message. Veuillez réessayer."),
    ).toBeTruthy();
  });

  it('tells the reader when the network fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await renderApp('/contact');
    await fill(user);
    await user.click(submit());

    expect(
      await screen.findByText("Une erreur s'est produite. Veuillez réessayer plus tard."),
    ).toBeTruthy();
  });

  it('checks the address with the contract schema before sending', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(200, { message: 'ok' })));
    const { user } = await renderApp('/contact');
    await fill(user, { ...message, email: 'pas-une-adresse' });
    await user.click(submit());

    expect(await screen.findByText("L'adresse e-mail n'est pas valide.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is also the #contact block of the landing page', async () => {
    await renderApp('/');
    const block = document.getElementById('contact');
    expect(block).not.toBeNull();
    expect(
      within(block as HTMLElement).getByRole('link', { name: 'contact@ecolage.tg' }),
    ).toBeTruthy();
    expect(within(block as HTMLElement).getByText('+228 22 21 45 45')).toBeTruthy();
    expect(within(block as HTMLElement).getByText('Lomé, Togo')).toBeTruthy();
    expect(within(block as HTMLElement).getByLabelText('Objet')).toBeTruthy();
  });
});
