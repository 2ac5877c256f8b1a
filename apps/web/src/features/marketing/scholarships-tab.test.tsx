import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Scholarship } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { RouteRequest } from '../../test/api-routes';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { campaignsRoutes } from './campaigns-fixtures';

/** The signed-in member of `storeSession()`. */
const ME = '3f9d2b7a-1c4e-4a8b-9e6f-2d1c0b9a8e03';
const id = (index: number) => `5c0f0000-0000-4000-8000-${String(index).padStart(12, '0')}`;

function scholarship(index: number, overrides: Partial<Scholarship> = {}): Scholarship {
  return {
    id: id(index),
    student: { id: id(100 + index), fullName: `Élève ${index}`, matricule: `ST-000${index}` },
    programme: 'Licence Informatique',
    academicYear: { id: id(200), label: '2026-2027' },
    name: 'Aide sociale',
    kind: 'fixed',
    value: 300_000,
    amountApplied: 0,
    reason: 'Situation familiale',
    status: 'recommended',
    recommendedBy: 'Akossiwa Adjovi',
    recommendedByUserId: id(300),
    decidedBy: null,
    decidedAt: null,
    refusalReason: null,
    invoices: [],
    createdAt: '2026-09-10T09:00:00.000Z',
    ...overrides,
  };
}

const AIDE = scholarship(1, {
  student: { id: id(101), fullName: 'Kossi Agbéko', matricule: 'ST-0001' },
});
const EXCELLENCE = scholarship(2, {
  name: 'Bourse d’excellence',
  kind: 'percent',
  value: 25,
  status: 'granted',
  amountApplied: 75_000,
  decidedBy: 'Kodjo Agbéko',
  decidedAt: '2026-09-12T09:00:00.000Z',
  invoices: [
    {
      id: id(400),
      number: 'ST-2026-0031',
      label: 'Mensualité octobre 2026',
      dueOn: '2026-10-05',
      total: 112_500,
      balance: 112_500,
      lineLabel: 'Bourse « Bourse d’excellence » −25 %',
      discount: 37_500,
    },
  ],
});
const REFUSED = scholarship(3, { status: 'refused', refusalReason: 'Revenus suffisants' });
const MINE = scholarship(4, { recommendedByUserId: ME, name: 'Bourse sport' });

function routes(items: Scholarship[] = [AIDE, EXCELLENCE, REFUSED, MINE]) {
  return campaignsRoutes(undefined, {
    extra: {
      'GET /api/programmes': () => ({ items: [] }),
      'GET /api/scholarships': ({ url }: RouteRequest) => {
        const status = url.searchParams.get('status');
        const found = items.filter((item) => !status || item.status === status);
        return { items: found, total: found.length, page: 1, pageSize: 10 };
      },
      [`POST /api/scholarships/${AIDE.id}/decision`]: ({ body }: RouteRequest) => ({
        ...AIDE,
        ...((body as { decision: string }).decision === 'granted'
          ? { status: 'granted', amountApplied: 300_000 }
          : { status: 'refused' }),
      }),
    },
  });
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');
const rowOf = (table: HTMLElement, text: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(text));

async function openTab(url = '/admin/marketing?onglet=bourses') {
  const fetchMock = routeFetch(routes());
  const view = await renderApp(url);
  const table = await screen.findByRole('table', { name: 'Bourses de l’école' });
  return { ...view, fetchMock, table };
}

describe('« Marketing » › Bourses', () => {
  it('lists the scholarships with amount, deduction, status and who decided; filters in the address', async () => {
    storeSession();
    const { user, table, fetchMock } = await openTab();
    const granted = plain(rowOf(table, 'Bourse d’excellence')?.textContent);
    expect(granted).toContain('25 %');
    expect(granted).toContain('déduit : 75 000 FCFA');
    expect(granted).toContain('Accordé');
    expect(granted).toContain('Kodjo Agbéko');
    expect(plain(rowOf(table, 'ST-0003')?.textContent)).toContain('Motif : Revenus suffisants');
    expect(plain(rowOf(table, 'Kossi Agbéko')?.textContent)).toContain('300 000 FCFA');

    await user.selectOptions(screen.getByLabelText('Statut'), 'recommended');
    await waitFor(() =>
      expect(currentUrl()).toBe('/admin/marketing?onglet=bourses&statut=recommande'),
    );
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/api/scholarships').at(-1)?.searchParams.get('status'),
      ).toBe('recommended'),
    );
  }, 40_000);

  it('grants and refuses (reason required) someone else’s recommendation, never one’s own', async () => {
    storeSession();
    const { user, fetchMock } = await openTab();
    const menu = (name: string) =>
      screen.getByRole('button', {
        name: `Actions de la bourse « ${name} » de ${name === 'Bourse sport' ? 'Élève 4' : 'Kossi Agbéko'}`,
      });
    await user.click(menu('Bourse sport'));
    expect(screen.queryByRole('menuitem', { name: 'Accorder' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Voir l’effet sur les factures' })).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(menu('Aide sociale'));
    await user.click(screen.getByRole('menuitem', { name: 'Refuser' }));
    const refuse = await screen.findByRole('dialog', {
      name: 'Refuser la bourse « Aide sociale » ?',
    });
    await user.click(within(refuse).getByRole('button', { name: 'Refuser' }));
    expect(within(refuse).getByText(/Indiquez le motif du refus/)).toBeTruthy();
    await user.type(within(refuse).getByLabelText('Motif du refus'), 'Revenus suffisants');
    await user.click(within(refuse).getByRole('button', { name: 'Refuser' }));
    expect(await screen.findByText('Bourse refusée.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/scholarships/${AIDE.id}/decision`)).toEqual([
      { decision: 'refused', reason: 'Revenus suffisants' },
    ]);
  }, 40_000);

  it('shows the effect on the invoices', async () => {
    storeSession();
    const { user } = await openTab();
    await user.click(
      screen.getByRole('button', {
        name: 'Actions de la bourse « Bourse d’excellence » de Élève 2',
      }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Voir l’effet sur les factures' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Effet de la bourse « Bourse d’excellence »',
    });
    const row = plain(within(dialog).getByText('ST-2026-0031').closest('tr')?.textContent);
    expect(row).toContain('Mensualité octobre 2026');
    expect(row).toContain('−37 500 FCFA');
    expect(row).toContain('112 500 FCFA');
  });

  it('Scolarité recommends but never sees « Accorder »', async () => {
    storeSession(
      withPermissions('read:marketing', 'read:invoices', 'issue:invoices', 'read:students'),
    );
    const { user } = await openTab();
    expect(screen.getByRole('button', { name: 'Nouvelle Bourse' })).toBeTruthy();
    await user.click(
      screen.getByRole('button', { name: 'Actions de la bourse « Aide sociale » de Kossi Agbéko' }),
    );
    expect(screen.queryByRole('menuitem', { name: 'Accorder' })).toBeNull();
  });
});
