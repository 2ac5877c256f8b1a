import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUrl, renderApp } from '../../test/render-app';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { RouteRequest, Routes } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { describedText, storedSession } from '../../test/fields';
import { storeSession, withPermissions } from '../../test/session';
import { changeLanguage } from '../../i18n';
import { AVATAR_MAX_BYTES } from '../auth/avatar-file';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const noContent = () => new Response(null, { status: 204 });
const refused = (status: number, message: string, issues?: { path: string; message: string }[]) =>
  jsonResponse(status, {
    message,
    code: status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED',
    ...(issues ? { issues } : {}),
  });

/** A small « server » of the profile: it keeps the changes it is sent. */
function profileServer(overrides: Routes = {}) {
  const state = {
    name: 'Ama Mensah',
    email: 'ama@flamboyants.tg',
    avatarUrl: null as string | null,
  };
  const body = (request: RouteRequest) => request.body as Record<string, string>;
  const fetchMock = routeFetch({
    'GET /api/profile': () => ({ ...state }),
    'PATCH /api/profile': (request) => {
      state.name = body(request).name ?? state.name;
      return { ...state };
    },
    'PUT /api/profile/avatar': () => {
      state.avatarUrl = '/api/avatars/nouvelle.png';
      return { ...state };
    },
    'DELETE /api/profile/avatar': () => {
      state.avatarUrl = null;
      return { ...state };
    },
    'POST /api/profile/email': (request) => {
      state.email = body(request).email ?? state.email;
      return { ...state };
    },
    'POST /api/profile/password': noContent,
    'DELETE /api/profile': noContent,
    ...overrides,
  });
  return { state, fetchMock };
}

async function openProfile(options: Parameters<typeof renderApp>[1] = {}) {
  const view = await renderApp('/admin/profiles', options);
  await screen.findByRole('heading', { level: 1, name: 'Mon profil' });
  return view;
}

const section = (name: string) => screen.getByRole('region', { name });
const field = (scope: HTMLElement, label: string) =>
  within(scope).getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('« Mon profil »', () => {
  it('shows the profile with the spec sections, its title and the back link to Notifications', async () => {
    storeSession();
    const { fetchMock } = profileServer();
    await openProfile();
    await waitFor(() => expect(document.title).toBe('Mon profil — Écolage'));
    const back = screen.getByRole('link', { name: 'Retour : Notifications' });
    expect(back.getAttribute('href')).toBe('/admin/notifications');
    expect(back.textContent).toBe('←Notifications');
    for (const name of [
      'Photo de profil',
      'Nom',
      'Adresse e-mail de connexion',
      'Mot de passe',
      'Supprimer mon compte',
    ]) {
      expect(section(name)).toBeTruthy();
    }
    expect(field(section('Nom'), 'Nom complet').value).toBe('Ama Mensah');
    expect(
      within(section('Adresse e-mail de connexion')).getByText('ama@flamboyants.tg'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/profile')).toHaveLength(1);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jeton-a');
  });

  it('has no back link for a member who may not open the notification settings', async () => {
    storeSession(withPermissions('read:payments'));
    profileServer();
    await openProfile();
    expect(screen.queryByRole('link', { name: 'Retour : Notifications' })).toBeNull();
    expect(section('Mot de passe')).toBeTruthy();
  });

  it('takes a name changed elsewhere into the session', async () => {
    storeSession();
    const { state } = profileServer();
    state.name = 'Ama Mensah-Kodjo';
    await openProfile();
    await waitFor(() =>
      expect(field(section('Nom'), 'Nom complet').value).toBe('Ama Mensah-Kodjo'),
    );
    expect(storedSession()?.user.name).toBe('Ama Mensah-Kodjo');
  });

  it('is in English when the reader chose it', async () => {
    await changeLanguage('en');
    storeSession();
    profileServer();
    await renderApp('/admin/profiles');
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('My profile — Écolage'));
    expect(screen.getByRole('button', { name: 'Change the password' })).toBeTruthy();
  });
});

