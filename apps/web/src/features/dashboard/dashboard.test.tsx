import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Dashboard } from '@ecolage/contracts';
import { callsTo, routeFetch } from '../../test/api-routes';
import type { Routes } from '../../test/api-routes';
import { changeLanguage } from '../../i18n';
import { jsonResponse } from '../../test/fetch-mock';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { fcfaText } from '../students/student-fixtures';
import { paymentRows, paymentRowsRoute } from '../payments/payment-fixtures';

/** The spec's sample figures (§9): 600 000 FCFA +12 %, 96,2 % +2,1 %, 0 FCFA −5,2 %, stable. */
const DASHBOARD: Dashboard = {
  today: '2026-11-21',
  collectedToday: { value: 600_000, previous: 535_714, change: 12 },
  successRate: { value: 96.2, previous: 94.2, change: 2.1, attempted: 500, succeeded: 481 },
  overdue: { value: 0, previous: 12_500, change: -5.2 },
  dueNext7Days: { value: 1_900_000, previous: 1_900_000, change: 0 },
};

function dashboardRoutes(extra: Routes = {}): Routes {
  return {
    'GET /api/dashboard': () => DASHBOARD,
    'GET /api/payments': paymentRowsRoute(paymentRows(30)),
    ...extra,
  };
}

/** A card: its name (dt) and what it shows (dd), as one text. */
async function card(name: string) {
  const term = await screen.findByText(name, { selector: 'dt' });
  return term.parentElement!;
}

describe('dashboard: the four figures', () => {
  it('shows the figures of the day, in French, with their change and its period', async () => {
    storeSession();
    const fetchMock = routeFetch(dashboardRoutes());
    await renderApp('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Bonjour, Ama' })).toBeTruthy();
    expect(await screen.findByText('Chiffres du 21 nov. 2026')).toBeTruthy();

    const takings = within(await card('Encaissements du jour'));
    expect(takings.getByText(fcfaText(600_000))).toBeTruthy();
    expect(takings.getByText('+12 %').className).toMatch(/text-green-800/);
    expect(takings.getByText('par rapport à hier')).toBeTruthy();

    const rate = within(await card('Taux de succès'));
    expect(rate.getByText('96,2 %')).toBeTruthy();
    expect(rate.getByText('+2,1 %')).toBeTruthy();
    expect(rate.getByText('481 réussis sur 500 tentés en 30 jours')).toBeTruthy();

    // Less unpaid is good news: green, with a downward arrow and a real minus sign.
    const unpaid = within(await card('Impayés'));
    expect(unpaid.getByText(fcfaText(0))).toBeTruthy();
    const fall = unpaid.getByText('\u22125,2 %');
    expect(fall.className).toMatch(/text-green-800/);
    expect(fall.querySelector('svg')).toBeTruthy();

    const due = within(await card('Échéances à 7 jours'));
    expect(due.getByText(fcfaText(1_900_000))).toBeTruthy();
    expect(due.getByText('stable')).toBeTruthy();
    expect(due.getByText('sur les 7 jours suivants')).toBeTruthy();

    expect(callsTo(fetchMock, 'GET', '/api/dashboard')).toHaveLength(1);
  });

  it('says nothing of a change without a base, and red when unpaid grows', async () => {
    storeSession();
    routeFetch(
      dashboardRoutes({
        'GET /api/dashboard': () => ({
          ...DASHBOARD,
          collectedToday: { value: 150_000, previous: 0, change: null },
          overdue: { value: 250_000, previous: 200_000, change: 25 },
        }),
      }),
    );
    await renderApp('/admin');
    const takings = within(await card('Encaissements du jour'));
    expect(await takings.findByText(fcfaText(150_000))).toBeTruthy();
    expect(takings.queryByText('par rapport à hier')).toBeNull();
    expect(within(await card('Impayés')).getByText('+25 %').className).toMatch(/text-red-800/);
  });

  it('agrees « réussi » and « tenté » with their counts', async () => {
    storeSession();
    const successRate = { value: 100, previous: 50, change: 100, attempted: 1, succeeded: 1 };
    routeFetch(dashboardRoutes({ 'GET /api/dashboard': () => ({ ...DASHBOARD, successRate }) }));
    await renderApp('/admin');
    const rate = within(await card('Taux de succès'));
    expect(await rate.findByText('1 réussi sur 1 tenté en 30 jours')).toBeTruthy();
  });

  it('shows no rate, and no change, when nothing was attempted', async () => {
    storeSession();
    const successRate = { value: 0, previous: 50, change: -100, attempted: 0, succeeded: 0 };
    routeFetch(dashboardRoutes({ 'GET /api/dashboard': () => ({ ...DASHBOARD, successRate }) }));
    await renderApp('/admin');
    const rate = within(await card('Taux de succès'));
    expect(await rate.findByText('Aucun paiement tenté en 30 jours')).toBeTruthy();
    expect(rate.getByText('—')).toBeTruthy();
    expect(rate.queryByText(/%/)).toBeNull();
  });

  it('reads what falls due in time order: less in the following 7 days is a fall', async () => {
    storeSession();
    routeFetch(
      dashboardRoutes({
        'GET /api/dashboard': () => ({
          ...DASHBOARD,
          // The server: 1 265 000 due in the next 7 days, 645 000 in the 7 after (+96,1 %).
          dueNext7Days: { value: 1_265_000, previous: 645_000, change: 96.1 },
        }),
      }),
    );
    await renderApp('/admin');
    const due = within(await card('Échéances à 7 jours'));
    expect(await due.findByText(fcfaText(1_265_000))).toBeTruthy();
    const change = due.getByText('\u221249 %');
    expect(change.querySelector('svg')!.getAttribute('class')).toMatch(/arrow-down-right/);
    expect(change.className).toMatch(/text-slate-700/);
    expect(due.getByText('sur les 7 jours suivants')).toBeTruthy();
    expect(due.queryByText(/\+96/)).toBeNull();
  });

  it('offers a retry when the figures could not be loaded', async () => {
    storeSession();
    let failing = true;
    routeFetch(
      dashboardRoutes({
        'GET /api/dashboard': () =>
          failing ? jsonResponse(503, { message: 'Indisponible.', code: 'INTERNAL' }) : DASHBOARD,
      }),
    );
    const { user } = await renderApp('/admin');
    expect(await screen.findByText("Les indicateurs n'ont pas pu être chargés.")).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('96,2 %')).toBeTruthy();
  });

  it('shows the figures only to roles that see statistics, the payments only to those that see payments', async () => {
    storeSession(withPermissions('read:payments'));
    const fetchMock = routeFetch(dashboardRoutes());
    await renderApp('/admin');
    expect(await screen.findByRole('table', { name: 'Paiements récents' })).toBeTruthy();
    expect(screen.queryByText('Encaissements du jour')).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/dashboard')).toEqual([]);
  });

  it('greets a role that sees neither, and asks the server nothing', async () => {
    storeSession(withPermissions('read:students'));
    const fetchMock = routeFetch(dashboardRoutes());
    await renderApp('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Bonjour, Ama' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Paiements récents' })).toBeNull();
    // Nothing of the dashboard (the shell asks only for the school's branding and the bell's items).
    const shell = /^\/api\/(school\/branding|notifications|live\/ticket)\b/;
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked.filter((path) => !shell.test(path))).toEqual([]);
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    storeSession();
    routeFetch(dashboardRoutes());
    await renderApp('/admin');
    const takings = within(await card("Today's takings"));
    expect(await takings.findByText('600,000 FCFA')).toBeTruthy();
    expect(takings.getByText('+12%')).toBeTruthy();
    expect(within(await card('Success rate')).getByText('96.2%')).toBeTruthy();
    expect(within(await card('Unpaid')).getByText('\u22125.2%')).toBeTruthy();
  });
});

