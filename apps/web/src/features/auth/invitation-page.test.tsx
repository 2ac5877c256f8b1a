import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { currentUrl, renderApp } from '../../test/render-app';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { Routes } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { describedText } from '../../test/fields';
import { storeSession } from '../../test/session';
import { changeLanguage } from '../../i18n';

const TOKEN = 'a1b2c3d4e5.f6g7h8i9j0k1l2m3';
const INVALID =
  "Ce lien d'invitation est invalide, déjà utilisé ou expiré. Demandez une nouvelle invitation.";

const preview = (hasAccount: boolean) => ({
  schoolName: 'Collège Les Flamboyants',
  name: 'Kossi Lawson',
  email: 'kossi@flamboyants.tg',
  roleName: 'Finance',
  hasAccount,
});

function invitationServer(hasAccount: boolean, overrides: Routes = {}) {
  return routeFetch({
    'GET /api/invitations/preview': () => preview(hasAccount),
    'POST /api/invitations/accept': () => ({
      message: 'Bienvenue ! Votre accès est activé : connectez-vous.',
      email: 'kossi@flamboyants.tg',
    }),
    ...overrides,
  });
}

const password = () =>
  screen.getByLabelText(/^Mot de passe/, { selector: 'input' }) as HTMLInputElement;
