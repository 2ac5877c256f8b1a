import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { changeLanguage } from '../../i18n';
import { planAnswer, refusal, settingsServer } from './settings-fixtures';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const cardLinks = (group: string) =>
  within(screen.getByRole('region', { name: group }))
    .getAllByRole('link')
    .map((link) => [link.querySelector('span span')?.textContent, link.getAttribute('href')]);

describe('« Général », the settings hub', () => {
  it('lists the spec’s cards, each leading to its screen', async () => {
    storeSession();
    settingsServer();
    const { user } = await renderApp('/admin/general');
    await heading('Général');
    expect(cardLinks('Organisation')).toEqual([
      ['Apparence', '/admin/appearance'],
      ["Détails de l'organisation", '/admin/details'],
      ['Notifications', '/admin/notifications'],
      ['Pages', '/admin/pages'],
      ['Formule', '/admin/formule'],
    ]);
    expect(cardLinks('Compte')).toEqual([
      ['Équipe', '/admin/utilisateurs'],
      ['Mon Profil', '/admin/profiles'],
    ]);
    await user.click(screen.getByRole('link', { name: /^Apparence/ }));
    await heading('Apparence');
    expect(currentUrl()).toBe('/admin/appearance');
  });

  it('hides the cards the member’s role may not open', async () => {
    storeSession(withPermissions('read:settings'));
    settingsServer();
    await renderApp('/admin/general');
    await heading('Général');
    expect(cardLinks('Compte')).toEqual([['Mon Profil', '/admin/profiles']]);
    expect(screen.queryByRole('link', { name: /^Équipe/ })).toBeNull();
  });
});

describe('back links (spec §2 chain)', () => {
  it.each([
    ['/admin/appearance', 'Apparence', 'Retour : Général', '/admin/general'],
    ['/admin/details', "Détails de l'organisation", 'Retour : Apparence', '/admin/appearance'],
    [
      '/admin/notifications',
      'Notifications',
      "Retour : Détails de l'organisation",
      '/admin/details',
    ],
    ['/admin/formule', 'Formule', 'Retour : Général', '/admin/general'],
  ])('%s leads back as the spec says', async (path, title, back, target) => {
    storeSession();
    settingsServer();
    await renderApp(path);
    await heading(title);
    expect(screen.getByRole('link', { name: back }).getAttribute('href')).toBe(target);
  });
});

describe('« Paramètres »', () => {
  it('greets the member by first name with the school, its plan and its KYC status', async () => {
    storeSession();
    settingsServer();
    const { user } = await renderApp('/admin/parametres');
    await heading('Bonjour, Ama');
    const main = screen.getByRole('main');
    expect(within(main).getByText('Collège Les Flamboyants')).toBeTruthy();
    expect(await screen.findByText('Découverte')).toBeTruthy();
    expect(await screen.findByText('Refusé')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Ouvrir les paramètres' }));
    await heading('Général');
  });
});

// « Notifications »: notifications-page.test.tsx.

describe('« Formule »', () => {
  it('marks the current plan with its date, terms and usage', async () => {
    storeSession();
    settingsServer();
    await renderApp('/admin/formule');
    await heading('Formule');
    const current = (await screen.findByText('Votre formule')).closest('li') as HTMLElement;
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(within(current).getByRole('heading', { name: 'Découverte' })).toBeTruthy();
    expect(within(current).getByText('Depuis le 1 sept. 2026')).toBeTruthy();
    expect(within(current).getByText('Commission : 1,5 % par paiement')).toBeTruthy();
    expect(within(current).getByText('3 utilisateurs sur 5')).toBeTruthy();
    // Personnalisé is on quote: the contact page.
    expect(screen.getByRole('link', { name: 'Demander un devis' }).getAttribute('href')).toBe(
      '/contact',
    );
  });

  it('changes plan after confirmation', async () => {
    storeSession();
    const server = settingsServer({
      'PUT /api/settings/plan': () => ({ ...planAnswer(), plan: 'croissance' }),
    });
    const { user } = await renderApp('/admin/formule');
    await user.click(await screen.findByRole('button', { name: 'Passer à Croissance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer de formule' });
    await user.click(within(dialog).getByRole('button', { name: 'Changer de formule' }));
    expect(
      await screen.findByText('Votre école est maintenant en formule Croissance.'),
    ).toBeTruthy();
    expect(server.sent('PUT', '/api/settings/plan').map((r) => r.body)).toEqual([
      { plan: 'croissance' },
    ]);
  });

  it('shows the server’s refusal in the dialog (too many members for Découverte)', async () => {
    storeSession();
    settingsServer({
      'GET /api/settings/plan': () => ({
        ...planAnswer(),
        plan: 'croissance',
        usage: { members: 7, memberLimit: null },
      }),
      'PUT /api/settings/plan': () =>
        refusal(
          409,
          'PLAN_MEMBER_LIMIT_EXCEEDED',
          'La formule Découverte permet 5 utilisateurs : votre école en compte 7.',
        ),
    });
    const { user } = await renderApp('/admin/formule');
    expect(await screen.findByText('7 utilisateurs (illimité)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Passer à Découverte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer de formule' });
    await user.click(within(dialog).getByRole('button', { name: 'Changer de formule' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'La formule Découverte permet 5 utilisateurs : votre école en compte 7.',
    );
  });

  it('speaks English too', async () => {
    storeSession();
    settingsServer();
    await changeLanguage('en');
    await renderApp('/admin/formule');
    await heading('Plan');
    expect(await screen.findByText('3 users out of 5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back: General' })).toBeTruthy();
  });
});
