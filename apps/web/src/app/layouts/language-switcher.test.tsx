import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { LANGUAGE_STORAGE_KEY } from '../../i18n/language';

describe('language switcher', () => {
  it('is French by default, whatever the browser says', async () => {
    await renderApp('/');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Payez les frais de scolarité, sans tracas.' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'FR – Français' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await waitFor(() => expect(document.title).toBe('Écolage — Frais de scolarité sans tracas'));
  });

  it('switches to English, remembers it and updates <html lang> and the title', async () => {
    const { user } = await renderApp('/');
    await user.click(screen.getByRole('button', { name: 'EN – English' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay school fees, hassle-free.' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText('165,000\u00A0FCFA', { normalizer: (text) => text })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    await waitFor(() => expect(document.title).toBe('Écolage — School fees made easy'));
    expect(screen.getByRole('button', { name: 'EN – English' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'FR – Français' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Payez les frais de scolarité, sans tracas.',
      }),
    ).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });
});
