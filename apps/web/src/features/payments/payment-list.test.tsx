import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { callsTo, routeFetch } from '../../test/api-routes';
import type { RouteRequest, Routes } from '../../test/api-routes';
import { changeLanguage } from '../../i18n';
import { jsonResponse } from '../../test/fetch-mock';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';
import { fcfaText, page } from '../students/student-fixtures';
import { paymentRow, paymentRows, paymentRowsRoute } from './payment-fixtures';

const LIST = '/api/payments';

function listRoutes(extra: Routes = {}): Routes {
  return {
    [`GET ${LIST}`]: paymentRowsRoute([
      paymentRow(),
      paymentRow({
        id: 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a09',
        createdAt: '2026-11-20T08:15:00.000Z',
        succeededAt: null,
        provider: 'desk',
        wallet: 'CASH',
        amount: 45_500,
        refundedAmount: 5_000,
        status: 'partially_refunded',
        invoiceNumbers: ['ST-2026-0002', 'ST-2026-0003'],
        students: [
          { id: 's1', name: 'Akossiwa Kuassi', matricule: 'STU-0002' },
          { id: 's2', name: 'Yao Kuassi', matricule: 'STU-0003' },
        ],
      }),
    ]),
    'GET /api/payments/reviews': (request: RouteRequest) => page([], request),
    ...extra,
  };
}

async function openPage(url = '/admin/paiements') {
  const view = await renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Paiements' });
  return view;
}

const table = () => screen.findByRole('table', { name: 'Paiements' });
const lastList = (fetchMock: ReturnType<typeof routeFetch>) =>
  Object.fromEntries(callsTo(fetchMock, 'GET', LIST).at(-1)?.searchParams ?? []);

