import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { describedText } from '../../test/fields';
import { storeSession, withPermissions } from '../../test/session';
import { refusal, settingsServer } from './settings-fixtures';

const hexField = () => screen.getByLabelText('Code de la couleur') as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Sauvegarder' });
const logoInput = () => screen.getByLabelText('Choisir un logo') as HTMLInputElement;

beforeEach(() => {
  // jsdom has no object URLs: the preview needs one.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:apercu', revokeObjectURL: () => undefined }),
  );
});

async function openAppearance() {
  const view = await renderApp('/admin/appearance');
  await screen.findByRole('heading', { level: 1, name: 'Apparence' });
  await waitFor(() => expect(hexField().value).toBe('#484D9B'));
  return view;
}

describe('« Apparence »', () => {
  it('shows the colour with its preview, warns when white text on it is unreadable', async () => {
    storeSession();
    settingsServer();
    const { user } = await openAppearance();
    expect((screen.getByLabelText('Choisir la couleur') as HTMLInputElement).value).toBe('#484d9b');
    expect(
      screen.getByText(/Contraste du texte blanc sur cette couleur : \d+,\d:1\./),
    ).toBeTruthy();
    expect(screen.queryByText(/sera difficile à lire/)).toBeNull();

    await user.clear(hexField());
    await user.type(hexField(), '#FFFF00');
    expect(
      screen.getByText(
        'Le texte sur cette couleur sera difficile à lire (contraste 1,0:1, il faut 4,5:1).',
      ),
    ).toBeTruthy();
    // The preview is drawn in the typed colour.
    const preview = within(screen.getByTestId('colour-preview')).getByText('Bouton principal');
    expect(preview.style.backgroundColor).toBe('rgb(255, 255, 0)');
  });

  it('saves the colour and the school’s theme (the warning does not block)', async () => {
    storeSession();
    const server = settingsServer();
    const { user } = await openAppearance();
    await user.clear(hexField());
    await user.type(hexField(), '#ffff00');
    await user.click(screen.getByRole('radio', { name: 'Clair' }));
    await user.click(save());
    expect(await screen.findByText('Apparence enregistrée.')).toBeTruthy();
    expect(server.sent('PUT', '/api/settings/appearance').map((r) => r.body)).toEqual([
      { brandColor: '#FFFF00', defaultTheme: 'light' },
    ]);
  });

  it('refuses what is not a colour, here and from the server, under the field', async () => {
    storeSession();
    const server = settingsServer({
      'PUT /api/settings/appearance': () =>
        refusal(
          400,
          'APPEARANCE_COLOR_INVALID',
          'Choisissez une couleur au format #RRGGBB (ex. #484D9B).',
          'brandColor',
        ),
    });
    const { user } = await openAppearance();
    await user.clear(hexField());
    await user.type(hexField(), 'rouge');
    await user.click(save());
    await waitFor(() =>
      expect(describedText(hexField())).toContain('Choisissez une couleur au format #RRGGBB'),
    );
    expect(server.sent('PUT', '/api/settings/appearance')).toEqual([]);

    // A colour the server refuses all the same lands under the field too.
    await user.clear(hexField());
    await user.type(hexField(), '#123456');
    await user.click(save());
    await waitFor(() => expect(server.sent('PUT', '/api/settings/appearance')).toHaveLength(1));
    await waitFor(() => expect(hexField().getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(hexField())).toContain('Choisissez une couleur au format #RRGGBB');
  });

  it('previews a chosen logo before sending it on its own call', async () => {
    storeSession();
    const server = settingsServer();
    const { user } = await openAppearance();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
      type: 'image/png',
    });
    await user.upload(logoInput(), png);
    expect(screen.getByRole('img', { name: 'Aperçu du nouveau logo' }).getAttribute('src')).toBe(
      'blob:apercu',
    );
    expect(screen.getByText("Aperçu : le nouveau logo n'est pas encore enregistré.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enregistrer le logo' }));
    expect(await screen.findByText('Logo enregistré.')).toBeTruthy();
    const [upload] = server.sent('POST', '/api/settings/logo');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('logo.png');
  });

  it('refuses a logo over 2 Mo before sending it', async () => {
    storeSession();
    const server = settingsServer();
    const { user } = await openAppearance();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'grand.png', { type: 'image/png' });
    await user.upload(logoInput(), big);
    expect((await screen.findByRole('alert')).textContent).toMatch(/2 Mo/);
    expect(screen.queryByRole('button', { name: 'Enregistrer le logo' })).toBeNull();
    expect(server.sent('POST', '/api/settings/logo')).toEqual([]);
  });

  it('shows a read-only screen to a member without manage:settings', async () => {
    storeSession(withPermissions('read:settings'));
    settingsServer();
    await openAppearance();
    expect(hexField().matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Sauvegarder' })).toBeNull();
    expect(screen.queryByLabelText('Choisir un logo')).toBeNull();
  });
});
