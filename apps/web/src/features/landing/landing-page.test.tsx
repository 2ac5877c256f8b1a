import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';

describe('landing page', () => {
  it('promises hassle-free school fees and starts the sign-up', async () => {
    await renderApp('/');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Payez les frais de scolarité, sans tracas.' }),
    ).toBeTruthy();
    const hero = screen.getByRole('region', { name: 'Payez les frais de scolarité, sans tracas.' });
    expect(
      within(hero).getByRole('link', { name: 'Commencez gratuitement' }).getAttribute('href'),
    ).toBe('/signup');
    const banner = screen.getByRole('img', { name: /Illustration/ });
    expect(banner.getAttribute('width')).toBe('560');
    expect(banner.getAttribute('height')).toBe('480');
  });

  it('shows a parent without a link the way to pay or pre-register (/form, a server page)', async () => {
    await renderApp('/');
    const hero = screen.getByRole('region', { name: 'Payez les frais de scolarité, sans tracas.' });
    expect(within(hero).getByText(/Vous êtes parent/)).toBeTruthy();
    const link = within(hero).getByRole('link', {
      name: 'Payer ou pré-inscrire un élève dans son école',
    });
    expect(link.getAttribute('href')).toBe('/form');
    // A plain link: the router must not take /form for one of its own pages.
    expect(link.getAttribute('data-discover')).toBeNull();
  });

  it('names the mobile-money wallets as text', async () => {
    await renderApp('/');
    const wallets = screen.getByRole('heading', { name: 'Paiement accepté par' })
      .nextElementSibling as HTMLElement;
    expect(
      within(wallets)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mixx by Yas', 'Moov Flooz', 'MTN MoMo', 'Orange Money', 'Wave']);
  });

  it('has the four feature cards and the « vous gagnez, nous gagnons » model', async () => {
    await renderApp('/');
    const section = document.getElementById('fonctionnalites') as HTMLElement;
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Paiements digitaux', 'Reçus PDF', 'Gestion multi-rôles', 'Analyses financières']);
    expect(within(section).getByText('Vous gagnez, nous gagnons.')).toBeTruthy();
    expect(within(section).getByText('Paiement possible 24h/24, 7j/7')).toBeTruthy();
    expect(
      within(section).getByText('Système de caisse pour les paiements en espèces'),
    ).toBeTruthy();
    expect(within(section).getByText('Prévisions de trésorerie')).toBeTruthy();
  });
});
