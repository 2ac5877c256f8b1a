import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SettlementRow } from '@ecolage/contracts';
import { callsTo, routeFetch } from '../../../test/api-routes';
import type { RouteRequest, Routes } from '../../../test/api-routes';
import { jsonResponse } from '../../../test/fetch-mock';
import { currentUrl, renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/session';
import { fcfaText } from '../../students/student-fixtures';

const LIST = '/api/accounting/settlements';
const PAYOUT_ID = '4c5d6e7f-8a9b-4c0d-8e1f-2a3b4c5d6e01';

function line(overrides: Partial<SettlementRow> = {}): SettlementRow {
  return {
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c01',
    kind: 'payment',
    paymentId: 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a01',
    date: '2026-11-21T14:05:00.000Z',
    studentId: null,
    studentLabel: 'Kofi Mensah',
    gross: 150_000,
    commission: 2_250,
    providerFee: 1_525,
    feeRateMissing: false,
    net: 146_225,
    status: 'paid',
    provider: 'mtn',
    wallet: 'MTN',
    payoutId: PAYOUT_ID,
    payoutReference: 'VIR-2026-000012',
    transferId: 'TRF8842',
    ...overrides,
  };
}

const ROWS: SettlementRow[] = [
  line(),
  line({
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c02',
    kind: 'refund',
    paymentId: 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a02',
    date: '2026-11-20T09:00:00.000Z',
    studentLabel: 'Ama Lawson',
    gross: -25_000,
    commission: -375,
    // No provider's fee in force for it: « inconnu », never « 0 FCFA ».
    providerFee: 0,
    feeRateMissing: true,
    net: -24_625,
    status: 'pending',
    payoutId: null,
    payoutReference: null,
    transferId: null,
  }),
  line({
    id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c03',
    studentLabel: 'Yao Dossou',
    gross: 45_500,
    commission: 0,
    providerFee: 0,
    net: 45_500,
    status: 'at_desk',
    provider: 'desk',
    wallet: 'CASH',
    payoutId: null,
    payoutReference: null,
    transferId: null,
  }),
];

function listRoutes(total = 20, rows = ROWS): Routes {
  return {
    [`GET ${LIST}`]: (request: RouteRequest) => ({
      rows,
      page: Number(request.url.searchParams.get('page') ?? 1),
      pageSize: 8,
      total,
      totals: {
        count: total,
        gross: 1_234_500,
        commission: 18_517,
        providerFee: 12_345,
        net: 1_203_638,
      },
    }),
    'GET /api/accounting/payouts': () => ({
      items: [{ id: PAYOUT_ID, reference: 'VIR-2026-000012', transferId: 'TRF8842' }],
      total: 1,
      page: 1,
      pageSize: 100,
    }),
  };
}

const lastList = (fetchMock: ReturnType<typeof routeFetch>) =>
  Object.fromEntries(callsTo(fetchMock, 'GET', LIST).at(-1)?.searchParams ?? []);

async function openTab(url = '/admin/comptabilite') {
  const view = await renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Comptabilité' });
  return view;
}
const table = () => screen.findByRole('table', { name: 'Lignes de la comptabilité' });

describe('« Comptabilité › Paiements »', () => {
  it('shows the spec’s columns, French amounts, badges, a refund in negative and the totals', async () => {
    storeSession();
    const fetchMock = routeFetch(listRoutes());
    await openTab();
    const rows = within(await table()).getAllByRole('row');
    const headers = within(rows[0]!).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual([
      'Date',
      'Étudiant',
      'Brut',
      'Commission',
      'Frais PSP',
      'Net',
      'Statut',
      'Identifiant du virement',
    ]);
    expect(headers[0]!.getAttribute('aria-sort')).toBe('descending');
    expect(headers[2]!.getAttribute('aria-sort')).toBeNull();

    const first = within(rows[1]!);
    // The day, the time under it (a narrower column).
    expect(first.getByText('21 nov. 2026', { selector: 'time > span' })).toBeTruthy();
    expect(first.getByText('14:05', { selector: 'time > span' })).toBeTruthy();
    expect(first.getByText(fcfaText(1_525))).toBeTruthy();
    expect(first.getByText('Kofi Mensah')).toBeTruthy();
    expect(first.getByText(fcfaText(150_000))).toBeTruthy();
    expect(first.getByText(fcfaText(2_250))).toBeTruthy();
    expect(first.getByText(fcfaText(146_225))).toBeTruthy();
    expect(first.getByText('Payé')).toBeTruthy();
    expect(first.getByText('TRF8842')).toBeTruthy();
    expect(first.getByText('VIR-2026-000012')).toBeTruthy();
    expect(
      first
        .getByRole('link', { name: 'Voir le paiement du 21 nov. 2026, 14:05' })
        .getAttribute('href'),
    ).toBe('/admin/paiements?paiement=e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a01');

    const refund = within(rows[2]!);
    expect(refund.getByText('Remboursement')).toBeTruthy();
    expect(refund.getByText(fcfaText(-25_000))).toBeTruthy();
    expect(fcfaText(-25_000).startsWith('\u2212')).toBe(true);
    const unknownFee = refund.getByText('inconnu');
    expect(unknownFee.getAttribute('title')).toBe('Aucun tarif de l’opérateur n’était en vigueur');
    expect(unknownFee.textContent).toBe('inconnu (Aucun tarif de l’opérateur n’était en vigueur)');
    expect(refund.queryByText(fcfaText(0))).toBeNull();
    // The cash desk's line: no fee, known (0 FCFA).
    expect(within(rows[3]!).getAllByText(fcfaText(0)).length).toBeGreaterThan(0);
    expect(refund.getByText('En attente')).toBeTruthy();
    expect(within(rows[3]!).getByText('Encaissé (caisse)')).toBeTruthy();

    const totals = screen.getByRole('region', { name: 'Totaux des lignes filtrées' });
    expect(within(totals).getByText('20 lignes')).toBeTruthy();
    for (const [label, amount] of [
      ['Total brut', 1_234_500],
      ['Commission', 18_517],
      ['Frais', 12_345],
      ['Net', 1_203_638],
    ] as const) {
      const term = within(totals).getByText(label);
      expect(term.nextElementSibling?.textContent?.replace(/\s/g, ' ')).toBe(fcfaText(amount));
    }
    expect(lastList(fetchMock)).toEqual({ page: '1', sort: 'date', dir: 'desc' });
  });

  it('sorts by a header: the first click sets the column, the second turns it round, in the address', async () => {
    storeSession();
    const fetchMock = routeFetch(listRoutes());
    const { user } = await openTab('/admin/comptabilite?page=2');
    await table();
    await user.click(screen.getByRole('button', { name: /^Brut/ }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/comptabilite?tri=brut'));
    await waitFor(() =>
      expect(lastList(fetchMock)).toMatchObject({ sort: 'gross', dir: 'asc', page: '1' }),
    );
    expect(screen.getByRole('columnheader', { name: /^Brut/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: /^Brut/ }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/comptabilite?tri=brut&ordre=desc'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ sort: 'gross', dir: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /^Brut/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    await user.click(screen.getByRole('button', { name: /^Identifiant du virement/ }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/comptabilite?tri=virement'));
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/comptabilite'));
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/comptabilite?ordre=asc'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ sort: 'date', dir: 'asc' }));
  });

  it('filters by period, operator, status, payout and student, in the address and the request', async () => {
    storeSession();
    const fetchMock = routeFetch(listRoutes());
    const { user } = await openTab();
    await table();

    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(currentUrl()).toBe('/admin/comptabilite?du=2026-11-01&au=2026-11-30'),
    );
    await user.selectOptions(screen.getByLabelText('Opérateur'), 'Caisse');
    await user.selectOptions(screen.getByLabelText('Statut'), 'En attente');
    const payout = screen.getByLabelText('Virement');
    await waitFor(() =>
      expect(
        within(payout).getByRole('option', { name: 'VIR-2026-000012 · TRF8842' }),
      ).toBeTruthy(),
    );
    await user.selectOptions(payout, 'VIR-2026-000012 · TRF8842');
    await user.type(screen.getByLabelText('Étudiant'), 'kofi');
    await waitFor(() =>
      expect(currentUrl()).toBe(
        `/admin/comptabilite?du=2026-11-01&au=2026-11-30&psp=caisse&statut=en-attente&virement=${PAYOUT_ID}&q=kofi`,
      ),
    );
    await waitFor(() =>
      expect(lastList(fetchMock)).toEqual({
        page: '1',
        sort: 'date',
        dir: 'desc',
        from: '2026-11-01',
        to: '2026-11-30',
        provider: 'desk',
        status: 'pending',
        payoutId: PAYOUT_ID,
        q: 'kofi',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/comptabilite'));
  });

  it('pages 8 lines at a time on the server with the pager', async () => {
    storeSession();
    const fetchMock = routeFetch(listRoutes(20));
    const { user } = await openTab();
    await table();
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(within(pager).queryByRole('button', { name: 'Page 4' })).toBeNull();
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/comptabilite?page=2'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ page: '2' }));
  });

  it('says when nothing matches the filters', async () => {
    storeSession();
    routeFetch(listRoutes(0, []));
    await openTab('/admin/comptabilite?statut=paye');
    expect(await screen.findByText('Aucune ligne ne correspond à ces filtres')).toBeTruthy();
  });

  it('says when the lines could not be loaded', async () => {
    storeSession();
    routeFetch({
      ...listRoutes(),
      [`GET ${LIST}`]: () => jsonResponse(500, { message: 'Erreur.', code: 'INTERNAL' }),
    });
    await openTab('/admin/comptabilite?statut=en-cours');
    expect(await screen.findByText('Les lignes n’ont pas pu être chargées.')).toBeTruthy();
  });
});