describe('name', () => {
  it('checks the name, shows « Enregistrement… », then updates the session and the avatar menu', async () => {
    storeSession();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetchMock, state } = profileServer({
      'PATCH /api/profile': async (request) => {
        await held;
        state.name = (request.body as { name: string }).name;
        return { ...state };
      },
    });
    const { user } = await openProfile();
    const name = field(section('Nom'), 'Nom complet');
    const submit = within(section('Nom')).getByRole('button', { name: 'Enregistrer le nom' });
    // Nothing to save yet: the button says why.
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(describedTextOf(submit)).toBe('Aucune modification à enregistrer.');

    await user.clear(name);
    await user.type(name, 'A');
    await user.click(submit);
    expect(describedText(name)).toContain('Le nom doit contenir au moins 2 caractères.');
    expect(document.activeElement).toBe(name);
    expect(callsTo(fetchMock, 'PATCH', '/api/profile')).toHaveLength(0);

    await user.type(name, 'fi Mensah ');
    expect(describedText(name)).not.toContain('au moins 2');
    await user.click(submit);
    await waitFor(() => expect(submit.textContent).toBe('Enregistrement…'));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(bodiesSentTo(fetchMock, 'PATCH', '/api/profile')).toEqual([{ name: 'Afi Mensah' }]);

    release();
    expect(await screen.findByText('Nom enregistré.')).toBeTruthy();
    expect(storedSession()?.user.name).toBe('Afi Mensah');
    expect(name.value).toBe('Afi Mensah');
    await user.click(screen.getByRole('button', { name: /Menu du compte/ }));
    expect(screen.getByRole('button', { name: 'Menu du compte (Afi Mensah)' })).toBeTruthy();
  });

  it("puts the server's refusal under the field", async () => {
    storeSession();
    profileServer({
      'PATCH /api/profile': () =>
        refused(400, 'Requête invalide.', [{ path: 'name', message: 'Ce nom est refusé.' }]),
    });
    const { user } = await openProfile();
    const name = field(section('Nom'), 'Nom complet');
    await user.clear(name);
    await user.type(name, 'Zz');
    await user.click(within(section('Nom')).getByRole('button', { name: 'Enregistrer le nom' }));
    await waitFor(() => expect(describedText(name)).toContain('Ce nom est refusé.'));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(storedSession()?.user.name).toBe('Ama Mensah');
  });
});

function describedTextOf(element: HTMLElement): string {
  return describedText(element).trim();
}

