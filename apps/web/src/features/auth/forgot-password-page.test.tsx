import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { currentUrl, renderApp } from '../../test/render-app';
import { bodiesSentTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { describedText } from '../../test/fields';

const NEUTRAL =
  "Si un compte existe pour cette adresse, un e-mail de réinitialisation vient d'être envoyé. Le lien est valable une heure.";

const emailField = () => screen.getByLabelText('E-mail', { selector: 'input' }) as HTMLInputElement;
const send = () => screen.getByRole('button', { name: /Envoyer le lien|Envoi…/ });

describe('forgotten password', () => {
  it('is reached from the login page, with the address typed there', async () => {
    routeFetch({});
    const { user } = await renderApp('/login');
    await user.type(screen.getByLabelText('E-mail'), 'ama@flamboyants.tg');
    await user.click(screen.getByRole('link', { name: 'Mot de passe oublié ?' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' }),
    ).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/mot-de-passe-oublie'));
    await waitFor(() => expect(document.title).toBe('Mot de passe oublié — Écolage'));
    expect(emailField().value).toBe('ama@flamboyants.tg');
  });

  it('checks the address before sending', async () => {
    const fetchMock = routeFetch({});
    const { user } = await renderApp('/mot-de-passe-oublie');
    await user.click(send());
    expect(describedText(emailField())).toContain("L'adresse e-mail est obligatoire.");
    await user.type(emailField(), 'ama@flamboyants');
    await user.click(send());
    expect(describedText(emailField())).toContain("Format d'e-mail invalide.");
    expect(document.activeElement).toBe(emailField());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows « Envoi… », then always the server's neutral message, whatever the address", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = routeFetch({
      'POST /api/auth/password-reset': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = await renderApp('/mot-de-passe-oublie');
    await user.type(emailField(), ' Personne@Nulle-Part.TG ');
    await user.click(send());
    await waitFor(() => expect(send().textContent).toBe('Envoi…'));
    expect((send() as HTMLButtonElement).disabled).toBe(true);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/auth/password-reset')).toEqual([
      { email: 'personne@nulle-part.tg' },
    ]);

    answer(jsonResponse(200, { message: NEUTRAL }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(NEUTRAL);
    expect(status.textContent).toContain('personne@nulle-part.tg');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Vérifiez votre boîte e-mail' }),
    );
    expect(screen.getByRole('link', { name: 'Connectez-vous' }).getAttribute('href')).toBe(
      '/login',
    );

    // Another address: the form again, the address kept to be corrected.
    await user.click(screen.getByRole('button', { name: 'Utiliser une autre adresse' }));
    expect(emailField().value).toBe('Personne@Nulle-Part.TG');
    expect(document.activeElement).toBe(emailField());
  });

  it('falls back to its own neutral sentence when the answer has none', async () => {
    routeFetch({ 'POST /api/auth/password-reset': () => ({}) });
    const { user } = await renderApp('/mot-de-passe-oublie');
    await user.type(emailField(), 'ama@flamboyants.tg');
    await user.click(send());
    expect((await screen.findByRole('status')).textContent).toContain(NEUTRAL);
  });

  it('says so when too many requests are sent', async () => {
    routeFetch({
      'POST /api/auth/password-reset': () =>
        jsonResponse(429, {
          message: 'Trop de demandes. Réessayez dans une minute.',
          code: 'RATE_LIMITED',
        }),
    });
    const { user } = await renderApp('/mot-de-passe-oublie');
    await user.type(emailField(), 'ama@flamboyants.tg');
    await user.click(send());
    expect(await screen.findByText('Trop de demandes. Réessayez dans une minute.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