describe('dashboard: recent payments', () => {
  it('shows 4 payments a page, newest first, with the spec’s columns and a link to each', async () => {
    storeSession();
    const fetchMock = routeFetch(dashboardRoutes());
    await renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'Paiements récents' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'PSP', 'Montant', 'Statut', 'Réf. Facture', 'Étudiant']);
    expect(within(rows[1]!).getByText(fcfaText(10_000))).toBeTruthy();
    expect(within(rows[1]!).getByText('Succès')).toBeTruthy();
    expect(within(rows[1]!).getByText('K. Mensah')).toBeTruthy();
    expect(
      within(rows[1]!).getByRole('link', { name: /^Voir le paiement du 21 nov\. 2026, 09:30/ }),
    ).toHaveProperty(
      'href',
      expect.stringMatching(/\/admin\/paiements\?paiement=e5f6a7b8-9c0d-4e1f-8a2b-000000000000$/),
    );
    const [url] = callsTo(fetchMock, 'GET', '/api/payments');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      sort: 'desc',
      page: '1',
      pageSize: '4',
    });
  });

  it('pages with previous and next disabled at the ends and two pages each side', async () => {
    storeSession();
    const fetchMock = routeFetch(dashboardRoutes());
    const { user } = await renderApp('/admin?page=5');
    await screen.findByRole('table', { name: 'Paiements récents' });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    // The « … » are hidden from screen readers (the buttons say their page): read the list.
    const numbers = () =>
      Array.from(pager.querySelectorAll('li'), (item) => item.textContent).filter(
        (text) => text && /^(\d+|…)$/.test(text),
      );
    // 30 payments: 8 pages; page 5 shows 3 to 7, the first and the last.
    await waitFor(() => expect(numbers()).toEqual(['1', '…', '3', '4', '5', '6', '7', '8']));
    expect(within(pager).getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByText(fcfaText(26_000))).toBeTruthy(); // the 17th payment

    await user.click(within(pager).getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin?page=6'));
    await waitFor(() => expect(numbers()).toEqual(['1', '…', '4', '5', '6', '7', '8']));
    expect(callsTo(fetchMock, 'GET', '/api/payments').at(-1)?.searchParams.get('page')).toBe('6');

    await user.click(within(pager).getByRole('button', { name: 'Dernière page' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin?page=8'));
    expect(await screen.findByText('29–30 sur 30')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Page suivante' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.click(within(pager).getByRole('button', { name: 'Première page' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin'));
    await waitFor(() => expect(numbers()).toEqual(['1', '2', '3', '…', '8']));
    expect(within(pager).getByRole('button', { name: 'Page précédente' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('says when there is no payment yet', async () => {
    storeSession();
    routeFetch(dashboardRoutes({ 'GET /api/payments': paymentRowsRoute([]) }));
    await renderApp('/admin');
    expect(await screen.findByText('Aucun paiement pour le moment.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});
