import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { callsTo, routeFetch } from '../../test/api-routes';
import type { Routes } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';
import { fcfaText } from '../students/student-fixtures';
import { FORECAST, OPTIONS, PROGRAMME_ID, STATISTICS } from './statistics.test-support';

function routes(extra: Routes = {}): Routes {
  return {
    'GET /api/statistics/options': () => OPTIONS,
    'GET /api/statistics': () => STATISTICS,
    'GET /api/statistics/forecast': () => FORECAST,
    ...extra,
  };
}

/** A card: its name (dt) and what it shows (dd). */
async function card(name: string) {
  const term = await screen.findByText(name, { selector: 'dt' });
  return within(term.parentElement!);
}

const lastQuery = (fetchMock: ReturnType<typeof routeFetch>) =>
  callsTo(fetchMock, 'GET', '/api/statistics').at(-1)?.searchParams.toString();

beforeEach(() => {
  // jsdom has no canvas: only the drawing is left out, every figure is still on the page.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

describe('statistiques: filters in the address', () => {
  it('reads the filters from the address, asks the API with them and shows them as chips', async () => {
    storeSession();
    const fetchMock = routeFetch(routes());
    await renderApp(
      `/admin/statistiques?periode=2025&programme=${PROGRAMME_ID}&ageMin=10&ageMax=18&source=cash&operateur=desk`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistiques' })).toBeTruthy();
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toBe(
        `periode=2025&programme=${PROGRAMME_ID}&ageMin=10&ageMax=18&source=cash&operateur=desk`,
      ),
    );
    const chips = screen.getByRole('list', { name: 'Filtres appliqués' });
    expect(within(chips).getByText('Âge : 10–18 ans')).toBeTruthy();
    expect(within(chips).getByText('Source : Espèces')).toBeTruthy();
    expect(within(chips).getByText('Opérateur : Caisse')).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'Programmation' })).toBeTruthy();
    expect((screen.getByLabelText('Programme') as HTMLSelectElement).value).toBe(PROGRAMME_ID);
    expect((screen.getByLabelText('Période') as HTMLSelectElement).value).toBe('2025');
  });

  it('writes a choice to the address and the query; a chip removes its filter', async () => {
    storeSession();
    const fetchMock = routeFetch(routes());
    const { user } = await renderApp('/admin/statistiques?source=cash');
    await screen.findByRole('option', { name: '2025' });
    await user.selectOptions(screen.getByLabelText('Période'), '2025');
    await waitFor(() => expect(currentUrl()).toBe('/admin/statistiques?source=cash&periode=2025'));
    await waitFor(() => expect(lastQuery(fetchMock)).toBe('periode=2025&source=cash'));

    await user.click(
      screen.getByRole('button', { name: 'Retirer le filtre « Source : Espèces »' }),
    );
    await waitFor(() => expect(currentUrl()).toBe('/admin/statistiques?periode=2025'));
    await waitFor(() => expect(lastQuery(fetchMock)).toBe('periode=2025'));
    expect(screen.queryByRole('list', { name: 'Filtres appliqués' })).toBeNull();
  });
});

