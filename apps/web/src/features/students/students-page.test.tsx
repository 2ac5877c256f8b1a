import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { currentUrl, renderApp } from '../../test/render-app';
import { callsTo, routeFetch } from '../../test/api-routes';
import { storeSession, withPermissions } from '../../test/session';
import {
  AFI,
  BTS_ID,
  LICENCE_ID,
  L1_ID,
  listStudents,
  student,
  studentsRoutes,
} from './students-fixtures';

const table = () => screen.getByRole('table', { name: 'Étudiants de l’école' });
const rows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (name: string) => {
  const row = rows().find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};
const listCalls = (mock: ReturnType<typeof routeFetch>) =>
  callsTo(mock, 'GET', '/api/students').map((url) => url.search);

async function openScreen(url = '/admin/etudiants') {
  const view = await renderApp(url);
  await screen.findByRole('table', { name: 'Étudiants de l’école' });
  return view;
}

describe('students list', () => {
  it('shows the counters and the students, 4 per page, with links, badges and amounts', async () => {
    storeSession();
    const fetchMock = routeFetch(studentsRoutes());
    await openScreen();

    expect(screen.getByRole('heading', { level: 1, name: 'Étudiants' })).toBeTruthy();
    expect(screen.getByText('Gérez les étudiants et leurs profils.')).toBeTruthy();
    const counters = screen.getByLabelText('Résumé des étudiants');
    await waitFor(() => expect(counters.textContent).toContain('Total Étudiants3'));
    expect(counters.textContent).toContain('Actifs1');
    expect(counters.textContent).toContain('Suspendus1');
    expect(counters.textContent).toContain('En attente1');

    const headers = within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Nom', 'Matricule', 'Programme', 'Statut', 'Solde', 'Action']);

    const afi = rowOf('Afi Kudjo');
    expect(within(afi).getByRole('link', { name: 'Afi Kudjo' }).getAttribute('href')).toBe(
      `/admin/etudiants/${AFI.id}`,
    );
    expect(within(afi).getByText('STU-001')).toBeTruthy();
    expect(within(afi).getByText('Licence Informatique')).toBeTruthy();
    expect(within(afi).getByText('L1')).toBeTruthy();
    expect(within(afi).getByText('Actif')).toBeTruthy();
    // French amounts: narrow no-break spaces between thousands, no-break space before FCFA.
    const balance = within(afi).getByText('150 000 FCFA');
    expect(balance.textContent).toBe('150\u202F000\u00A0FCFA');
    expect(balance.className).toContain('text-red-700');
    expect(within(afi).getByText('En retard : 45 000 FCFA')).toBeTruthy();
    expect(within(rowOf('Kossi Ayité')).getByText('Suspendu')).toBeTruthy();
    expect(within(rowOf('Essi Dogbé')).getByText('En attente')).toBeTruthy();
    expect(within(rowOf('Essi Dogbé')).getByText('0 FCFA')).toBeTruthy();
    expect(listCalls(fetchMock)).toEqual(['?page=1&pageSize=4']);
  });

  it('searches on the server as you type: ?q= in the address, one request per pause', async () => {
    storeSession();
    const fetchMock = routeFetch(studentsRoutes());
    const { user } = await openScreen('/admin/etudiants?statut=actif');

    const search = screen.getByRole('searchbox', { name: 'Rechercher un étudiant' });
    expect(search.getAttribute('placeholder')).toBe('Rechercher par nom, matricule…');
    await user.type(search, 'afi');
    await waitFor(() => expect(currentUrl()).toBe('/admin/etudiants?statut=actif&q=afi'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(listCalls(fetchMock)).toEqual([
      '?page=1&pageSize=4&status=active',
      '?page=1&pageSize=4&search=afi&status=active',
    ]);
  });

  it('filters on the status, kept in the address', async () => {
    storeSession();
    const fetchMock = routeFetch(studentsRoutes());
    const { user } = await openScreen();
    const status = screen.getByRole('combobox', { name: 'Statut' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les étudiants', 'Actifs', 'Suspendus', 'En attente']);
    await user.selectOptions(status, 'Suspendus');
    await waitFor(() => expect(currentUrl()).toBe('/admin/etudiants?statut=suspendu'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rowOf('Kossi Ayité')).toBeTruthy();
    expect(listCalls(fetchMock).at(-1)).toBe('?page=1&pageSize=4&status=suspended');
  });

  it('« Filtrer » opens a panel: programme, its levels, year and balance go to the server', async () => {
    storeSession();
    const fetchMock = routeFetch(studentsRoutes());
    const { user } = await openScreen('/admin/etudiants?page=2');

    const toggle = screen.getByRole('button', { name: 'Filtrer' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Filtres' });
    const level = within(panel).getByRole('combobox', { name: 'Niveau' });
    expect(level).toHaveProperty('disabled', true);

    const programme = within(panel).getByRole('combobox', { name: 'Programme' });
    await within(programme).findByRole('option', { name: 'Licence Informatique' });
    await user.selectOptions(programme, 'Licence Informatique');
    await waitFor(() => expect(level).toHaveProperty('disabled', false));
    await user.selectOptions(level, 'L1');
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Solde' }), 'En retard');

    await waitFor(() =>
      expect(currentUrl()).toBe(
        `/admin/etudiants?programme=${LICENCE_ID}&niveau=${L1_ID}&solde=retard`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Filtrer (3)' })).toBeTruthy();
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toBe(
        `?page=1&pageSize=4&programmeId=${LICENCE_ID}&levelId=${L1_ID}&balance=overdue`,
      ),
    );

    // Another programme drops the level of the previous one.
    await user.selectOptions(programme, 'BTS Comptabilité');
    await waitFor(() =>
      expect(currentUrl()).toBe(`/admin/etudiants?programme=${BTS_ID}&solde=retard`),
    );
    await user.click(within(panel).getByRole('button', { name: 'Réinitialiser les filtres' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/etudiants'));
  });

  it('pages on the server; first/previous and next/last are disabled at the ends', async () => {
    storeSession();
    const many = Array.from({ length: 10 }, (_, index) => student(index + 1));
    const fetchMock = routeFetch(studentsRoutes({ 'GET /api/students': listStudents(many) }));
    const { user } = await openScreen();
    const pager = () => screen.getByRole('navigation', { name: 'Pagination' });
    const button = (name: string) => within(pager()).getByRole('button', { name });

    expect(screen.getByText('1–4 sur 10')).toBeTruthy();
    expect(button('Première page')).toHaveProperty('disabled', true);
    expect(button('Page précédente')).toHaveProperty('disabled', true);
    expect(button('Page suivante')).toHaveProperty('disabled', false);
    expect(button('Dernière page')).toHaveProperty('disabled', false);

    await user.click(button('Page suivante'));
    await waitFor(() => expect(screen.getByText('5–8 sur 10')).toBeTruthy());
    await waitFor(() => expect(currentUrl()).toBe('/admin/etudiants?page=2'));

    await user.click(button('Dernière page'));
    await waitFor(() => expect(screen.getByText('9–10 sur 10')).toBeTruthy());
    expect(button('Page suivante')).toHaveProperty('disabled', true);
    expect(button('Dernière page')).toHaveProperty('disabled', true);
    expect(button('Première page')).toHaveProperty('disabled', false);
    expect(button('Page 3').getAttribute('aria-current')).toBe('page');

    const sizes = screen.getByRole('combobox', { name: 'Lignes par page' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['4', '10', '25', '50']);
    await user.selectOptions(sizes, '10');
    await waitFor(() => expect(screen.getByText('1–10 sur 10')).toBeTruthy());
    await waitFor(() => expect(currentUrl()).toBe('/admin/etudiants?taille=10'));
    expect(listCalls(fetchMock)).toEqual([
      '?page=1&pageSize=4',
      '?page=2&pageSize=4',
      '?page=3&pageSize=4',
      '?page=1&pageSize=10',
    ]);
  });

  it('keeps the page between 1 and the last one', async () => {
    storeSession();
    routeFetch(studentsRoutes());
    await renderApp('/admin/etudiants?page=9');
    await waitFor(() => expect(currentUrl()).toBe('/admin/etudiants'));
    expect(await screen.findByText('Afi Kudjo')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    storeSession();
    routeFetch(studentsRoutes());
    await renderApp('/admin/etudiants?q=personne');
    expect(await screen.findByText('Aucun étudiant trouvé')).toBeTruthy();
    expect(screen.getByText('Essayez de modifier vos filtres ou votre recherche.')).toBeTruthy();
  });

  it('offers no change to a reader: no « Nouvel Étudiant », « Importer » or Action column', async () => {
    storeSession(withPermissions('read:students'));
    routeFetch(studentsRoutes());
    await openScreen();
    expect(screen.queryByRole('button', { name: 'Nouvel Étudiant' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Exporter' })).toBeTruthy();
    expect(within(table()).queryByRole('columnheader', { name: 'Action' })).toBeNull();
  });
});

describe('export', () => {
  let clicked: string[] = [];
  beforeEach(() => {
    clicked = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('downloads CSV or Excel with the filters on screen', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentsRoutes({
        'GET /api/students/export': () => new Response('nom;matricule\n', { status: 200 }),
      }),
    );
    const { user } = await openScreen('/admin/etudiants?statut=actif&q=afi&page=2');
    await user.click(screen.getByRole('button', { name: 'Exporter' }));
    const menu = screen.getByRole('menu', { name: 'Exporter' });
    expect(document.activeElement).toBe(
      within(menu).getByRole('menuitem', { name: 'Étudiants — CSV (.csv)' }),
    );
    // The session may read invoices: the ageing of balances is offered too.
    expect(
      within(menu).getByRole('menuitem', { name: 'Soldes par ancienneté — Excel' }),
    ).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Export téléchargé.')).toBeTruthy();
    const [url] = callsTo(fetchMock, 'GET', '/api/students/export');
    expect(url?.search).toBe('?format=xlsx&search=afi&status=active');
    expect(clicked).toEqual([expect.stringMatching(/^etudiants-\d{4}-\d{2}-\d{2}\.xlsx$/)]);
  });
});
