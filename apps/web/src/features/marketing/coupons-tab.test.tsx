import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Coupon } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { RouteRequest } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { campaignsRoutes } from './campaigns-fixtures';

const id = (index: number) => `5c0e0000-0000-4000-8000-${String(index).padStart(12, '0')}`;

function coupon(index: number, overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: id(index),
    code: `CODE-${index}`,
    description: '',
    kind: 'percent',
    value: 10,
    scope: 'all',
    programme: null,
    level: null,
    validFrom: '2026-09-01',
    validUntil: '2026-10-31',
    maxUses: 50,
    maxUsesPerFamily: null,
    uses: 3,
    discountTotal: 45_000,
    status: 'active',
    disabled: false,
    archived: false,
    createdAt: '2026-08-20T09:00:00.000Z',
    ...overrides,
  };
}

const RENTREE = coupon(1, { code: 'RENTREE-2026' });
const FIXE = coupon(2, {
  code: 'FIDELITE',
  kind: 'fixed',
  value: 5_000,
  maxUses: 10,
  uses: 10,
  status: 'exhausted',
});
const CODE_TAKEN = {
  message: 'Ce code est déjà utilisé par un autre coupon de l’école.',
  code: 'COUPON_CODE_TAKEN',
  issues: [{ path: 'code', message: 'Ce code est déjà utilisé par un autre coupon de l’école.' }],
};

function couponRoutes(items: Coupon[] = [RENTREE, FIXE], refuse = false) {
  return campaignsRoutes(undefined, {
    extra: {
      'GET /api/programmes': () => ({ items: [] }),
      'GET /api/coupons': ({ url }: RouteRequest) => {
        const status = url.searchParams.get('status');
        const found = items.filter((item) => !status || item.status === status);
        return { items: found, total: found.length, page: 1, pageSize: 10 };
      },
      'POST /api/coupons': ({ body }: RouteRequest) =>
        refuse
          ? jsonResponse(409, CODE_TAKEN)
          : jsonResponse(201, { ...RENTREE, ...(body as object) }),
      [`POST /api/coupons/${RENTREE.id}/actions`]: () => ({ ...RENTREE, disabled: true }),
      [`GET /api/coupons/${RENTREE.id}/redemptions`]: () => ({
        items: [
          {
            id: id(50),
            student: { id: id(60), fullName: 'Kossi Agbéko', matricule: 'ST-0001' },
            invoiceNumber: 'ST-2026-0012',
            amount: 15_000,
            channel: 'desk',
            status: 'applied',
            by: 'Yao Caisse',
            createdAt: '2026-09-12T10:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 10,
      }),
    },
  });
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');

async function openTab(routes = couponRoutes(), url = '/admin/marketing?onglet=coupons') {
  const fetchMock = routeFetch(routes);
  const view = await renderApp(url);
  const table = await screen.findByRole('table', { name: 'Coupons de réduction de l’école' });
  return { ...view, fetchMock, table };
}

describe('« Marketing » › Coupons', () => {
  it('lists the coupons with their value, validity, uses and status, filters in the address', async () => {
    storeSession();
    const { user, table, fetchMock } = await openTab();
    const rows = within(table).getAllByRole('row');
    expect(plain(rows[1]?.textContent)).toContain('RENTREE-2026');
    expect(plain(rows[1]?.textContent)).toContain('10 %');
    expect(plain(rows[1]?.textContent)).toContain('du 1 sept. 2026 au 31 oct. 2026');
    expect(plain(rows[1]?.textContent)).toContain('3 / 50');
    expect(plain(rows[1]?.textContent)).toContain('Actif');
    expect(plain(rows[2]?.textContent)).toContain('5 000 FCFA');
    expect(plain(rows[2]?.textContent)).toContain('Épuisé');

    await user.selectOptions(screen.getByLabelText('Statut'), 'exhausted');
    await waitFor(() => expect(currentUrl()).toBe('/admin/marketing?onglet=coupons&statut=epuise'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/coupons').at(-1)?.searchParams.get('status')).toBe(
        'exhausted',
      ),
    );
  }, 40_000);

  it('creates a coupon with its code upper-cased; the server’s refusal goes on its field', async () => {
    storeSession();
    const { user, fetchMock } = await openTab(couponRoutes(undefined, true));
    await user.click(screen.getByRole('button', { name: 'Nouveau Coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau Coupon' });
    await user.type(within(dialog).getByLabelText(/^Code/), 'rentree-2026');
    await user.type(within(dialog).getByLabelText(/Pourcentage \(1/), '15');
    await user.clear(within(dialog).getByLabelText(/Valable du/));
    await user.type(within(dialog).getByLabelText(/Valable du/), '2026-09-01');
    await user.type(within(dialog).getByLabelText(/au \(inclus\)/), '2026-10-31');
    await user.type(within(dialog).getByLabelText(/Utilisations au total/), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le coupon' }));
    const message = await within(dialog).findByText(
      'Ce code est déjà utilisé par un autre coupon de l’école.',
    );
    const code = within(dialog).getByLabelText(/^Code/);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toContain(message.id);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/coupons')).toEqual([
      {
        code: 'RENTREE-2026',
        description: '',
        kind: 'percent',
        value: 15,
        scope: 'all',
        programmeId: null,
        levelId: null,
        validFrom: '2026-09-01',
        validUntil: '2026-10-31',
        maxUses: 50,
        maxUsesPerFamily: null,
      },
    ]);
  });

  it('disables from the action column and lists a coupon’s uses', async () => {
    storeSession();
    const { user, fetchMock } = await openTab();
    await user.click(screen.getByRole('button', { name: 'Actions du coupon RENTREE-2026' }));
    await user.click(screen.getByRole('menuitem', { name: 'Désactiver' }));
    expect(await screen.findByText(/Coupon RENTREE-2026 désactivé/)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/coupons/${RENTREE.id}/actions`)).toEqual([
      { action: 'disable' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Actions du coupon RENTREE-2026' }));
    await user.click(screen.getByRole('menuitem', { name: 'Utilisations' }));
    const uses = await screen.findByRole('dialog', { name: 'Utilisations du coupon RENTREE-2026' });
    const row = plain((await within(uses).findByText('Kossi Agbéko')).closest('tr')?.textContent);
    expect(row).toContain('ST-2026-0012');
    expect(row).toContain('15 000 FCFA');
    expect(row).toContain('Caisse');
    expect(row).toContain('Appliqué');
    expect(row).toContain('Yao Caisse');
  });

  it('a reader sees the list without « Nouveau Coupon » nor changes', async () => {
    storeSession(withPermissions('read:marketing'));
    const { user } = await openTab();
    expect(screen.queryByRole('button', { name: 'Nouveau Coupon' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions du coupon RENTREE-2026' }));
    expect(screen.queryByRole('menuitem', { name: 'Modifier' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Utilisations' })).toBeTruthy();
  });
});
