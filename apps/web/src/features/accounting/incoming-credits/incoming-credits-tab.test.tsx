import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { IncomingCredit } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../../test/api-routes';
import type { RouteRequest, Routes } from '../../../test/api-routes';
import { jsonResponse } from '../../../test/fetch-mock';
import { currentUrl, renderApp } from '../../../test/render-app';
import { storeSession, withPermissions } from '../../../test/session';
import { fcfaText } from '../../students/student-fixtures';

const LIST = '/api/accounting/incoming-credits';
const WAITING_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01';
const STUDENT_ID = '5b1d3c2a-9e8f-4a7b-8c6d-1e2f3a4b5c06';

function credit(overrides: Partial<IncomingCredit> = {}): IncomingCredit {
  return {
    id: WAITING_ID,
    source: 'provider_notification',
    provider: 'wave',
    wallet: null,
    providerTxnId: 'T_8F2A11C0',
    amount: 30_000,
    reference: 'scolarite kossi',
    payerPhone: '+22890112233',
    payerName: null,
    receivedAt: '2026-11-21T14:05:00.000Z',
    status: 'to_assign',
    matchedBy: null,
    student: null,
    guardianName: null,
    paymentId: null,
    receipt: null,
    assignedBy: null,
    assignedAt: null,
    note: null,
    ...overrides,
  };
}

const CREDITS: IncomingCredit[] = [
  credit(),
  credit({
    id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c02',
    providerTxnId: 'T_11AA22BB',
    amount: 15_000,
    reference: 'stu 001',
    status: 'matched',
    matchedBy: 'reference',
    student: { id: STUDENT_ID, fullName: 'Kossi Agbéko', matricule: 'STU-001' },
    guardianName: 'Afi Agbéko',
    paymentId: 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a01',
    receipt: { id: 'f1e2d3c4-b5a6-4978-8695-a4b3c2d1e001', number: 'REC-2026-000042' },
  }),
  credit({
    id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c03',
    source: 'bank_statement',
    provider: 'Orabank',
    wallet: 'BANK_TRANSFER',
    providerTxnId: 'VIR-778',
    amount: 7_000,
    reference: null,
    payerPhone: null,
    payerName: 'M. Dossou',
    status: 'returned',
    note: 'Erreur de numéro',
  }),
];

