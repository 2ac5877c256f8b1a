import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../../i18n';
import { PricingSection } from './pricing-section';

/** Matches text as rendered: no whitespace folding, so U+202F and U+00A0 are checked too. */
const raw = { normalizer: (text: string) => text };

function renderPricing() {
  render(
    <MemoryRouter>
      <PricingSection />
    </MemoryRouter>,
  );
  const card = (name: string) =>
    screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
  return { card };
}

describe('pricing plans', () => {
  it('shows the Découverte price in French format: « 165 000 FCFA » with U+202F', () => {
    const { card } = renderPricing();
    const decouverte = within(card('Découverte'));
    expect(decouverte.getByText('165\u202F000\u00A0FCFA', raw)).toBeTruthy();
    expect(decouverte.getByText('/\u00A0an', raw)).toBeTruthy();
    expect(decouverte.getByText('5 utilisateurs')).toBeTruthy();
    expect(decouverte.getByText('1\u202F000 rappels par mois', raw)).toBeTruthy();
    expect(
      decouverte.getByText('Premier 1\u202F000\u202F000\u00A0FCFA encaissé sans frais', raw),
    ).toBeTruthy();
    // The sign-up form starts on the plan chosen here.
    expect(decouverte.getByRole('link', { name: 'Choisir Découverte' }).getAttribute('href')).toBe(
      '/signup?formule=decouverte',
    );
  });

  it('highlights Croissance at 0 FCFA per month', () => {
    const { card } = renderPricing();
    const croissance = within(card('Croissance'));
    expect(croissance.getByText('0\u00A0FCFA', raw)).toBeTruthy();
    expect(croissance.getByText('/\u00A0mois', raw)).toBeTruthy();
    expect(croissance.getByText('Recommandé')).toBeTruthy();
    expect(croissance.getByText('Utilisateurs illimités')).toBeTruthy();
    expect(
      croissance.getByRole('link', { name: 'Commencez gratuitement' }).getAttribute('href'),
    ).toBe('/signup?formule=croissance');
    expect(within(card('Découverte')).queryByText('Recommandé')).toBeNull();
  });

  it('quotes Personnalisé and sends it to the contact page', () => {
    const { card } = renderPricing();
    const personnalise = within(card('Personnalisé'));
    expect(personnalise.getByText('Sur devis')).toBeTruthy();
    expect(personnalise.getByText('Aucuns frais de paiement')).toBeTruthy();
    expect(personnalise.getByText('Support premium 24/7')).toBeTruthy();
    expect(personnalise.getByRole('link', { name: 'Demander un devis' }).getAttribute('href')).toBe(
      '/contact',
    );
  });

  it('never shows dollars', () => {
    renderPricing();
    expect(document.body.textContent).not.toContain('$');
  });
});
