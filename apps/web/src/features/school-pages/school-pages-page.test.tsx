import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SchoolPages } from '@ecolage/contracts';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { jsonResponse } from '../../test/fetch-mock';
import { settingsServer } from '../settings/settings-fixtures';

const LICENCE = '3f6c1a52-27c1-4a1e-9d0e-5b2b1f7a9c11';
const MASTER = '4a7d2b63-38d2-4b2f-8e1f-6c3c2a8b0d22';

function pagesAnswer(changes: Partial<SchoolPages> = {}): SchoolPages {
  return {
    slug: 'college-les-flamboyants',
    previousSlugs: [],
    publicIntro: null,
    addresses: {
      payPage: 'https://ecolage.tg/payer/college-les-flamboyants',
      registration: 'https://ecolage.tg/inscription/college-les-flamboyants',
      finder: 'https://ecolage.tg/form',
    },
    wallets: [
      { wallet: 'YAS_TG', offered: true },
      { wallet: 'MOOV_TG', offered: true },
      { wallet: 'CARD', offered: false },
    ],
    admissions: {
      open: true,
      allProgrammes: true,
      programmes: [
        { id: LICENCE, name: 'Licence Informatique', offered: true },
        { id: MASTER, name: 'Master Droit', offered: true },
      ],
    },
    ...changes,
  };
}

const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>';

function pagesServer(routes: Parameters<typeof settingsServer>[0] = {}) {
  return settingsServer({
    'GET /api/settings/pages': () => pagesAnswer(),
    'PUT /api/settings/pages': () => pagesAnswer(),
    'GET /api/settings/pages/payer/qr.svg': () =>
      new Response(QR_SVG, { headers: { 'Content-Type': 'image/svg+xml' } }),
    'GET /api/settings/pages/inscription/qr.svg': () =>
      new Response(QR_SVG, { headers: { 'Content-Type': 'image/svg+xml' } }),
    ...routes,
  });
}

describe('« Pages » (/admin/pages)', () => {
  it('shows the address with its live preview, the intro counter, wallets, programmes and links with QR codes', async () => {
    storeSession();
    pagesServer();
    const { user } = await renderApp('/admin/pages');
    await screen.findByRole('heading', { level: 1, name: 'Pages' });
    expect(screen.getByRole('link', { name: 'Retour : Général' }).getAttribute('href')).toBe(
      '/admin/general',
    );
    const slug = await screen.findByLabelText(/Identifiant de l’école/);
    expect((slug as HTMLInputElement).value).toBe('college-les-flamboyants');
    await user.clear(slug);
    await user.type(slug, 'flamboyants');
    expect(screen.getByText('https://ecolage.tg/payer/flamboyants')).toBeTruthy();
    expect(screen.getByText('https://ecolage.tg/inscription/flamboyants')).toBeTruthy();

    await user.type(screen.getByLabelText('Texte d’accueil'), 'Bienvenue');
    expect(screen.getByText('9 / 500 caractères')).toBeTruthy();

    const wallets = screen.getByRole('group', { name: 'Moyens de paiement proposés aux parents' });
    const boxes = within(wallets).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.value, box.checked])).toEqual([
      ['YAS_TG', true],
      ['MOOV_TG', true],
      ['CARD', false],
    ]);
    expect(within(wallets).getByRole('checkbox', { name: 'Carte bancaire' })).toBeTruthy();
    expect(
      (
        screen.getByLabelText(
          'Accepter les demandes de pré-inscription en ligne',
        ) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect((screen.getByLabelText('Master Droit') as HTMLInputElement).checked).toBe(true);

    const links = screen.getByRole('region', { name: 'Liens et QR codes' });
    expect(
      within(links).getByRole('link', { name: 'https://ecolage.tg/payer/college-les-flamboyants' }),
    ).toBeTruthy();
    const qr = (await within(links).findByAltText(
      'QR code de la page : Page de paiement',
    )) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(
      within(links).getByRole('button', { name: 'Copier le lien : Page de paiement' }),
    ).toBeTruthy();
    expect(
      within(links).getByRole('button', {
        name: 'Télécharger le QR code (PNG) : Formulaire de pré-inscription',
      }),
    ).toBeTruthy();
  });

  it('sends what Enregistrer says: the wallets ticked, one programme, the intro; all programmes → null', async () => {
    storeSession();
    const saved = pagesAnswer({
      slug: 'flamboyants',
      publicIntro: 'Bienvenue',
      previousSlugs: ['college-les-flamboyants'],
      admissions: {
        open: true,
        allProgrammes: false,
        programmes: [
          { id: LICENCE, name: 'Licence Informatique', offered: false },
          { id: MASTER, name: 'Master Droit', offered: true },
        ],
      },
    });
    const server = pagesServer({ 'PUT /api/settings/pages': () => saved });
    const { user } = await renderApp('/admin/pages');
    const slug = await screen.findByLabelText(/Identifiant de l’école/);
    await user.clear(slug);
    await user.type(slug, 'flamboyants');
    await user.type(screen.getByLabelText('Texte d’accueil'), 'Bienvenue');
    await user.click(screen.getByRole('checkbox', { name: 'Carte bancaire' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mixx by Yas' }));
    await user.click(screen.getByLabelText('Licence Informatique'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Pages enregistrées.');
    expect(server.sent('PUT', '/api/settings/pages').map((request) => request.body)).toEqual([
      {
        slug: 'flamboyants',
        publicIntro: 'Bienvenue',
        offeredWallets: ['MOOV_TG', 'CARD'],
        admissionsOpen: true,
        admissionProgrammeIds: [MASTER],
      },
    ]);
    expect(
      await screen.findByText('Anciennes adresses redirigées : college-les-flamboyants'),
    ).toBeTruthy();

    await user.click(screen.getByLabelText('Licence Informatique'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(server.sent('PUT', '/api/settings/pages')).toHaveLength(2));
    expect(server.sent('PUT', '/api/settings/pages')[1]?.body).toMatchObject({
      admissionProgrammeIds: null,
    });
  });

  it('puts the server’s refusals on their fields: a slug taken, no wallet', async () => {
    storeSession();
    const server = pagesServer({
      'PUT /api/settings/pages': () =>
        jsonResponse(409, {
          code: 'SCHOOL_SLUG_TAKEN',
          message: 'Cette adresse est déjà prise par une autre école : choisissez-en une autre.',
          issues: [
            {
              path: 'slug',
              message:
                'Cette adresse est déjà prise par une autre école : choisissez-en une autre.',
            },
          ],
        }),
    });
    const { user } = await renderApp('/admin/pages');
    await screen.findByLabelText(/Identifiant de l’école/);
    for (const wallet of ['Mixx by Yas', 'Moov Flooz'])
      await user.click(screen.getByRole('checkbox', { name: wallet }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Proposez au moins un moyen de paiement aux parents.'),
    ).toBeTruthy();
    expect(server.sent('PUT', '/api/settings/pages')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Moov Flooz' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const slug = screen.getByLabelText(/Identifiant de l’école/);
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText(
        'Cette adresse est déjà prise par une autre école : choisissez-en une autre.',
      ),
    ).toBeTruthy();
  });

  it('is read-only without manage:settings', async () => {
    storeSession(withPermissions('read:settings'));
    pagesServer();
    await renderApp('/admin/pages');
    const slug = await screen.findByLabelText(/Identifiant de l’école/);
    expect(slug.matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });
});
