import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { AFFICHE, campaign, campaignsRoutes, RENTREE } from './campaigns-fixtures';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

const EMAIL = campaign(4, {
  name: 'Lettre de rentrée',
  channel: 'email',
  audience: 'subscribers',
  subject: 'Les inscriptions sont ouvertes',
  body: 'Bonjour, inscrivez votre enfant : {lien}',
});

function routes() {
  return campaignsRoutes([RENTREE, AFFICHE, EMAIL], {
    extra: {},
  });
}

function withQr(base = routes()) {
  const qrRoutes = { ...base };
  for (const key of Object.keys(base)) {
    const match = /^GET (\/api\/marketing\/campaigns\/[^/]+)\/links$/.exec(key);
    if (!match) continue;
    for (const index of [1, 2]) {
      const link = `${match[1]}/links/6d7e8f90-0000-4d00-8d00-${String(index).padStart(12, '0')}`;
      qrRoutes[`GET ${link}/qr.svg`] = () =>
        new Response(SVG, { headers: { 'Content-Type': 'image/svg+xml' } });
      qrRoutes[`GET ${link}/qr.png`] = () =>
        new Response('png', {
          headers: {
            'Content-Type': 'image/png',
            'Content-Disposition': 'attachment; filename="affiche-rentree.png"',
          },
        });
    }
  }
  return qrRoutes;
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('A campaign’s page', () => {
  it('shows its results, creates a tracking link, shows its QR code and downloads the poster', async () => {
    storeSession();
    const fetchMock = routeFetch(withQr());
    const { user } = await renderApp(`/admin/marketing/campagnes/${RENTREE.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: RENTREE.name })).toBeTruthy();
    const results = screen.getByRole('region', { name: 'Résultats' });
    const figure = (name: string) =>
      (within(results).getByText(name).parentElement?.textContent ?? '').replace(/\s+/g, ' ');
    expect(figure('Portée')).toContain('1 240');
    expect(figure('Clics')).toContain('1 530');
    expect(figure('Pré-inscriptions')).toContain('12');
    expect(figure('Inscriptions')).toContain('5');
    expect(figure('Revenu encaissé')).toContain('150 000 FCFA');
    expect(figure('ROI')).toContain('2,5x');
    expect(screen.queryByRole('region', { name: 'Envoi' })).toBeNull();
    expect(await screen.findByText(/Aucun lien pour l’instant/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Nouveau lien' }));
    const form = screen.getByRole('form', { name: 'Nouveau lien' });
    await user.click(within(form).getByRole('button', { name: 'Créer le lien' }));
    expect(
      await within(form).findByText('Nommez ce lien (ex. « Publication du 3 septembre »).'),
    ).toBeTruthy();
    await user.type(within(form).getByLabelText(/Nom du lien/), 'Publication du 3 septembre');
    await user.click(within(form).getByRole('button', { name: 'Créer le lien' }));
    expect(await screen.findByText('Lien « Publication du 3 septembre » créé.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/marketing/campaigns/${RENTREE.id}/links`)).toEqual(
      [{ label: 'Publication du 3 septembre', destination: 'pre_registration' }],
    );
    expect(await screen.findByText('https://ecl.tg/s/Ab3xY9Qk')).toBeTruthy();
    const qr = await screen.findByRole('img', {
      name: `QR code du lien « Publication du 3 septembre » de la campagne ${RENTREE.name}`,
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(
      screen.getByRole('button', { name: 'Copier le lien « Publication du 3 septembre »' }),
    );
    expect(writeText).toHaveBeenCalledWith('https://ecl.tg/s/Ab3xY9Qk');
    expect(await screen.findByText('Lien copié.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Télécharger l’affiche (PNG)' }));
    await waitFor(() =>
      expect(
        callsTo(
          fetchMock,
          'GET',
          `/api/marketing/campaigns/${RENTREE.id}/links/6d7e8f90-0000-4d00-8d00-000000000001/qr.png`,
        ),
      ).toHaveLength(1),
    );
  });

  it('sends an e-mail campaign after a confirmation and shows its delivery figures', async () => {
    storeSession();
    const fetchMock = routeFetch(withQr());
    const { user } = await renderApp(`/admin/marketing/campagnes/${EMAIL.id}`);
    const sending = await screen.findByRole('region', { name: 'Envoi' });
    expect(within(sending).getByText('Abonnés aux nouvelles de l’école')).toBeTruthy();
    expect(within(sending).getByText('Les inscriptions sont ouvertes')).toBeTruthy();
    expect(within(sending).getByText('Pas encore envoyée.')).toBeTruthy();

    await user.click(within(sending).getByRole('button', { name: 'Envoyer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Envoyer la campagne ?' });
    expect(callsTo(fetchMock, 'POST', `/api/marketing/campaigns/${EMAIL.id}/send`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Envoyer maintenant' }));

    expect(await screen.findByText('Campagne envoyée à 42 destinataires.')).toBeTruthy();
    const figure = (name: string) =>
      within(sending).getByText(name).parentElement?.textContent ?? '';
    await waitFor(() => expect(figure('Destinataires')).toBe('Destinataires42'));
    expect(figure('Désabonnés ignorés')).toBe('Désabonnés ignorés3');
    expect(figure('Envoyés')).toBe('Envoyés42');
    expect(figure('Distribués')).toBe('Distribués40');
    expect(figure('Échecs')).toBe('Échecs2');
    expect(within(sending).queryByRole('button', { name: 'Envoyer' })).toBeNull();
  });

  it('pauses and duplicates from its header; the copy opens', async () => {
    storeSession();
    const fetchMock = routeFetch(withQr());
    const { user } = await renderApp(`/admin/marketing/campagnes/${RENTREE.id}`);
    await screen.findByRole('heading', { level: 1, name: RENTREE.name });
    await user.click(screen.getByRole('button', { name: `Actions pour « ${RENTREE.name} »` }));
    await user.click(screen.getByRole('menuitem', { name: 'Mettre en pause' }));
    expect(await screen.findByText(`« ${RENTREE.name} » est en pause.`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Actions pour « ${RENTREE.name} »` }));
    await user.click(screen.getByRole('menuitem', { name: 'Dupliquer' }));
    await waitFor(() => expect(currentUrl()).toBe(`/admin/marketing/campagnes/${campaign(99).id}`));
    expect(
      bodiesSentTo(fetchMock, 'POST', `/api/marketing/campaigns/${RENTREE.id}/actions`),
    ).toEqual([{ action: 'pause' }, { action: 'duplicate' }]);
  });

  it('says « introuvable » for another school’s campaign, and hides the changes from a reader', async () => {
    storeSession(withPermissions('read:marketing'));
    routeFetch(withQr());
    await renderApp(`/admin/marketing/campagnes/${campaign(55).id}`);
    expect(await screen.findByText('Campagne introuvable')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Campagnes' }).getAttribute('href')).toBe(
      '/admin/marketing',
    );
  });
});
