import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { currentUrl, renderApp } from '../../test/render-app';
import { bodiesSentTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { describedText } from '../../test/fields';
import { storeSession } from '../../test/session';
import { changeLanguage } from '../../i18n';

const INVALID =
  'Ce lien de réinitialisation est invalide, déjà utilisé ou expiré. Demandez-en un nouveau.';
const TOKEN = 'r1s2t3u4v5.w6x7y8z9a0b1c2d3';

describe('new password from the e-mailed link', () => {
  const password = () =>
    screen.getByLabelText('Nouveau mot de passe', { selector: 'input' }) as HTMLInputElement;
  const confirmation = () =>
    screen.getByLabelText('Confirmez le nouveau mot de passe', {
      selector: 'input',
    }) as HTMLInputElement;
  const save = () =>
    screen.getByRole('button', { name: /Enregistrer le mot de passe|Enregistrement…/ });

  it('checks the new password and its confirmation', async () => {
    const fetchMock = routeFetch({});
    const { user } = await renderApp(`/reinitialiser-mot-de-passe?token=${TOKEN}`);
    await waitFor(() => expect(document.title).toBe('Nouveau mot de passe — Écolage'));
    await user.type(password(), '12345');
    await user.click(save());
    expect(describedText(password())).toContain(
      'Le mot de passe doit contenir au moins 6 caractères.',
    );
    expect(describedText(confirmation())).toContain('Confirmez le mot de passe.');
    await user.type(password(), '6');
    await user.type(confirmation(), '123457');
    await user.click(save());
    expect(describedText(confirmation())).toContain('Les mots de passe ne correspondent pas.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows « Enregistrement… », then the login page with the notice (and the address when given)', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = routeFetch({
      'POST /api/auth/password-reset/confirm': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = await renderApp(`/reinitialiser-mot-de-passe?token=${TOKEN}`);
    await user.type(password(), 'nouveau-mdp');
    await user.type(confirmation(), 'nouveau-mdp');
    await user.click(save());
    await waitFor(() => expect(save().textContent).toBe('Enregistrement…'));
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/password-reset/confirm')).toEqual([
      { token: TOKEN, password: 'nouveau-mdp' },
    ]);

    answer(
      jsonResponse(200, {
        message: 'Votre mot de passe est changé. Connectez-vous avec le nouveau.',
        email: 'ama@flamboyants.tg',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(
      await screen.findByText('Votre mot de passe est changé. Connectez-vous avec le nouveau.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ama@flamboyants.tg');
  });

  it('opens the login form even if a (now revoked) session is kept here; empty address when unknown', async () => {
    storeSession();
    routeFetch({
      'POST /api/auth/password-reset/confirm': () => ({
        message: 'Votre mot de passe est changé. Connectez-vous avec le nouveau.',
      }),
    });
    const { user } = await renderApp(`/reinitialiser-mot-de-passe?token=${TOKEN}`);
    await user.type(password(), 'nouveau-mdp');
    await user.type(confirmation(), 'nouveau-mdp');
    await user.click(save());
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
  });

  it('says the link is invalid (used, expired) with the way to ask for a new one', async () => {
    routeFetch({
      'POST /api/auth/password-reset/confirm': () =>
        jsonResponse(400, {
          message: INVALID,
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'token', message: INVALID }],
        }),
    });
    const { user } = await renderApp(`/reinitialiser-mot-de-passe?token=${TOKEN}`);
    await user.type(password(), 'nouveau-mdp');
    await user.type(confirmation(), 'nouveau-mdp');
    await user.click(save());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lien de réinitialisation invalide' }),
    ).toBeTruthy();
    expect(screen.getByText(INVALID)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Lien de réinitialisation invalide — Écolage'));
    expect(
      screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href'),
    ).toBe('/mot-de-passe-oublie');
  });

  it('says so at once when the address has no token', async () => {
    const fetchMock = routeFetch({});
    await renderApp('/reinitialiser-mot-de-passe');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Lien de réinitialisation invalide' }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is translated into English', async () => {
    await changeLanguage('en');
    routeFetch({});
    await renderApp(`/reinitialiser-mot-de-passe?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'New password' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('New password — Écolage'));
  });
});