const confirmation = () =>
  screen.getByLabelText('Confirmez le mot de passe', { selector: 'input' }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Accepter l'invitation|Activation…/ });

async function openInvitation(url = `/invitation?token=${TOKEN}`) {
  const view = await renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Rejoindre Collège Les Flamboyants' });
  return view;
}

describe('invitation page, new account', () => {
  it('says who invites, with which role, whom; asks for a password and its confirmation', async () => {
    const fetchMock = invitationServer(false);
    await openInvitation();
    await waitFor(() => expect(document.title).toBe('Invitation — Écolage'));
    expect(
      screen.getByText(
        'Collège Les Flamboyants vous invite à rejoindre Écolage avec le rôle Finance.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Kossi Lawson')).toBeTruthy();
    expect(screen.getByText('kossi@flamboyants.tg')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Choisissez votre mot de passe' })).toBeTruthy();
    expect(password().autocomplete).toBe('new-password');
    expect(confirmation()).toBeTruthy();
    const [url] = callsTo(fetchMock, 'GET', '/api/invitations/preview');
    expect(url?.searchParams.get('token')).toBe(TOKEN);
  });

  it('checks the password and the confirmation before sending', async () => {
    const fetchMock = invitationServer(false);
    const { user } = await openInvitation();
    await user.click(submit());
    expect(describedText(password())).toContain('Le mot de passe est obligatoire.');
    expect(describedText(confirmation())).toContain('Confirmez le mot de passe.');
    expect(document.activeElement).toBe(password());

    await user.type(password(), 'secret123');
    await user.type(confirmation(), 'secret124');
    await user.click(submit());
    expect(describedText(confirmation())).toContain('Les mots de passe ne correspondent pas.');
    expect(document.activeElement).toBe(confirmation());
    expect(callsTo(fetchMock, 'POST', '/api/invitations/accept')).toHaveLength(0);

    // The message goes as soon as the value is fixed.
    await user.clear(confirmation());
    await user.type(confirmation(), 'secret123');
    expect(describedText(confirmation())).not.toContain('correspondent');
  });

  it('shows « Activation… », then opens the login page with the address filled in and the welcome', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = invitationServer(false, {
      'POST /api/invitations/accept': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = await openInvitation();
    await user.type(password(), 'secret123');
    await user.type(confirmation(), 'secret123');
    await user.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('Activation…'));
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/invitations/accept')).toEqual([
      { token: TOKEN, password: 'secret123' },
    ]);

    answer(
      jsonResponse(200, {
        message: 'Bienvenue ! Votre accès est activé : connectez-vous.',
        email: 'kossi@flamboyants.tg',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(
      await screen.findByText('Bienvenue ! Votre accès est activé : connectez-vous.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(
      'kossi@flamboyants.tg',
    );
    expect((screen.getByLabelText('Mot de passe') as HTMLInputElement).value).toBe('');
  });

  it('opens the login form even when another account is signed in on this device', async () => {
    storeSession();
    invitationServer(false);
    const { user } = await openInvitation();
    await user.type(password(), 'secret123');
    await user.type(confirmation(), 'secret123');
    await user.click(submit());
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(
      'kossi@flamboyants.tg',
    );
  });

  it('says the link is invalid when it was used meanwhile', async () => {
    invitationServer(false, {
      'POST /api/invitations/accept': () =>
        jsonResponse(400, {
          message: INVALID,
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'token', message: INVALID }],
        }),
    });
    const { user } = await openInvitation();
    await user.type(password(), 'secret123');
    await user.type(confirmation(), 'secret123');
    await user.click(submit());
    expect(
      await screen.findByRole('heading', { level: 1, name: "Lien d'invitation invalide" }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Lien d'invitation invalide — Écolage"));
  });
});

describe('invitation page, existing account', () => {
  it('asks for the password of the existing account and puts a wrong one under the field', async () => {
    const wrong = 'Mot de passe incorrect pour ce compte existant.';
    const fetchMock = invitationServer(true, {
      'POST /api/invitations/accept': () =>
        jsonResponse(401, {
          message: wrong,
          code: 'UNAUTHENTICATED',
          issues: [{ path: 'password', message: wrong }],
        }),
    });
    const { user } = await openInvitation();
    expect(
      screen.getByRole('form', {
        name: 'Confirmez avec le mot de passe de votre compte Écolage',
      }),
    ).toBeTruthy();
    const field = screen.getByLabelText('Mot de passe de votre compte') as HTMLInputElement;
    expect(field.autocomplete).toBe('current-password');
    expect(screen.queryByLabelText('Confirmez le mot de passe')).toBeNull();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe(
      '/mot-de-passe-oublie',
    );

    await user.click(submit());
    expect(describedText(field)).toContain('Le mot de passe est obligatoire.');

    // An existing password may be older than today's rules: any length is sent.
    await user.type(field, 'abc');
    await user.click(submit());
    await waitFor(() => expect(describedText(field)).toContain(wrong));
    expect(document.activeElement).toBe(field);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/invitations/accept')).toEqual([
      { token: TOKEN, password: 'abc' },
    ]);
    // A refused password is no reason to end anything: no session call, still here.
    await waitFor(() => expect(currentUrl()).toBe(`/invitation?token=${TOKEN}`));
  });
});

describe('invitation page, invalid link', () => {
  it('says so, with a link home, when the server refuses the link', async () => {
    routeFetch({
      'GET /api/invitations/preview': () =>
        jsonResponse(400, {
          message: INVALID,
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'token', message: INVALID }],
        }),
    });
    await renderApp(`/invitation?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: "Lien d'invitation invalide" }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Ce lien d'invitation est invalide, déjà utilisé ou expiré. Demandez une nouvelle invitation à l'école.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: "Accepter l'invitation" })).toBeNull();
  });

  it('does not even ask the server when the address carries no token', async () => {
    const fetchMock = routeFetch({});
    await renderApp('/invitation');
    expect(
      screen.getByRole('heading', { level: 1, name: "Lien d'invitation invalide" }),
    ).toBeTruthy();
    await renderApp('/invitation?token=court');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers to try again when the network failed', async () => {
    let calls = 0;
    const fetchMock = routeFetch({
      'GET /api/invitations/preview': () => {
        calls += 1;
        if (calls <= 2) throw new TypeError('Failed to fetch');
        return preview(false);
      },
    });
    const { user } = await renderApp(`/invitation?token=${TOKEN}`);
    // One automatic retry first (a second later), then the page says so.
    const retry = await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 3000 });
    expect(
      screen.getByRole('heading', { level: 1, name: "Impossible d'afficher l'invitation" }),
    ).toBeTruthy();
    await user.click(retry);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rejoindre Collège Les Flamboyants' }),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/invitations/preview')).toHaveLength(3);
  });

  it('is translated into English', async () => {
    await changeLanguage('en');
    invitationServer(false);
    await renderApp(`/invitation?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Collège Les Flamboyants' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Collège Les Flamboyants invites you to join Écolage with the role Finance.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept the invitation' })).toBeTruthy();
  });
});
