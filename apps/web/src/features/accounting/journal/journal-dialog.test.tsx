import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/providers';
import { callsTo, routeFetch } from '../../../test/api-routes';
import type { Routes } from '../../../test/api-routes';
import { storeSession, withPermissions } from '../../../test/session';
import { currentMonth } from '../reports/reports-dialog';
import { JournalDialog } from './journal-dialog';

function fecFile() {
  return new Response(new Blob(['JournalCode|JournalLib'], { type: 'text/plain' }), {
    status: 200,
    headers: { 'Content-Disposition': 'attachment; filename="LYCEEFEC20260930.txt"' },
  });
}

const periods = { closedThrough: '2026-09-30', closures: [], exports: [] };

function renderDialog(routes: Routes, permissions?: Parameters<typeof withPermissions>) {
  storeSession(permissions ? withPermissions(...permissions) : {});
  const fetch = routeFetch(routes);
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:journal'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <JournalDialog onClose={vi.fn()} />
    </QueryClientProvider>,
  );
  return { fetch, user };
}

describe('the journal dialog', () => {
  it('offers the four formats with a line each, the current month, downloads, then closes the period after a confirmation', async () => {
    const { fetch, user } = renderDialog({
      'GET /api/accounting/journal': () => fecFile(),
      'POST /api/accounting/periods/close': () => periods,
    });
    const dialog = screen.getByRole('dialog', { name: 'Exporter le journal comptable' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'fec',
      'sage',
      'csv',
      'xlsx',
    ]);
    const described = radios[1]!.getAttribute('aria-describedby');
    expect(document.getElementById(described!)?.textContent).toMatch(/Sage 100/);
    const month = currentMonth();
    expect((screen.getByLabelText('Du') as HTMLInputElement).value).toBe(month.from);
    expect((screen.getByLabelText('Au') as HTMLInputElement).value).toBe(month.to);

    // A past month: its closure is offered after the download.
    await user.clear(screen.getByLabelText('Du'));
    await user.type(screen.getByLabelText('Du'), '2026-09-01');
    await user.clear(screen.getByLabelText('Au'));
    await user.type(screen.getByLabelText('Au'), '2026-09-30');
    await user.click(screen.getByRole('radio', { name: /Sage 100/ }));
    await user.click(screen.getByRole('button', { name: 'Télécharger' }));
    expect(await screen.findByText('Journal du 01/09/2026 au 30/09/2026 téléchargé.')).toBeTruthy();
    const asked = callsTo(fetch, 'GET', '/api/accounting/journal')[0]!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      format: 'sage',
      from: '2026-09-01',
      to: '2026-09-30',
    });
    await user.click(
      screen.getByRole('button', { name: 'Clôturer la période jusqu’au 30/09/2026' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Clôturer jusqu’au 30/09/2026' }));
    expect(await screen.findByText('Période close jusqu’au 30/09/2026.')).toBeTruthy();
    expect(callsTo(fetch, 'POST', '/api/accounting/periods/close')).toHaveLength(1);
  });

  it('shows a refusal in the dialog, and offers no closure without manage:accounting', async () => {
    const { user } = renderDialog(
      {
        'GET /api/accounting/journal': () =>
          new Response(
            JSON.stringify({
              code: 'JOURNAL_EMPTY_PERIOD',
              message: 'Aucune écriture sur cette période : rien à exporter.',
            }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          ),
      },
      ['read:accounting', 'export:accounting'],
    );
    await user.click(screen.getByRole('button', { name: 'Télécharger' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Aucune écriture sur cette période : rien à exporter.',
    );
    expect(screen.queryByRole('button', { name: /Clôturer/ })).toBeNull();
  });
});
