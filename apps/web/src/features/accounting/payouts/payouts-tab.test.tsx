import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Payout, PayoutSettings } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../../test/api-routes';
import type { RouteRequest, Routes } from '../../../test/api-routes';
import { jsonResponse } from '../../../test/fetch-mock';
import { currentUrl, renderApp } from '../../../test/render-app';
import { storeSession, withPermissions } from '../../../test/session';
import { fcfaText } from '../../students/student-fixtures';

const LIST = '/api/accounting/payouts';
const PAYOUT_ID = '4c5d6e7f-8a9b-4c0d-8e1f-2a3b4c5d6e01';

function payout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: PAYOUT_ID,
    reference: 'VIR-2026-000012',
    status: 'pending',
    rail: null,
    transferId: null,
    periodStart: '2026-11-16',
    periodEnd: '2026-11-22',
    gross: 150_000,
    commission: 3_000,
    providerFee: 3_750,
    net: 143_250,
    paymentCount: 2,
    bankName: 'Orabank Togo',
    accountHolder: 'Collège Sainte-Rita',
    accountMasked: '•••• 0070',
    origin: 'schedule',
    scheduledFor: '2026-11-23',
    sentAt: null,
    paidAt: null,
    valueDate: null,
    bankReference: null,
    failedAt: null,
    failureReason: null,
    createdAt: '2026-11-23T00:17:00.000Z',
    ...overrides,
  };
}

const SETTINGS: PayoutSettings = {
  schedule: 'weekly',
  weekday: 1,
  minimumXof: 1_000,
  paused: false,
  transferIdTyped: true,
  bankDetailsReady: true,
  accountMasked: '•••• 0070',
  pendingNet: 47_500,
  pendingCount: 1,
};

function routes(extra: Routes = {}): Routes {
  return {
    [`GET ${LIST}`]: (request: RouteRequest) => {
      const status = request.url.searchParams.get('status');
      const items = [payout()].filter((item) => !status || item.status === status);
      return { items, total: items.length, page: 1, pageSize: 8 };
    },
    'GET /api/accounting/payout-settings': () => SETTINGS,
    [`GET ${LIST}/${PAYOUT_ID}`]: () => ({
      payout: payout(),
      lines: {
        items: [
          {
            id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c01',
            kind: 'payment',
            paymentId: 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a01',
            day: '2026-11-21',
            occurredAt: '2026-11-21T14:05:00.000Z',
            studentLabel: 'Kofi Mensah',
            provider: 'paygate',
            wallet: 'MOOV_TG',
            gross: 150_000,
            commission: 3_000,
            providerFee: 3_750,
            feeRateMissing: false,
            net: 143_250,
          },
          {
            id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c02',
            kind: 'payment',
            paymentId: 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a02',
            day: '2026-11-21',
            occurredAt: '2026-11-21T15:05:00.000Z',
            studentLabel: 'Ama Lawson',
            provider: 'paygate',
            wallet: 'MOOV_TG',
            gross: 50_000,
            commission: 1_000,
            providerFee: 0,
            feeRateMissing: true,
            net: 49_000,
          },
        ],
        total: 2,
        page: 1,
        pageSize: 10,
      },
    }),
    ...extra,
  };
}

async function openTab(url = '/admin/comptabilite?vue=virements') {
  const view = await renderApp(url);
  await screen.findByRole('heading', { level: 2, name: 'Virements vers le compte de l’école' });
  return view;
}

describe('« Comptabilité › Virements »', () => {
  it('lists the payouts with their figures, filters by status in the address, shows the schedule', async () => {
    storeSession();
    const fetchMock = routeFetch(routes());
    const { user } = await openTab();
    const table = await screen.findByRole('table', { name: 'Virements vers le compte de l’école' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('VIR-2026-000012')).toBeTruthy();
    expect(within(row!).getByText(fcfaText(143_250))).toBeTruthy();
    expect(within(row!).getByText('En attente')).toBeTruthy();
    expect(screen.getByText(/En attente de virement/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Créer un virement' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Statut'), 'Payé');
    await waitFor(() => expect(currentUrl()).toBe('/admin/comptabilite?vue=virements&statut=paye'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', LIST).at(-1)?.searchParams.get('status')).toBe('paid'),
    );
    expect(await screen.findByText('Aucun virement avec ce statut')).toBeTruthy();
  });

  it('opens a payout and sends it with the bank’s reference; a refusal is shown in French', async () => {
    storeSession();
    let attempts = 0;
    const fetchMock = routeFetch(
      routes({
        [`POST ${LIST}/${PAYOUT_ID}/send`]: () => {
          attempts += 1;
          return attempts === 1
            ? jsonResponse(409, {
                code: 'PAYOUT_STATUS_CONFLICT',
                message:
                  'Ce virement est « En cours » : cette action n’est plus possible. Rechargez la page.',
                params: { status: 'sending' },
              })
            : payout({ status: 'sending', transferId: 'ORA-778812' });
        },
      }),
    );
    const { user } = await openTab();
    await user.click(await screen.findByRole('button', { name: 'Ouvrir VIR-2026-000012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Virement VIR-2026-000012' });
    expect(await within(dialog).findByText('Kofi Mensah')).toBeTruthy();
    // A line with no provider fee in force: « inconnu », not « 0 FCFA »; the other its fee.
    const unknownRow = within(dialog).getByText('Ama Lawson').closest('tr')!;
    expect(within(unknownRow).getByText('inconnu').getAttribute('title')).toBe(
      'Aucun tarif de l’opérateur n’était en vigueur',
    );
    expect(within(unknownRow).queryByText(fcfaText(0))).toBeNull();
    const knownRow = within(dialog).getByText('Kofi Mensah').closest('tr')!;
    expect(within(knownRow).getByText(fcfaText(3_750))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await user.type(
      within(dialog).getByLabelText('Référence du virement donnée par la banque'),
      'ORA-778812',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le virement' }));
    expect(await within(dialog).findByText(/cette action n’est plus possible/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le virement' }));
    await waitFor(() => expect(attempts).toBe(2));
    expect(bodiesSentTo(fetchMock, 'POST', `${LIST}/${PAYOUT_ID}/send`)).toEqual([
      { transferId: 'ORA-778812' },
      { transferId: 'ORA-778812' },
    ]);
  });

  it('a reader sees the payouts without the actions', async () => {
    storeSession(withPermissions('read:accounting'));
    routeFetch(routes());
    const { user } = await openTab();
    expect(screen.queryByRole('button', { name: 'Créer un virement' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Ouvrir VIR-2026-000012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Virement VIR-2026-000012' });
    await within(dialog).findByText('Kofi Mensah');
    expect(within(dialog).queryByRole('button', { name: 'Envoyer' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Relevé PDF' })).toBeTruthy();
  });
});
