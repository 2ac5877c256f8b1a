import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchResult } from '@ecolage/contracts';
import { changeLanguage } from '../../i18n';
import { callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';

const STUDENT = 'a1b2c3d4-0000-4000-8000-000000000001';
const PAYMENT = 'a1b2c3d4-0000-4000-8000-000000000002';

/** Every group of a member allowed everything: two students (with more), a payment. */
function answer(q: string): SearchResult {
  return {
    q,
    groups: [
      {
        kind: 'students',
        more: true,
        hits: [
          {
            kind: 'student',
            id: STUDENT,
            title: 'Kɔffi Mensah',
            href: `/admin/etudiants/${STUDENT}`,
            matricule: 'STU-042',
            programme: 'Licence Informatique',
            status: 'active',
            archived: false,
          },
          {
            kind: 'student',
            id: 'a1b2c3d4-0000-4000-8000-000000000003',
            title: 'Kɔffi Ama',
            href: '/admin/etudiants/a1b2c3d4-0000-4000-8000-000000000003',
            matricule: 'STU-043',
            programme: null,
            status: 'suspended',
            archived: false,
          },
        ],
      },
      { kind: 'guardians', more: false, hits: [] },
      { kind: 'invoices', more: false, hits: [] },
      { kind: 'receipts', more: false, hits: [] },
      {
        kind: 'payments',
        more: false,
        hits: [
          {
            kind: 'payment',
            id: PAYMENT,
            title: 'TXN-ABC-12345',
            href: `/admin/paiements?paiement=${PAYMENT}`,
            amount: 40_000,
            status: 'pending',
            provider: 'mtn',
            payerName: 'Afi Mensah',
            createdAt: '2026-06-15T10:00:00Z',
          },
        ],
      },
    ],
  };
}

function searchRoutes(empty = false) {
  return routeFetch({
    'GET /api/search': ({ url }) => {
      const q = url.searchParams.get('q') ?? '';
      return empty ? { q, groups: [{ kind: 'students', more: false, hits: [] }] } : answer(q);
    },
    'GET /api/dashboard': () => jsonResponse(403, { code: 'FORBIDDEN', message: 'Interdit.' }),
    'GET /api/payments': () => ({ items: [], total: 0, page: 1, pageSize: 9 }),
  });
}

const combobox = () => screen.getByRole('combobox', { name: 'Rechercher' });
const options = () => screen.queryAllByRole('option');
/** The live region the combobox is described by (how many hits, or why none). */
const searchStatus = () =>
  document.getElementById(screen.getByRole('combobox').getAttribute('aria-describedby') ?? '')
    ?.textContent;

describe('admin top bar: the search combobox', () => {
  it('asks once the typing pauses, 2 characters at least, and lists grouped hits', async () => {
    storeSession();
    const fetchMock = searchRoutes();
    const { user } = await renderApp('/admin');
    const input = combobox();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');

    await user.type(input, 'k');
    await waitFor(() => expect(searchStatus()).toBe('Tapez au moins 2 caractères.'));
    await user.type(input, 'offi');
    const listbox = await screen.findByRole('listbox', { name: 'Résultats de la recherche' });
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    // One request for the word typed in one go (debounced), never for « k ».
    expect(
      callsTo(fetchMock, 'GET', '/api/search').map((url) => url.searchParams.get('q')),
    ).toEqual(['koffi']);

    const groups = within(listbox).getAllByRole('group');
    expect(groups).toHaveLength(2);
    expect(within(listbox).getByRole('group', { name: 'Étudiants' })).toBeTruthy();
    expect(within(listbox).getByRole('group', { name: 'Paiements' })).toBeTruthy();
    expect(within(listbox).queryByRole('group', { name: 'Factures' })).toBeNull();
    expect(options().map((option) => option.textContent)).toEqual([
      'Kɔffi MensahSTU-042 · Licence Informatique',
      'Kɔffi AmaSTU-043 · Suspendu',
      'Voir tous les étudiants pour « koffi »',
      expect.stringMatching(/^TXN-ABC-12345Afi Mensah · 40\s000\sFCFA · En attente$/),
    ]);
    expect(searchStatus()).toBe('3 résultats');
  });

  it('moves with the arrows and opens the highlighted hit with Enter', async () => {
    storeSession();
    searchRoutes();
    const { user } = await renderApp('/admin');
    const input = combobox();
    await user.type(input, 'koffi');
    await screen.findByRole('listbox');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    await user.keyboard('{ArrowDown}');
    const first = options()[0]!;
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[3]!.id);
    await user.keyboard('{ArrowDown}'); // wraps to the first
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    await user.keyboard('{ArrowUp}'); // and back to the last: the payment
    expect(options()[3]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(input);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl()).toBe(`/admin/paiements?paiement=${PAYMENT}`));
    expect((combobox() as HTMLInputElement).value).toBe('');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter pressed before the answer opens the first hit of the term typed, not of the previous one', async () => {
    storeSession();
    routeFetch({
      'GET /api/search': ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        const full = answer(q);
        // A reference finds only its payment.
        return q.startsWith('TXN')
          ? {
              q,
              groups: full.groups.map((group) =>
                group.kind === 'payments' ? group : { ...group, hits: [], more: false },
              ),
            }
          : full;
      },
      'GET /api/dashboard': () => jsonResponse(403, { code: 'FORBIDDEN', message: 'Interdit.' }),
      'GET /api/payments': () => ({ items: [], total: 0, page: 1, pageSize: 9 }),
    });
    const { user } = await renderApp('/admin');
    const input = combobox();
    await user.type(input, 'koffi');
    await screen.findByRole('option', { name: /Kɔffi Mensah/ });
    await user.clear(input);
    await user.type(input, 'TXN-ABC{Enter}');
    await waitFor(() => expect(currentUrl()).toBe(`/admin/paiements?paiement=${PAYMENT}`));
  });

  it('closes with Escape, then clears; a click opens a hit', async () => {
    storeSession();
    searchRoutes();
    const { user } = await renderApp('/admin');
    const input = combobox();
    await user.type(input, 'koffi');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('koffi');
    await user.keyboard('{Escape}');
    expect((input as HTMLInputElement).value).toBe('');

    await user.type(input, 'koffi');
    await user.click(await screen.findByRole('option', { name: /Kɔffi Mensah/ }));
    await waitFor(() => expect(currentUrl()).toBe(`/admin/etudiants/${STUDENT}`));
  });

  it('says when nothing is found, in French and in English', async () => {
    storeSession();
    searchRoutes(true);
    const { user } = await renderApp('/admin');
    await user.type(combobox(), 'zzz');
    const status = searchStatus;
    await waitFor(() => expect(status()).toBe('Aucun résultat pour « zzz »'));
    // Shown too (the live region is for screen readers).
    expect(screen.getAllByText('Aucun résultat pour « zzz »')).toHaveLength(2);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox().getAttribute('aria-expanded')).toBe('true');

    await act(() => changeLanguage('en'));
    await waitFor(() => expect(status()).toBe('No results for “zzz”'));
    expect(screen.getByRole('combobox', { name: 'Search' })).toBeTruthy();
    await act(() => changeLanguage('fr'));
  });

  it('is reached with « / » or Ctrl+K from the page, but « / » typed in a field stays a character', async () => {
    storeSession();
    searchRoutes();
    const { user } = await renderApp('/admin');
    const input = combobox();
    expect(document.activeElement).not.toBe(input);
    await user.keyboard('/');
    expect(document.activeElement).toBe(input);
    expect((input as HTMLInputElement).value).toBe('');
    input.blur();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(input);
    await user.keyboard('a/b');
    expect((input as HTMLInputElement).value).toBe('a/b');
  });

  it('no longer writes the term in the address (?q=)', async () => {
    storeSession();
    searchRoutes();
    const { user } = await renderApp('/admin/etudiants');
    await user.type(combobox(), 'Kossi Agbéko{Enter}');
    await screen.findByRole('listbox');
    expect(currentUrl()).not.toContain('q=');
  });
});
