import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { currentUrl, renderApp } from '../../test/render-app';
import { deferredFetch, jsonResponse, sentBody, stubFetch } from '../../test/fetch-mock';
import { AVATAR_MAX_BYTES } from './avatar-field';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const avatarInput = () =>
  screen.getByLabelText(/Choisir une image|Changer d'image/) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: /Créer mon compte|Création…/ });

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

async function fill(user: UserEvent) {
  await user.type(field('Nom'), 'Ama Mensah');
  await user.type(field("Nom de l'école"), 'Collège Les Flamboyants');
  await user.type(field('E-mail'), 'Ama@Flamboyants.tg');
  await user.type(field('Mot de passe'), 'secret123');
}

describe('signup page', () => {
  it('has the French title, fields and link to login', async () => {
    await renderApp('/signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeTruthy();
    for (const label of ['Nom', "Nom de l'école", 'E-mail', 'Mot de passe']) {
      expect(field(label)).toBeTruthy();
    }
    expect(screen.getByRole('group', { name: 'Photo de profil (facultatif)' })).toBeTruthy();
    expect(avatarInput().accept).toBe('image/png,image/jpeg,image/webp');
    expect(
      screen.getByRole('link', { name: 'Déjà un compte ? Connectez-vous' }).getAttribute('href'),
    ).toBe('/login');
  });

  it('checks the spec rules under each field and sends nothing', async () => {
    const fetchMock = stubFetch(() => Promise.reject(new Error('no call expected')));
    const { user } = await renderApp('/signup');
    await user.type(field('Nom'), 'A');
    await user.type(field("Nom de l'école"), 'CL');
    await user.type(field('E-mail'), 'ama@');
    await user.type(field('Mot de passe'), 'abc');
    await user.click(submit());

    expect(describedText(field('Nom'))).toContain('Le nom doit contenir au moins 2 caractères.');
    expect(describedText(field("Nom de l'école"))).not.toContain('caractères');
    expect(describedText(field('E-mail'))).toContain("Format d'e-mail invalide.");
    expect(describedText(field('Mot de passe'))).toContain(
      'Le mot de passe doit contenir au moins 6 caractères.',
    );
    expect(document.activeElement).toBe(field('Nom'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a picture that is not PNG, JPEG or WebP', async () => {
    // As if the reader picked "All files" in the dialog.
    const { user } = await renderApp('/signup', { user: userEvent.setup({ applyAccept: false }) });
    await user.upload(avatarInput(), new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }));
    expect(
      screen.getByText('La photo de profil doit être une image (PNG, JPEG ou WebP).'),
    ).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Aperçu de la photo de profil' })).toBeNull();
  });

  it('refuses a picture over 1 Mo before reading it', async () => {
    const { user } = await renderApp('/signup');
    const big = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'grande.png', {
      type: 'image/png',
    });
    await user.upload(avatarInput(), big);
    expect(describedText(avatarInput())).toContain('La photo de profil ne doit pas dépasser 1 Mo.');
    expect(screen.queryByRole('img', { name: 'Aperçu de la photo de profil' })).toBeNull();
  });

  it('previews the chosen picture, can remove it, and sends it as a data URL', async () => {
    const fetchMock = stubFetch(() =>
      Promise.resolve(jsonResponse(201, { message: 'ok', organization: {} })),
    );
    const { user } = await renderApp('/signup');
    await user.upload(avatarInput(), new File([PNG_BYTES], 'moi.png', { type: 'image/png' }));
    const preview = (await screen.findByRole('img', {
      name: 'Aperçu de la photo de profil',
    })) as HTMLImageElement;
    expect(preview.src).toMatch(/^data:image\/png;base64,/);

    await user.click(screen.getByRole('button', { name: 'Retirer la photo' }));
    expect(screen.queryByRole('img', { name: 'Aperçu de la photo de profil' })).toBeNull();
    await user.upload(avatarInput(), new File([PNG_BYTES], 'moi.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Aperçu de la photo de profil' });

    await fill(user);
    await user.click(submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = sentBody(fetchMock) as Record<string, string>;
    expect(body.avatar).toBe(`data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`);
  });

  it('shows a conflict without a field (two sign-ups racing for one school name) as a toast', async () => {
    const message = 'Une autre demande vient de prendre ce nom : réessayez.';
    stubFetch(() => Promise.resolve(jsonResponse(409, { message, code: 'CONFLICT' })));
    const { user } = await renderApp('/signup');
    await fill(user);
    await user.click(submit());

    expect(await screen.findByText(message)).toBeTruthy();
    expect(describedText(field('E-mail'))).not.toContain(message);
    await waitFor(() => expect(currentUrl()).toBe('/signup'));
  });

  it("puts the server's field issues on their fields", async () => {
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(400, {
          message: 'Requête invalide.',
          code: 'VALIDATION_FAILED',
          issues: [{ path: 'schoolName', message: "Ce nom d'école est réservé." }],
        }),
      ),
    );
    const { user } = await renderApp('/signup');
    await fill(user);
    await user.click(submit());
    await waitFor(() =>
      expect(describedText(field("Nom de l'école"))).toContain("Ce nom d'école est réservé."),
    );
  });

  it('shows « Création… », sends the school, then opens the login page saying to check the mailbox', async () => {
    const { mock, respond } = deferredFetch();
    const { user } = await renderApp('/signup');
    await fill(user);
    await user.click(submit());

    await waitFor(() => expect(mock).toHaveBeenCalledTimes(1));
    expect(mock.mock.calls[0]?.[0]).toBe('/api/auth/registration');
    expect(sentBody(mock)).toEqual({
      name: 'Ama Mensah',
      schoolName: 'Collège Les Flamboyants',
      email: 'ama@flamboyants.tg',
      password: 'secret123',
      // No plan in the address: Croissance, the landing page's recommended one.
      plan: 'croissance',
    });
    expect(submit().textContent).toBe('Création…');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);

    // The server's answer is the same whether the address already had an account or not.
    respond(
      jsonResponse(201, {
        message:
          'Demande enregistrée. Vérifiez votre messagerie : nous vous avons écrit à cette adresse. Si votre école vient d’être créée, vous pouvez déjà vous connecter.',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    // It stays on the page (not a toast that fades): the reader has to go and read an e-mail.
    expect(screen.getByRole('status').textContent).toBe(
      'Demande enregistrée. Vérifiez votre messagerie : nous vous avons écrit à cette adresse. Si votre école vient d’être créée, vous pouvez déjà vous connecter.',
    );
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ama@flamboyants.tg');
  });

  it('starts on the plan of the address (?formule=) and sends the one chosen', async () => {
    const { mock } = deferredFetch();
    const { user } = await renderApp('/signup?formule=decouverte');
    const group = screen.getByRole('group', { name: 'Formule' });
    const decouverte = within(group).getByRole('radio', { name: /Découverte/ });
    const croissance = within(group).getByRole('radio', { name: /Croissance/ });
    expect((decouverte as HTMLInputElement).checked).toBe(true);
    expect((croissance as HTMLInputElement).checked).toBe(false);
    // Personnalisé is on quote: a link to the contact page, not a choice.
    expect(within(group).queryByRole('radio', { name: /Personnalisé/ })).toBeNull();
    expect(
      within(group)
        .getByRole('link', { name: /demandez un devis/ })
        .getAttribute('href'),
    ).toBe('/contact');

    await fill(user);
    await user.click(submit());
    await waitFor(() => expect(mock).toHaveBeenCalledTimes(1));
    expect(sentBody(mock)).toMatchObject({ plan: 'decouverte' });
  });

  it('starts on Croissance for an unknown ?formule= and sends the plan clicked', async () => {
    const { mock } = deferredFetch();
    const { user } = await renderApp('/signup?formule=inconnue');
    const group = screen.getByRole('group', { name: 'Formule' });
    expect(
      (within(group).getByRole('radio', { name: /Croissance/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(group).getByRole('radio', { name: /Découverte/ }));
    await fill(user);
    await user.click(submit());
    await waitFor(() => expect(mock).toHaveBeenCalledTimes(1));
    expect(sentBody(mock)).toMatchObject({ plan: 'decouverte' });
  });
});