describe('« Paiements »: the list', () => {
  it('shows the spec’s columns, badges, French amounts and short names', async () => {
    storeSession();
    const fetchMock = routeFetch(listRoutes());
    await openPage();
    expect(screen.getByText(/Suivez toutes les transactions financières/)).toBeTruthy();
    const rows = within(await table()).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'PSP', 'Montant', 'Statut', 'Réf. Facture', 'Étudiant']);
    expect(within(rows[0]!).getAllByRole('columnheader')[0]!.getAttribute('aria-sort')).toBe(
      'descending',
    );

    const first = within(rows[1]!);
    expect(first.getByText('21 nov. 2026, 14:05')).toBeTruthy();
    expect(first.getByText('Moov Flooz')).toBeTruthy();
    expect(first.getByText(fcfaText(150_000))).toBeTruthy();
    expect(first.getByText('Succès')).toBeTruthy();
    expect(first.getByText('ST-2026-0001')).toBeTruthy();
    expect(first.getByText('K. Mensah')).toBeTruthy();
    expect(first.getByText('Kofi Mensah')).toBeTruthy(); // for screen readers

    const second = within(rows[2]!);
    expect(second.getByText('Caisse · Espèces')).toBeTruthy();
    expect(second.getByText(fcfaText(45_500))).toBeTruthy();
    expect(second.getByText(`${fcfaText(5_000)} remboursés`)).toBeTruthy();
    expect(second.getByText('Partiellement remboursé')).toBeTruthy();
    expect(second.getByText('A. Kuassi')).toBeTruthy();
    expect(second.getByText('Akossiwa Kuassi, Yao Kuassi')).toBeTruthy();

    expect(lastList(fetchMock)).toEqual({ sort: 'desc', page: '1', pageSize: '9' });
  });

  it('filters by status, PSP, period and student, in the address and the request', async () => {
    storeSession();
    const fetchMock = routeFetch(listRoutes());
    const { user } = await openPage();
    await table();

    await user.selectOptions(screen.getByLabelText('Statut'), 'Échec');
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements?statut=echec'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ status: 'failed' }));
    expect(await screen.findByText('Aucun paiement ne correspond à ces filtres.')).toBeTruthy();

    // The filter offers what the « PSP » column shows: the wallets paid with, and the desk.
    const psp = screen.getByLabelText('PSP');
    expect(
      within(psp)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Tous les PSP',
      'Mixx by Yas',
      'Moov Flooz',
      'MTN MoMo',
      'Orange Money',
      'Wave',
      'Carte bancaire',
      'Caisse',
    ]);
    await user.selectOptions(psp, 'Moov Flooz');
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements?statut=echec&psp=flooz'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ psp: 'MOOV_TG' }));
    await user.selectOptions(psp, 'Caisse');
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements?statut=echec&psp=caisse'));

    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(currentUrl()).toBe(
        '/admin/paiements?statut=echec&psp=caisse&du=2026-11-01&au=2026-11-30',
      ),
    );

    await user.type(screen.getByLabelText('Étudiant'), 'kofi');
    await waitFor(() =>
      expect(currentUrl()).toBe(
        '/admin/paiements?statut=echec&psp=caisse&du=2026-11-01&au=2026-11-30&q=kofi',
      ),
    );
    await waitFor(() =>
      expect(lastList(fetchMock)).toEqual({
        status: 'failed',
        psp: 'desk',
        from: '2026-11-01',
        to: '2026-11-30',
        student: 'kofi',
        sort: 'desc',
        page: '1',
        pageSize: '9',
      }),
    );
    // Searched once typing paused, not at every key.
    expect(
      callsTo(fetchMock, 'GET', LIST).filter((url) => url.searchParams.get('student')),
    ).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements'));
    expect((screen.getByLabelText('Du') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Étudiant') as HTMLInputElement).value).toBe('');
  });

  it('does not send a period that ends before it starts', async () => {
    storeSession();
    routeFetch(listRoutes());
    await openPage('/admin/paiements?au=2026-11-01');
    await table();
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-30' } });
    expect(screen.getByText('La date de début doit précéder la date de fin.')).toBeTruthy();
    expect(screen.getByLabelText('Au').getAttribute('aria-invalid')).toBe('true');
    expect(currentUrl()).toBe('/admin/paiements?au=2026-11-01');
  });

  it('sorts by date, oldest first then newest first again', async () => {
    storeSession();
    const fetchMock = routeFetch(listRoutes());
    const { user } = await openPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements?tri=ancien'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ sort: 'asc' }));
    await waitFor(async () =>
      expect(
        within(await table())
          .getAllByRole('columnheader')[0]!
          .getAttribute('aria-sort'),
      ).toBe('ascending'),
    );
    const [, first] = within(await table()).getAllByRole('row');
    await waitFor(() => expect(within(first!).getByText(fcfaText(45_500))).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ sort: 'desc' }));
  });

  it('pages by 9 with the spec’s pager, disabled at the ends', async () => {
    storeSession();
    const fetchMock = routeFetch(
      listRoutes({ [`GET ${LIST}`]: paymentRowsRoute(paymentRows(20)) }),
    );
    const { user } = await openPage();
    expect(within(await table()).getAllByRole('row')).toHaveLength(10);
    const pager = screen.getAllByRole('navigation', { name: 'Pagination' })[0]!;
    const button = (name: string) => within(pager).getByRole('button', { name });
    expect(button('Première page')).toHaveProperty('disabled', true);
    expect(button('Page précédente')).toHaveProperty('disabled', true);
    expect(button('Page 1').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('1–9 sur 20')).toBeTruthy();

    await user.click(button('Page suivante'));
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements?page=2'));
    await waitFor(() => expect(lastList(fetchMock)).toMatchObject({ page: '2' }));
    expect(await screen.findByText('10–18 sur 20')).toBeTruthy();
    expect(screen.getByText(fcfaText(19_000))).toBeTruthy(); // the 10th payment

    await user.click(button('Dernière page'));
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements?page=3'));
    expect(await screen.findByText('19–20 sur 20')).toBeTruthy();
    expect(button('Page suivante')).toHaveProperty('disabled', true);
    expect(button('Dernière page')).toHaveProperty('disabled', true);
    expect(button('Première page')).toHaveProperty('disabled', false);
  });

  it('says when there is no payment yet', async () => {
    storeSession();
    routeFetch(listRoutes({ [`GET ${LIST}`]: (request: RouteRequest) => page([], request) }));
    await openPage();
    expect(await screen.findByText('Aucun paiement pour le moment.')).toBeTruthy();
  });

  it('offers a retry when the list could not be loaded', async () => {
    storeSession();
    let failing = true;
    routeFetch(
      listRoutes({
        [`GET ${LIST}`]: (request: RouteRequest) =>
          failing
            ? jsonResponse(500, { message: 'Erreur interne.', code: 'INTERNAL' })
            : page([paymentRow()], request),
      }),
    );
    const { user } = await openPage();
    expect(await screen.findByText("Les paiements n'ont pas pu être chargés.")).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await table()).toBeTruthy();
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    storeSession();
    routeFetch(listRoutes());
    await renderApp('/admin/paiements');
    const [, row] = within(await screen.findByRole('table', { name: 'Payments' })).getAllByRole(
      'row',
    );
    expect(within(row!).getByText('150,000 FCFA')).toBeTruthy();
    expect(within(row!).getByText('Success')).toBeTruthy();
    expect(within(row!).getByText('21 Nov 2026, 14:05')).toBeTruthy();
  });
});

