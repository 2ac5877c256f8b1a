import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReconciliationItem } from '@ecolage/contracts';
import { routeFetch } from '../../../test/api-routes';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/session';
import { formatMoney } from '../../../lib/amounts';

const ITEM: ReconciliationItem = {
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01',
  statementId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c02',
  source: 'paygate',
  kind: 'amount_differs',
  status: 'open',
  lineNumber: 3,
  paymentId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c03',
  reference: null,
  providerTxnId: '1000042',
  day: '2026-04-07',
  statementAmount: 40_500,
  ourAmount: 40_000,
  statementFee: 1_000,
  ourFee: 1_000,
  resolution: null,
  note: null,
  resolvedBy: null,
  resolvedAt: null,
  createdAt: '2026-04-07T12:00:00.000Z',
};

const money = (amount: number) => formatMoney(amount, 'fr');

describe('« Comptabilité › Rapprochement »: the queue of differences', () => {
  it('draws its cells with the accounting tables’ text colour (readable in both themes)', async () => {
    storeSession();
    routeFetch({
      'GET /api/accounting/statements': () => ({ items: [], total: 0, page: 1, pageSize: 10 }),
      'GET /api/accounting/reconciliation/items': () => ({
        items: [ITEM],
        total: 1,
        page: 1,
        pageSize: 10,
      }),
    });
    await renderApp('/admin/comptabilite?vue=rapprochement');
    const table = await screen.findByRole('table', { name: 'Écarts à traiter' });
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '07/04/2026',
      'Montant différent',
      '1000042',
      money(40_500),
      money(40_000),
      `${money(1_000)} / ${money(1_000)}`,
      'À traiter',
      'Résoudre',
    ]);
    // No cell left to inherit the page's colour: in the dark theme slate-800 reads light on the
    // dark card (the palette is mirrored), as in « Paiements » and « Virements ».
    for (const cell of cells) expect(cell.className).toContain('text-slate-800');
    expect(table.closest('[role="region"]')?.className).toContain('bg-white');
  });
});