describe('profile picture', () => {
  const photoInput = () =>
    within(section('Photo de profil')).getByLabelText('Choisir une photo') as HTMLInputElement;

  it('refuses what is not a PNG, JPEG or WebP image, or weighs more than 1 Mo, before sending', async () => {
    storeSession();
    const { fetchMock } = profileServer();
    const { user } = await openProfile({ user: userEvent.setup({ applyAccept: false }) });
    await user.upload(photoInput(), new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }));
    expect(describedText(photoInput())).toContain(
      'La photo de profil doit être une image (PNG, JPEG ou WebP).',
    );
    const big = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'grande.png', {
      type: 'image/png',
    });
    await user.upload(photoInput(), big);
    expect(describedText(photoInput())).toContain('La photo de profil ne doit pas dépasser 1 Mo.');
    expect(callsTo(fetchMock, 'PUT', '/api/profile/avatar')).toHaveLength(0);
  });

  it('previews the chosen image, saves it, and the session shows the new photo; then removes it', async () => {
    storeSession();
    const { fetchMock } = profileServer();
    const { user } = await openProfile();
    expect(within(section('Photo de profil')).queryByRole('img')).toBeNull();
    await user.upload(photoInput(), new File([PNG_BYTES], 'moi.png', { type: 'image/png' }));

    const preview = await within(section('Photo de profil')).findByRole('img', {
      name: 'Aperçu de la nouvelle photo',
    });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(
      within(section('Photo de profil')).getByText(
        "Aperçu : la nouvelle photo n'est pas encore enregistrée.",
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/profile/avatar')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Enregistrer la photo' }));
    expect(await screen.findByText('Photo de profil enregistrée.')).toBeTruthy();
    const [sent] = bodiesSentTo(fetchMock, 'PUT', '/api/profile/avatar') as { avatar: string }[];
    expect(sent?.avatar).toMatch(/^data:image\/png;base64,/);
    expect(storedSession()?.user.avatarUrl).toBe('/api/avatars/nouvelle.png');
    expect(
      within(section('Photo de profil'))
        .getByRole('img', { name: 'Votre photo de profil' })
        .getAttribute('src'),
    ).toBe('/api/avatars/nouvelle.png');

    await user.click(screen.getByRole('button', { name: 'Retirer la photo' }));
    expect(await screen.findByText('Photo de profil retirée.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', '/api/profile/avatar')).toHaveLength(1);
    expect(storedSession()?.user.avatarUrl).toBeNull();
    expect(within(section('Photo de profil')).queryByRole('img')).toBeNull();
  });

  it('shows « Enregistrement… » while saving and the server refusal under the picture; Annuler drops the choice', async () => {
    storeSession();
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = profileServer({
      'PUT /api/profile/avatar': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = await openProfile();
    await user.upload(photoInput(), new File([PNG_BYTES], 'moi.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Enregistrer la photo' }));
    const saving = await screen.findByRole('button', { name: 'Enregistrement…' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);

    answer(
      refused(400, 'Requête invalide.', [
        { path: 'avatar', message: 'Ce fichier n’est pas une image PNG, JPEG ou WebP.' },
      ]),
    );
    await waitFor(() =>
      expect(describedText(screen.getByLabelText('Choisir une autre photo'))).toContain(
        'Ce fichier n’est pas une image PNG, JPEG ou WebP.',
      ),
    );
    expect(storedSession()?.user.avatarUrl).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(within(section('Photo de profil')).queryByRole('img')).toBeNull();
    expect(callsTo(fetchMock, 'PUT', '/api/profile/avatar')).toHaveLength(1);
  });
});

