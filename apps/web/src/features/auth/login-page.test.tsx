import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { currentUrl, renderApp } from '../../test/render-app';
import { deferredFetch, jsonResponse, sentBody, stubFetch } from '../../test/fetch-mock';
import { sessionAnswer, storeSession } from '../../test/session';
import { SESSION_STORAGE_KEY } from './session-store';

const email = () => screen.getByLabelText('E-mail') as HTMLInputElement;
const password = () => screen.getByLabelText('Mot de passe') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Se connecter|Connexion…/ });

async function logIn(user: UserEvent, address = 'ama@flamboyants.tg', secret = 'secret123') {
  await user.type(email(), address);
  await user.type(password(), secret);
  await user.click(submit());
}

/** The message under a field, through its aria-describedby. */
function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('login page', () => {
  it('is in French with the spec fields, a link to signup and no request for bad input', async () => {
    const fetchMock = stubFetch(() => Promise.reject(new Error('no call expected')));
    const { user } = await renderApp('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Connexion — Écolage'));
    expect(email().type).toBe('email');
    expect(password().type).toBe('password');
    expect(
      screen
        .getByRole('link', { name: 'Pas encore de compte ? Inscrivez-vous' })
        .getAttribute('href'),
    ).toBe('/signup');

    await logIn(user, 'ama@flamboyants', '12345');

    expect(describedText(email())).toContain("Format d'e-mail invalide.");
    expect(describedText(password())).toContain(
      'Le mot de passe doit contenir au moins 6 caractères.',
    );
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email());
    expect(fetchMock).not.toHaveBeenCalled();

    // The message goes as soon as the value is fixed.
    await user.type(email(), '.tg');
    expect(describedText(email())).not.toContain("Format d'e-mail invalide.");
    expect(email().getAttribute('aria-invalid')).toBeNull();
  });

  it('asks for the missing fields', async () => {
    stubFetch(() => Promise.reject(new Error('no call expected')));
    const { user } = await renderApp('/login');
    await user.click(submit());
    expect(screen.getByText("L'adresse e-mail est obligatoire.")).toBeTruthy();
    expect(screen.getByText('Le mot de passe est obligatoire.')).toBeTruthy();
  });

  it('shows « Connexion… » while the request runs, then saves the session and opens /admin', async () => {
    const { mock, respond } = deferredFetch();
    const { user } = await renderApp('/login');
    await logIn(user, '  Ama@Flamboyants.TG ');

    await waitFor(() => expect(mock).toHaveBeenCalledTimes(1));
    expect(mock.mock.calls[0]?.[0]).toBe('/api/auth/login');
    expect(sentBody(mock)).toEqual({ email: 'ama@flamboyants.tg', password: 'secret123' });
    expect(submit().textContent).toBe('Connexion…');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);

    respond(jsonResponse(200, sessionAnswer()));
    expect(await screen.findByText('Connexion réussie !')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bonjour, Ama' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/admin'));
    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored).toMatchObject({
      accessToken: 'jeton-a',
      user: { name: 'Ama Mensah', email: 'ama@flamboyants.tg' },
      organization: { name: 'Collège Les Flamboyants' },
      role: { name: 'Super administration' },
    });
    expect(stored.permissions).toContain('read:students');
    expect(stored.memberships).toHaveLength(1);
  });

  it('goes back to the protected page of ?next= after login', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(200, sessionAnswer())));
    const { user } = await renderApp('/login?next=%2Fadmin%2Fpaiements%3Fpage%3D2');
    await logIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiements' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements?page=2'));
  });

  it('ignores a ?next= that leaves the site', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(200, sessionAnswer())));
    const { user } = await renderApp('/login?next=https%3A%2F%2Fevil.example%2Fadmin');
    await logIn(user);
    await screen.findByRole('heading', { level: 1, name: 'Bonjour, Ama' });
    // The address follows the render: under load it can lag behind the heading.
    await waitFor(() => expect(currentUrl()).toBe('/admin'));
  });

  it("shows the server's message when the login is refused, and stays", async () => {
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(401, {
          message: 'E-mail ou mot de passe incorrect.',
          code: 'UNAUTHENTICATED',
        }),
      ),
    );
    const { user } = await renderApp('/login');
    await logIn(user);
    expect(
      await screen.findByText('E-mail ou mot de passe incorrect.', { selector: '[role="alert"]' }),
    ).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it('falls back to the spec sentence when the answer carries no message', async () => {
    stubFetch(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 })));
    const { user } = await renderApp('/login');
    await logIn(user);
    expect(
      await screen.findByText('Échec de la connexion. Vérifiez vos identifiants.'),
    ).toBeTruthy();
  });

  it('says so when the network is down', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await renderApp('/login');
    await logIn(user);
    expect(
      await screen.findByText("Une erreur s'est produite. Veuillez réessayer plus tard."),
    ).toBeTruthy();
  });

  it('sends a member who is already signed in straight on', async () => {
    storeSession();
    await renderApp('/login?next=%2Fadmin%2Fetudiants');
    expect(await screen.findByRole('heading', { level: 1, name: 'Étudiants' })).toBeTruthy();
  });

  it('is translated into English', async () => {
    window.localStorage.setItem('ecolage.lang', 'en');
    const { changeLanguage } = await import('../../i18n');
    await changeLanguage('en');
    stubFetch(() => Promise.reject(new Error('no call expected')));
    const { user } = await renderApp('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Invalid e-mail format.')).toBeTruthy();
  });
});
