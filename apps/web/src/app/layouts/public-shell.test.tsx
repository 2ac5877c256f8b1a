import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';

describe('public shell', () => {
  it('has a skip link, the top bar and the footer on public pages', async () => {
    await renderApp('/');
    expect(screen.getByRole('link', { name: 'Aller au contenu' }).getAttribute('href')).toBe(
      '#contenu',
    );
    const banner = screen.getByRole('banner');
    expect(
      within(banner).getByRole('link', { name: 'Écolage, accueil' }).getAttribute('href'),
    ).toBe('/');
    const nav = within(banner).getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Fonctionnalités' }).getAttribute('href')).toBe(
      '/#fonctionnalites',
    );
    expect(within(nav).getByRole('link', { name: 'Tarifs' }).getAttribute('href')).toBe('/#tarifs');
    expect(within(nav).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(
      '/#contact',
    );
    expect(within(nav).getByRole('link', { name: 'Connexion' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(within(nav).getByRole('link', { name: 'Inscription' }).getAttribute('href')).toBe(
      '/signup',
    );

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('© 2025 Écolage. Tous droits réservés.')).toBeTruthy();
    for (const name of ['Politique de confidentialité', "Conditions d'utilisation"]) {
      expect(within(footer).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(footer).getByRole('button', { name: 'Paramètres des cookies' })).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('contenu');
  });

  it.each(['/dashboard', '/dashboard/x'])('hides the top bar and footer on %s', async (path) => {
    await renderApp(path);
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Aller au contenu' })).toBeNull();
  });

  it.each(['/admin', '/admin/etudiants'])(
    'gives way to the admin shell on %s (no public navigation or footer)',
    async (path) => {
      storeSession();
      await renderApp(path);
      expect(screen.getByRole('main')).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).toBeNull();
      expect(screen.queryByRole('contentinfo')).toBeNull();
      expect(screen.getByRole('navigation', { name: "Navigation de l'espace école" })).toBeTruthy();
    },
  );

  it('opens the small-screen menu with aria-expanded and closes it with Escape', async () => {
    const { user } = await renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Ouvrir le menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu?.tagName).toBe('NAV');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Fermer le menu');

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('opens the cookie settings dialog and closes it', async () => {
    const { user } = await renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Paramètres des cookies' }));
    const dialog = screen.getByRole('dialog', { name: 'Paramètres des cookies' });
    expect(within(dialog).getByText(/traceur publicitaire/i)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: "J'ai compris" }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
