import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/render-app';

describe('public pages', () => {
  it.each([
    ['/about', 'À propos', 'Notre mission'],
    ['/services', 'Services', 'Comment ça marche'],
    ['/contact', 'Contact', 'Nos coordonnées'],
    ['/confidentialite', 'Politique de confidentialité', '6. Vos droits'],
    ['/conditions', "Conditions d'utilisation", '7. Droit applicable'],
  ])('%s has real content and its own title', async (path, title, section) => {
    await renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('heading', { name: section })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${title} — Écolage`));
  });

  it('keeps the heading order on the contact page (h1, then h2)', async () => {
    await renderApp('/contact');
    expect(screen.getByRole('heading', { level: 2, name: 'Nos coordonnées' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Envoyez-nous un message' })).toBeTruthy();
  });

  it('cites the Togolese personal data law in the privacy policy', async () => {
    await renderApp('/confidentialite');
    expect(screen.getAllByText(/loi n° 2019-014/).length).toBeGreaterThan(0);
  });

  it('loads a lazy page on client-side navigation', async () => {
    const { user } = await renderApp('/');
    await user.click(screen.getByRole('link', { name: 'À propos' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos' })).toBeTruthy();
  });
});