describe('sign-in e-mail', () => {
  const scope = () => section('Adresse e-mail de connexion');
  const email = () => field(scope(), 'Nouvelle adresse e-mail');
  const password = () => field(scope(), 'Mot de passe actuel');
  const submit = () =>
    within(scope()).getByRole('button', { name: /Changer l'adresse e-mail|Changement…/ });

  it('checks the address and the password in the browser', async () => {
    storeSession();
    const { fetchMock } = profileServer();
    const { user } = await openProfile();
    await user.click(submit());
    expect(describedText(email())).toContain("L'adresse e-mail est obligatoire.");
    expect(describedText(password())).toContain('Le mot de passe actuel est obligatoire.');
    expect(document.activeElement).toBe(email());

    await user.type(email(), 'ama@flamboyants');
    await user.click(submit());
    expect(describedText(email())).toContain("Format d'e-mail invalide.");

    await user.clear(email());
    await user.type(email(), ' AMA@flamboyants.tg');
    await user.click(submit());
    expect(describedText(email())).toContain("C'est déjà votre adresse e-mail.");
    expect(callsTo(fetchMock, 'POST', '/api/profile/email')).toHaveLength(0);
  });

  it('puts a wrong password and a taken address on their fields', async () => {
    storeSession();
    let attempt = 0;
    profileServer({
      'POST /api/profile/email': () => {
        attempt += 1;
        return attempt === 1
          ? refused(400, 'Mot de passe incorrect.', [
              { path: 'password', message: 'Mot de passe incorrect.' },
            ])
          : refused(409, 'Un compte existe déjà avec cette adresse e-mail.', [
              { path: 'email', message: 'Un compte existe déjà avec cette adresse e-mail.' },
            ]);
      },
    });
    const { user } = await openProfile();
    await user.type(email(), 'kossi@flamboyants.tg');
    await user.type(password(), 'mauvais');
    await user.click(submit());
    await waitFor(() => expect(describedText(password())).toContain('Mot de passe incorrect.'));
    expect(document.activeElement).toBe(password());
    expect(describedText(email())).toBe('');

    await user.click(submit());
    await waitFor(() =>
      expect(describedText(email())).toContain('Un compte existe déjà avec cette adresse e-mail.'),
    );
    expect(document.activeElement).toBe(email());
    expect(storedSession()?.user.email).toBe('ama@flamboyants.tg');
  });

  it('changes the address: « Changement… », the session follows, the fields are cleared', async () => {
    storeSession();
    const { fetchMock } = profileServer();
    const { user } = await openProfile();
    await user.type(email(), ' Ama.Mensah@Flamboyants.tg ');
    await user.type(password(), 'secret123');
    await user.click(submit());
    expect(
      await screen.findByText(
        'Adresse e-mail changée : connectez-vous désormais avec ama.mensah@flamboyants.tg.',
      ),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/profile/email')).toEqual([
      { email: 'ama.mensah@flamboyants.tg', password: 'secret123' },
    ]);
    expect(storedSession()?.user.email).toBe('ama.mensah@flamboyants.tg');
    expect(email().value).toBe('');
    expect(password().value).toBe('');
    expect(within(scope()).getByText('ama.mensah@flamboyants.tg')).toBeTruthy();
  });
});

describe('password', () => {
  const scope = () => section('Mot de passe');
  const current = () => field(scope(), 'Mot de passe actuel');
  const next = () => field(scope(), 'Nouveau mot de passe');
  const confirmation = () => field(scope(), 'Confirmez le nouveau mot de passe');
  const submit = () =>
    within(scope()).getByRole('button', { name: /Changer le mot de passe|Changement…/ });

  it('has the spec fields and checks them in the browser', async () => {
    storeSession();
    const { fetchMock } = profileServer();
    const { user } = await openProfile();
    expect(current().autocomplete).toBe('current-password');
    expect(next().autocomplete).toBe('new-password');
    await user.click(submit());
    expect(describedText(current())).toContain('Le mot de passe actuel est obligatoire.');
    expect(describedText(next())).toContain('Le mot de passe est obligatoire.');
    expect(describedText(confirmation())).toContain('Confirmez le mot de passe.');
    expect(document.activeElement).toBe(current());

    await user.type(current(), 'ancien-mdp');
    await user.type(next(), '12345');
    await user.type(confirmation(), '12345');
    await user.click(submit());
    expect(describedText(next())).toContain('Le mot de passe doit contenir au moins 6 caractères.');
    expect(describedText(confirmation())).not.toContain('correspondent');

    await user.type(next(), '6');
    await user.click(submit());
    expect(describedText(confirmation())).toContain('Les mots de passe ne correspondent pas.');
    expect(callsTo(fetchMock, 'POST', '/api/profile/password')).toHaveLength(0);
  });

  it("shows the server's refusal of the current password under it", async () => {
    storeSession();
    profileServer({
      'POST /api/profile/password': () =>
        refused(400, 'Mot de passe incorrect.', [
          { path: 'currentPassword', message: 'Mot de passe incorrect.' },
        ]),
    });
    const { user } = await openProfile();
    await user.type(current(), 'pas-le-bon');
    await user.type(next(), 'nouveau-mdp');
    await user.type(confirmation(), 'nouveau-mdp');
    await user.click(submit());
    await waitFor(() => expect(describedText(current())).toContain('Mot de passe incorrect.'));
    expect(document.activeElement).toBe(current());
    expect(next().value).toBe('nouveau-mdp');
  });

  it('changes it: « Changement… », a toast, the fields cleared, the session kept', async () => {
    storeSession();
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = profileServer({
      'POST /api/profile/password': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = await openProfile();
    await user.type(current(), 'ancien-mdp');
    await user.type(next(), 'nouveau-mdp');
    await user.type(confirmation(), 'nouveau-mdp');
    await user.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('Changement…'));
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/profile/password')).toEqual([
      { currentPassword: 'ancien-mdp', newPassword: 'nouveau-mdp', confirmPassword: 'nouveau-mdp' },
    ]);

    answer(noContent());
    expect(
      await screen.findByText('Mot de passe modifié. Vos autres sessions sont fermées.'),
    ).toBeTruthy();
    expect([current().value, next().value, confirmation().value]).toEqual(['', '', '']);
    expect(storedSession()).not.toBeNull();
    await waitFor(() => expect(currentUrl()).toBe('/admin/profiles'));
  });
});