describe('statistiques: advanced filters', () => {
  it('Annuler leaves the filters; Appliquer writes them; a minimum above the maximum is refused', async () => {
    storeSession();
    const fetchMock = routeFetch(routes());
    const { user } = await renderApp('/admin/statistiques');
    await screen.findByText('Encaissé', { selector: 'dt' });

    const open = screen.getByRole('button', { name: 'Filtres avancés' });
    await user.click(open);
    let dialog = screen.getByRole('dialog', { name: 'Filtres avancés' });
    const min = within(dialog).getByLabelText('Âge minimum');
    expect(document.activeElement).toBe(min);
    expect(min.getAttribute('placeholder')).toBe('10');
    expect(within(dialog).getByLabelText('Âge maximum').getAttribute('placeholder')).toBe('65');
    expect(within(dialog).getByText('Âge atteint dans l’année de la période.')).toBeTruthy();
    await user.type(min, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(currentUrl()).toBe('/admin/statistiques');

    await user.click(open);
    dialog = screen.getByRole('dialog', { name: 'Filtres avancés' });
    expect((within(dialog).getByLabelText('Âge minimum') as HTMLInputElement).value).toBe('');
    await user.type(within(dialog).getByLabelText('Âge minimum'), '20');
    await user.type(within(dialog).getByLabelText('Âge maximum'), '18');
    await user.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(
      within(dialog).getByText('L’âge minimum doit être inférieur ou égal à l’âge maximum.'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Âge minimum').getAttribute('aria-invalid')).toBe('true');
    expect(currentUrl()).toBe('/admin/statistiques');

    await user.clear(within(dialog).getByLabelText('Âge minimum'));
    await user.type(within(dialog).getByLabelText('Âge minimum'), '10');
    expect(within(dialog).getByRole('option', { name: 'Carte bancaire' })).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Source de paiement'), 'mobile_money');
    await user.selectOptions(within(dialog).getByLabelText('Opérateur'), 'mtn');
    await user.click(within(dialog).getByRole('button', { name: 'Appliquer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(currentUrl()).toBe(
        '/admin/statistiques?ageMin=10&ageMax=18&source=mobile_money&operateur=mtn',
      ),
    );
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toBe(
        'periode=ytd&ageMin=10&ageMax=18&source=mobile_money&operateur=mtn',
      ),
    );
    expect(screen.getByRole('button', { name: 'Filtres avancés (3)' })).toBeTruthy();
  });

  it("shows the server's refusal in French", async () => {
    storeSession();
    routeFetch(
      routes({
        'GET /api/statistics': () =>
          jsonResponse(400, {
            code: 'VALIDATION_FAILED',
            message: 'Programme introuvable.',
          }),
      }),
    );
    await renderApp(`/admin/statistiques?programme=${PROGRAMME_ID}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Les statistiques n’ont pas pu être chargées.')).toBeTruthy();
    expect(within(alert).getByText('Programme introuvable.')).toBeTruthy();
  });
});

describe('statistiques: figures', () => {
  it('writes the cards in French with their change, arrow and words', async () => {
    storeSession();
    routeFetch(routes());
    await renderApp('/admin/statistiques');

    const visitors = await card('Visiteurs Totaux');
    expect(visitors.getByText('4 820')).toBeTruthy();
    expect(visitors.getByText(/\+20,5 %/).className).toMatch(/text-green-800/);
    expect((await card('Taux de Conversion')).getByText('12,5 %')).toBeTruthy();
    // More bounces are bad news: red, with its sign and an arrow, not the colour alone.
    const bounce = (await card('Taux de Rebond')).getByText(/\+9,1 %/);
    expect(bounce.className).toMatch(/text-red-800/);
    expect(bounce.querySelector('svg')).toBeTruthy();
    expect((await card('Session Moyenne')).getByText('2 min 05 s')).toBeTruthy();

    expect((await card('Encaissé')).getByText(fcfaText(1_250_000))).toBeTruthy();
    expect((await card('Taux de recouvrement')).getByText('87,4 %')).toBeTruthy();
    const unpaid = await card('Impayés');
    expect(unpaid.getByText(fcfaText(325_000))).toBeTruthy();
    expect(unpaid.getByText(/\u221218,8 %/).className).toMatch(/text-green-800/);
    const delay = await card('Délai moyen de paiement');
    // French typography: a no-break space between a number and its unit, and before « % ».
    expect(delay.getByText('12,5 jours').textContent).toBe('12,5\u00A0jours');
    expect((await card('Session Moyenne')).getByText('2 min 05 s').textContent).toBe(
      '2\u00A0min 05\u00A0s',
    );
    expect(delay.getByText('stable')).toBeTruthy();
  });

  it('says when nobody visited the public pages', async () => {
    storeSession();
    routeFetch(routes({ 'GET /api/statistics': () => ({ ...STATISTICS, traffic: null }) }));
    await renderApp('/admin/statistiques');
    expect(
      await screen.findByText('Aucune visite des pages publiques sur la période.'),
    ).toBeTruthy();
    expect(screen.queryByText('Visiteurs Totaux')).toBeNull();
  });

  it('shows the empty state: clears the filters (the period stays), then goes back to the year to date', async () => {
    storeSession();
    routeFetch(routes({ 'GET /api/statistics': () => ({ ...STATISTICS, hasData: false }) }));
    const { user } = await renderApp('/admin/statistiques?periode=2025&source=cheque');
    expect(await screen.findByText('Aucune donnée pour cette période et ces filtres')).toBeTruthy();
    const empty = () =>
      within(screen.getByText('Aucune donnée pour cette période et ces filtres').parentElement!);
    expect(empty().queryByRole('button', { name: 'Revenir à l’année à ce jour' })).toBeNull();
    await user.click(empty().getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/statistiques?periode=2025'));
    // Only the period is left: the state offers the year to date, not « Effacer les filtres ».
    expect(empty().queryByRole('button', { name: 'Effacer les filtres' })).toBeNull();
    await user.click(empty().getByRole('button', { name: 'Revenir à l’année à ce jour' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/statistiques'));
    // The year to date without filters: nothing to undo.
    await waitFor(() => expect(empty().queryByRole('button')).toBeNull());
  });
});