describe('« Paiements »: exports', () => {
  let clicked: { href: string; download: string }[] = [];

  beforeEach(() => {
    clicked = [];
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:http://localhost/paiements'),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('exports the filtered payments as CSV or Excel', async () => {
    storeSession();
    const fetchMock = routeFetch(
      listRoutes({
        'GET /api/payments/export': (request: RouteRequest) =>
          new Response('date;montant\n', {
            status: 200,
            headers: {
              'Content-Disposition': `attachment; filename="paiements.${request.url.searchParams.get('format')}"`,
            },
          }),
      }),
    );
    const { user } = await openPage('/admin/paiements?statut=succes&q=kofi&tri=ancien&page=2');
    await user.click(screen.getByRole('button', { name: 'Exporter Excel' }));
    expect(await screen.findByText('Export téléchargé.')).toBeTruthy();
    const [url] = callsTo(fetchMock, 'GET', '/api/payments/export');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      status: 'succeeded',
      student: 'kofi',
      sort: 'asc',
      format: 'xlsx',
    });
    expect(clicked).toEqual([
      { href: 'blob:http://localhost/paiements', download: 'paiements.xlsx' },
    ]);
  });

  it('downloads the receipts of a chosen period as a zip, and explains why it needs one', async () => {
    storeSession();
    const fetchMock = routeFetch(
      listRoutes({
        'GET /api/receipts/archive': () =>
          new Response('PK', { status: 200, headers: { 'Content-Type': 'application/zip' } }),
      }),
    );
    const { user } = await openPage();
    const zip = screen.getByRole('button', { name: 'Reçus (zip)' });
    expect(zip.getAttribute('aria-disabled')).toBe('true');
    expect(
      document.getElementById(zip.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toMatch(/Choisissez une période/);
    await user.click(zip);
    expect(callsTo(fetchMock, 'GET', '/api/receipts/archive')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(zip.getAttribute('aria-disabled')).toBeNull());
    await user.click(zip);
    expect(await screen.findByText('Reçus téléchargés.')).toBeTruthy();
    const [url] = callsTo(fetchMock, 'GET', '/api/receipts/archive');
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(clicked).toEqual([
      { href: 'blob:http://localhost/paiements', download: 'recus-2026-11-01-2026-11-30.zip' },
    ]);
  });

  it('shows the server’s refusal of an export', async () => {
    storeSession();
    routeFetch(
      listRoutes({
        'GET /api/payments/export': () =>
          jsonResponse(403, { message: 'Accès refusé.', code: 'FORBIDDEN' }),
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Exporter CSV' }));
    expect(await screen.findByText('Accès refusé.')).toBeTruthy();
    expect(clicked).toEqual([]);
  });
});
