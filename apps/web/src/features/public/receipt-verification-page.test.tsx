import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { receiptStatusLabels } from '@ecolage/contracts';
import type { ReceiptVerification } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { render } from '../../entry-server';
import { changeLanguage } from '../../i18n';
import { receipts } from '../../i18n/fr/receipts';
import { fcfaText } from '../students/student-fixtures';

const CODE = 'Xk3_q9-LmP2rT8wZ';
const PATH = `/api/public/receipts/${CODE}`;

const RECEIPT: ReceiptVerification = {
  number: 'REC-2026-000042',
  schoolName: 'Collège Les Flamboyants',
  issuedAt: '2026-11-21T14:06:00.000Z',
  amount: 65_000,
  refundedAmount: 0,
  status: 'valid',
  studentNames: ['K. Mensah'],
};

async function verify(answer: () => unknown) {
  const fetchMock = routeFetch({ [`GET ${PATH}`]: answer });
  const view = await renderApp(`/verifier/${CODE}`);
  return { ...view, fetchMock };
}

/** The value of a row of the receipt's details. */
function detail(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return (term.nextElementSibling?.textContent ?? '').replace(/\s/g, ' ');
}

describe('/verifier/:code', () => {
  it('confirms an authentic receipt with its number, school, date, amount and student', async () => {
    const { fetchMock } = await verify(() => RECEIPT);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reçu authentique' }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(
      screen.getByText('Ce reçu a bien été émis par Collège Les Flamboyants avec Écolage.'),
    ).toBeTruthy();
    expect(screen.getByText('Valide')).toBeTruthy();
    expect(detail('Numéro du reçu')).toBe('REC-2026-000042');
    expect(detail('École')).toBe('Collège Les Flamboyants');
    expect(detail("Date d'émission")).toBe('21 nov. 2026, 14:06');
    expect(detail('Montant payé')).toBe(fcfaText(65_000));
    expect(detail('Étudiant')).toBe('K. Mensah');
    expect(screen.queryByText('Montant remboursé')).toBeNull();
    expect(document.title).toBe('Vérification de reçu — Écolage');
    // In the public shell, with no session.
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', PATH)).toHaveLength(1);
    // No school's address name in the answer: no visit counted.
    expect(callsTo(fetchMock, 'POST', '/api/public/visits')).toEqual([]);
  });

  it('shows the school’s logo beside its name when it has one', async () => {
    const logo = '/api/public/schools/college-flamboyants/logo?v=3fa9c2';
    await verify(() => ({ ...RECEIPT, schoolLogoUrl: logo }));
    await screen.findByRole('heading', { level: 1, name: 'Reçu authentique' }, { timeout: 3000 });
    const term = screen.getByText('École', { selector: 'dt' });
    const image = term.nextElementSibling?.querySelector('img');
    expect(image?.getAttribute('src')).toBe(logo);
    expect(image?.getAttribute('alt')).toBe('');
    expect(detail('École')).toBe('Collège Les Flamboyants');
  });

  it('says plainly that a fully refunded receipt is cancelled', async () => {
    await verify(() => ({
      ...RECEIPT,
      status: 'cancelled',
      refundedAmount: 65_000,
      studentNames: ['K. Mensah', 'A. Mensah'],
    }));
    expect(await screen.findByText('Annulé (remboursé)', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText(/le paiement a été entièrement remboursé/)).toBeTruthy();
    expect(detail('Montant remboursé')).toBe(fcfaText(65_000));
    expect(detail('Étudiants')).toBe('K. Mensah, A. Mensah');
  });

  it('shows a partial refund', async () => {
    await verify(() => ({ ...RECEIPT, status: 'partially_refunded', refundedAmount: 20_000 }));
    expect(await screen.findByText('Partiellement remboursé', {}, { timeout: 3000 })).toBeTruthy();
    expect(detail('Montant remboursé')).toBe(fcfaText(20_000));
  });

  it('gives an unknown code a neutral « introuvable », with no detail', async () => {
    await verify(() =>
      jsonResponse(404, {
        message:
          'Reçu introuvable : ce code ne correspond à aucun reçu émis par une école sur Écolage.',
        code: 'NOT_FOUND',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reçu introuvable' }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Numéro du reçu')).toBeNull();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
  });

  it('asks to wait a minute when too many checks were made, then tries again', async () => {
    let limited = true;
    const { user, fetchMock } = await verify(() =>
      limited ? jsonResponse(429, { message: 'Trop de requêtes.', code: 'RATE_LIMITED' }) : RECEIPT,
    );
    expect(
      await screen.findByText(
        'Trop de vérifications, réessayez dans une minute.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', PATH)).toHaveLength(1); // no automatic retry
    limited = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Reçu authentique' })).toBeTruthy();
  });

  it('reads in English too', async () => {
    await changeLanguage('en');
    await verify(() => ({ ...RECEIPT, status: 'cancelled', refundedAmount: 65_000 }));
    expect(
      await screen.findByRole('heading', { name: 'Authentic receipt' }, { timeout: 3000 }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Cancelled (refunded)')).toBeTruthy());
  });

  it('renders on the server like the other public pages (the check runs in the browser)', async () => {
    const html = await render(`/verifier/${CODE}`);
    expect(html).toContain('Vérification du reçu…');
    expect(html).toContain('© 2025 Écolage. Tous droits réservés.');
  });

  it('counts the visit as the school’s « reçu » page', async () => {
    const { fetchMock } = await verify(() => ({ ...RECEIPT, schoolSlug: 'les-flamboyants' }));
    await screen.findByRole('heading', { level: 1, name: 'Reçu authentique' }, { timeout: 3000 });
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST', '/api/public/visits')).toEqual([
        { s: 'les-flamboyants', p: 'recu', r: '', q: '' },
      ]),
    );
  });

  it('names the states as the contracts do', () => {
    expect(receipts.receipts.status).toEqual(receiptStatusLabels);
  });
});