function routes(extra: Routes = {}): Routes {
  return {
    [`GET ${LIST}`]: (request: RouteRequest) => ({
      items: CREDITS,
      total: 23,
      page: Number(request.url.searchParams.get('page') ?? 1),
      pageSize: 20,
      waiting: { count: 1, amount: 30_000 },
    }),
    'GET /api/accounting/merchant-accounts': () => ({
      items: [
        {
          id: '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e01',
          provider: 'wave',
          merchantCode: 'M_ECOLEDEMO',
          label: null,
        },
      ],
    }),
    'GET /api/students': () => ({
      items: [
        {
          id: STUDENT_ID,
          fullName: 'Kossi Agbéko',
          matricule: 'STU-001',
          status: 'active',
          programme: null,
          level: null,
          balance: 1_450_000,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 6,
    }),
    ...extra,
  };
}

const lastList = (fetchMock: ReturnType<typeof routeFetch>) =>
  Object.fromEntries(callsTo(fetchMock, 'GET', LIST).at(-1)?.searchParams ?? []);

async function openTab(url = '/admin/comptabilite?vue=a-affecter') {
  const view = await renderApp(url);
  await screen.findByRole('heading', { level: 2, name: 'Encaissements à affecter' });
  return view;
}
const table = () =>
  screen.findByRole('table', {
    name: 'Encaissements reçus sans demande, du plus récent au plus ancien',
  });

describe('« Comptabilité › À affecter »', () => {
  it('lists the credits with the queue’s total, the school’s merchant codes and each one’s matching', async () => {
    storeSession();
    const fetchMock = routeFetch(routes());
    await openTab();
    const rows = within(await table()).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Date',
      'Opérateur',
      'Montant',
      'Référence saisie',
      'Téléphone',
      'Statut',
      'Rapprochement',
      'Actions',
    ]);
    expect(
      screen.getByText(`1 encaissement à affecter · ${fcfaText(30_000)}`.replace(/\s/g, ' '), {
        normalizer: (text) => text.replace(/\s/g, ' '),
      }),
    ).toBeTruthy();
    expect(screen.getByText('Wave : M_ECOLEDEMO')).toBeTruthy();

    const waiting = within(rows[1]!);
    expect(waiting.getByText('21 nov. 2026', { selector: 'time > span' })).toBeTruthy();
    expect(waiting.getByText('14:05', { selector: 'time > span' })).toBeTruthy();
    expect(waiting.getByText('Wave')).toBeTruthy();
    expect(waiting.getByText('Notification de l’opérateur')).toBeTruthy();
    expect(waiting.getByText(fcfaText(30_000))).toBeTruthy();
    expect(waiting.getByText('scolarite kossi')).toBeTruthy();
    // In its column, and folded under the reference where that column is hidden (768–1536 px).
    expect(waiting.getAllByText('+228 90 11 22 33')).toHaveLength(2);
    expect(waiting.getByText('À affecter')).toBeTruthy();
    expect(
      waiting.getByRole('button', {
        name: /^Affecter l’encaissement de 30.000.FCFA du 21.nov\..2026,.14:05$/,
      }),
    ).toBeTruthy();

    const matched = within(rows[2]!);
    expect(matched.getByText('Affecté automatiquement')).toBeTruthy();
    expect(matched.getByText('Par le matricule saisi')).toBeTruthy();
    expect(matched.getByText('Kossi Agbéko')).toBeTruthy();
    expect(matched.getByRole('button', { name: 'Reçu REC-2026-000042' })).toBeTruthy();
    expect(matched.getByRole('link', { name: 'Voir le paiement' }).getAttribute('href')).toBe(
      '/admin/paiements?paiement=e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a01',
    );
    expect(matched.queryByRole('button', { name: /^Affecter/ })).toBeNull();

    const returned = within(rows[3]!);
    expect(returned.getByText('Banque (Orabank)')).toBeTruthy();
    expect(returned.getByText('Relevé bancaire')).toBeTruthy();
    expect(returned.getByText('Rendu : Erreur de numéro')).toBeTruthy();
    expect(returned.getAllByText('M. Dossou')).toHaveLength(2); // its column, and folded
    expect(lastList(fetchMock)).toEqual({ page: '1' });
  });

  it('keeps the status and the search in the address and the request', async () => {
    storeSession();
    const fetchMock = routeFetch(routes());
    const { user } = await openTab();
    await table();
    await user.selectOptions(screen.getByLabelText('Statut'), 'À affecter');
    await waitFor(() =>
      expect(currentUrl()).toBe('/admin/comptabilite?vue=a-affecter&statut=a-affecter'),
    );
    await waitFor(() => expect(lastList(fetchMock)).toEqual({ page: '1', status: 'to_assign' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'kossi{Enter}');
    await waitFor(() =>
      expect(currentUrl()).toBe('/admin/comptabilite?vue=a-affecter&statut=a-affecter&q=kossi'),
    );
    await waitFor(() =>
      expect(lastList(fetchMock)).toEqual({ page: '1', status: 'to_assign', q: 'kossi' }),
    );
  });

  it('assigns a credit to a student found by the search, and shows a refusal in French', async () => {
    storeSession();
    let answer: Response | null = jsonResponse(409, {
      code: 'INCOMING_CREDIT_ALREADY_ASSIGNED',
      message: 'Ce crédit a déjà été affecté : il ne peut pas l’être une seconde fois.',
    });
    const fetchMock = routeFetch(
      routes({
        [`POST ${LIST}/${WAITING_ID}/assign`]: () =>
          answer ??
          credit({
            status: 'assigned',
            matchedBy: 'staff',
            student: { id: STUDENT_ID, fullName: 'Kossi Agbéko', matricule: 'STU-001' },
          }),
      }),
    );
    const { user } = await openTab();
    const rows = within(await table()).getAllByRole('row');
    await user.click(within(rows[1]!).getByRole('button', { name: /^Affecter/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Affecter un encaissement' });
    await user.click(within(dialog).getByRole('button', { name: 'Affecter' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choisissez d’abord l’élève.');

    await user.type(within(dialog).getByRole('searchbox', { name: 'Rechercher un élève' }), 'kos');
    await user.click(await within(dialog).findByRole('button', { name: /Kossi Agbéko/ }));
    expect(within(dialog).getByRole('status').textContent).toContain(
      'Élève choisi : Kossi Agbéko (STU-001)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Affecter' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ce crédit a déjà été affecté : il ne peut pas l’être une seconde fois.',
    );
    answer = null;
    await user.click(within(dialog).getByRole('button', { name: 'Affecter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', `${LIST}/${WAITING_ID}/assign`)).toEqual([
      { studentId: STUDENT_ID },
      { studentId: STUDENT_ID },
    ]);
    expect(await screen.findByText('Encaissement affecté à Kossi Agbéko.')).toBeTruthy();
  });

  it('returns a credit to its sender with a reason of three characters at least', async () => {
    storeSession();
    const fetchMock = routeFetch(
      routes({
        [`POST ${LIST}/${WAITING_ID}/return`]: () =>
          credit({ status: 'returned', note: 'Erreur de numéro' }),
      }),
    );
    const { user } = await openTab();
    const rows = within(await table()).getAllByRole('row');
    await user.click(within(rows[1]!).getByRole('button', { name: /^Rendre/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rendre à l’expéditeur' });
    const note = within(dialog).getByLabelText('Motif (visible dans le journal)');
    expect(document.activeElement).toBe(note);
    await user.type(note, 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Rendre' }));
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(/au moins 3 caractères\)/)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `${LIST}/${WAITING_ID}/return`)).toHaveLength(0);
    await user.type(note, 'c erreur de numéro');
    await user.click(within(dialog).getByRole('button', { name: 'Rendre' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', `${LIST}/${WAITING_ID}/return`)).toEqual([
      { note: 'abc erreur de numéro' },
    ]);
  });

  it('offers no « Affecter » to a member who does not record payments', async () => {
    storeSession(withPermissions('read:accounting'));
    routeFetch(routes());
    await openTab();
    const rows = within(await table()).getAllByRole('row');
    expect(within(rows[1]!).queryByRole('button', { name: /^Affecter/ })).toBeNull();
    expect(within(rows[1]!).queryByRole('button', { name: /^Rendre/ })).toBeNull();
  });
});
