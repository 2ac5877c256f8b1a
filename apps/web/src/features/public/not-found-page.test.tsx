import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/render-app';

describe('not-found page', () => {
  it('answers an unknown path with « Page introuvable » and a way home', async () => {
    const { user } = await renderApp('/une-page-qui-nexiste-pas');
    expect(screen.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page introuvable — Écolage'));
    expect(screen.getByRole('banner')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: "Retour à l'accueil" }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Payez les frais de scolarité, sans tracas.',
      }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Écolage — Frais de scolarité sans tracas'));
  });
});
