import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { currentUrl, renderApp } from '../test/render-app';
import { jsonResponse, stubFetch } from '../test/fetch-mock';
import { sessionAnswer, storeSession } from '../test/session';
import { apiRequest } from '../features/auth/auth-client';
import { SESSION_STORAGE_KEY } from '../features/auth/session-store';

describe('admin guard', () => {
  it('sends a visitor without a session to /login?next=… and back after login', async () => {
    stubFetch(() => Promise.resolve(jsonResponse(200, sessionAnswer())));
    const { user } = await renderApp('/admin/etudiants?statut=actif');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    await waitFor(() =>
      expect(currentUrl()).toBe('/login?next=%2Fadmin%2Fetudiants%3Fstatut%3Dactif'),
    );

    await user.type(screen.getByLabelText('E-mail'), 'ama@flamboyants.tg');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Étudiants' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/admin/etudiants?statut=actif'));
  });

  it('restores the session saved in local storage on page load', async () => {
    storeSession();
    await renderApp('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Bonjour, Ama' })).toBeTruthy();
    expect(screen.getByText("Bienvenue dans l'espace de Collège Les Flamboyants.")).toBeTruthy();
    expect(screen.getByText('Vous êtes connecté en tant que Super administration.')).toBeTruthy();
  });

  it('ignores a damaged stored session', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{"accessToken":42}');
    await renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
  });

  it('goes to the login page, with a notice, when a call is refused twice', async () => {
    storeSession({ accessToken: 'jeton-a' });
    await renderApp('/admin/paiements');
    expect(screen.getByRole('heading', { level: 1, name: 'Paiements' })).toBeTruthy();

    const fetchMock = stubFetch(() =>
      Promise.resolve(jsonResponse(401, { message: 'Session expirée.', code: 'UNAUTHENTICATED' })),
    );
    await act(() => apiRequest('/api/payments').catch(() => undefined));

    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/payments',
      '/api/auth/refresh',
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/login?next=%2Fadmin%2Fpaiements'));
    expect(
      await screen.findByText('Votre session a expiré. Veuillez vous reconnecter.'),
    ).toBeTruthy();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('renews at once a stored session whose token has expired, and ends it if refused', async () => {
    storeSession({ expiresAt: Date.now() - 60_000 });
    const fetchMock = stubFetch(() =>
      Promise.resolve(jsonResponse(401, { message: 'Session expirée.', code: 'UNAUTHENTICATED' })),
    );
    await renderApp('/admin');
    await waitFor(() => expect(currentUrl()).toBe('/login?next=%2Fadmin'));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/auth/refresh']);
  });

  it('follows a logout made in another tab', async () => {
    storeSession();
    await renderApp('/admin');
    act(() => {
      window.localStorage.removeItem(SESSION_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
  });
});