describe('account deletion', () => {
  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    return screen.getByRole('dialog', { name: 'Supprimer votre compte ?' });
  }

  it('asks for the password in a dialog and keeps the refusal of the last Super administration in it', async () => {
    storeSession();
    const message =
      'Impossible de supprimer votre compte : vous êtes le dernier Super administration d’une école. Nommez d’abord quelqu’un d’autre.';
    const { fetchMock } = profileServer({ 'DELETE /api/profile': () => refused(409, message) });
    const { user } = await openProfile();
    const dialog = await openDialog(user);
    const password = within(dialog).getByLabelText('Mot de passe', { selector: 'input' });
    expect(document.activeElement).toBe(password);
    expect(
      within(dialog).getByText(/ne pourrez plus vous connecter avec ama@flamboyants.tg/),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(describedText(password)).toContain('Le mot de passe est obligatoire.');
    expect(callsTo(fetchMock, 'DELETE', '/api/profile')).toHaveLength(0);

    await user.type(password, 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', message);
    expect(bodiesSentTo(fetchMock, 'DELETE', '/api/profile')).toEqual([{ password: 'secret123' }]);
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(storedSession()).not.toBeNull();
  });

  it('puts a wrong password under the field', async () => {
    storeSession();
    profileServer({
      'DELETE /api/profile': () =>
        refused(400, 'Mot de passe incorrect.', [
          { path: 'password', message: 'Mot de passe incorrect.' },
        ]),
    });
    const { user } = await openProfile();
    const dialog = await openDialog(user);
    const password = within(dialog).getByLabelText('Mot de passe', { selector: 'input' });
    await user.type(password, 'pas-le-bon');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    await waitFor(() => expect(describedText(password)).toContain('Mot de passe incorrect.'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows « Suppression… », then ends the session and goes home with a toast', async () => {
    storeSession();
    let answer: (response: Response) => void = () => undefined;
    profileServer({
      'DELETE /api/profile': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = await openProfile();
    const dialog = await openDialog(user);
    await user.type(
      within(dialog).getByLabelText('Mot de passe', { selector: 'input' }),
      'secret123',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    const pending = await within(dialog).findByRole('button', { name: 'Suppression…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);

    answer(noContent());
    expect(await screen.findByText('Votre compte est supprimé.')).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/'));
    expect(window.localStorage.getItem('ecolage.session')).toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: /Payez les frais de scolarité/ }),
    ).toBeTruthy();
  });

  it('closes with Annuler and forgets what was typed', async () => {
    storeSession();
    const { fetchMock } = profileServer();
    const { user } = await openProfile();
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Mot de passe', { selector: 'input' }), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    dialog = await openDialog(user);
    expect(
      (within(dialog).getByLabelText('Mot de passe', { selector: 'input' }) as HTMLInputElement)
        .value,
    ).toBe('');
    expect(callsTo(fetchMock, 'DELETE', '/api/profile')).toHaveLength(0);
  });
});
