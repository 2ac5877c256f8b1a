import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { callsTo, routeFetch } from '../../test/api-routes';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { fcfaText, page } from '../students/student-fixtures';
import { CASH_URL, closedSession, deskRoutes, openSession, SESSION_ID } from './cash-desk-fixtures';

const OTHER_ID = 'c4d5e6f7-8a9b-4c0d-8e1f-2a3b4c5d6e02';

/** Twelve sessions, newest first: Kossi's still open, Ama's short by 2 000 FCFA, then ten. */
const SESSIONS = [
  openSession({ id: OTHER_ID, cashierName: 'Kossi Lawson', openedAt: '2026-11-22T08:00:00.000Z' }),
  closedSession(),
  ...Array.from({ length: 10 }, (_, index) =>
    closedSession({
      id: `c4d5e6f7-8a9b-4c0d-8e1f-2a3b4c5d6f${String(index).padStart(2, '0')}`,
      openedAt: `2026-11-${String(index + 10).padStart(2, '0')}T08:00:00.000Z`,
      countedCash: 55_000,
      difference: 0,
      closingComment: null,
    }),
  ),
];

function sessionRoutes() {
  return deskRoutes(null, {
    'GET /api/cash-sessions': (request) => {
      const status = request.url.searchParams.get('status');
      return page(
        SESSIONS.filter((session) => !status || session.status === status),
        request,
      );
    },
    [`GET /api/cash-sessions/${SESSION_ID}/report.pdf`]: () =>
      new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="brouillard-2026-11-21.pdf"',
        },
      }),
  });
}

describe('« Caisse »: the sessions', () => {
  it('lists every cashier’s sessions for a supervisor, differences highlighted', async () => {
    // Finance: supervises the desks, holds none.
    storeSession(withPermissions('supervise:cash_desk', 'read:payments', 'read:students'));
    const fetchMock = routeFetch(sessionRoutes());
    const { user } = await renderApp(CASH_URL);
    const table = await screen.findByRole(
      'table',
      { name: 'Sessions de caisse' },
      { timeout: 3000 },
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Toutes les caisses' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Ouvrir la caisse' })).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/cash-sessions/current')).toHaveLength(0);

    const [header, open, short] = within(table).getAllByRole('row');
    expect(within(header!).getByText('Caissier')).toBeTruthy();
    expect(within(open!).getByText('Kossi Lawson')).toBeTruthy();
    expect(within(open!).getByText('Ouverte')).toBeTruthy();
    expect(within(short!).getByText('Ama Mensah')).toBeTruthy();
    expect(within(short!).getByText('21 nov. 2026, 17:30')).toBeTruthy();
    expect(within(short!).getByText(fcfaText(53_000))).toBeTruthy();
    const difference = within(short!).getByText(`−${fcfaText(2_000)}`);
    expect(difference.className).toContain('bg-red-100');
    expect(within(short!).getByText('Monnaie rendue en trop à un parent.')).toBeTruthy();
    expect(within(short!).getByText('Clôturée')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(11); // the header and 10 sessions
    expect(callsTo(fetchMock, 'GET', '/api/cash-sessions')[0]?.searchParams.get('pageSize')).toBe(
      '10',
    );

    // Its report, as a file.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    try {
      await user.click(
        screen.getByRole('button', {
          name: 'Brouillard de caisse d’Ama Mensah du 21 nov. 2026, 08:00 (PDF)',
        }),
      );
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(callsTo(fetchMock, 'GET', `/api/cash-sessions/${SESSION_ID}/report.pdf`)).toHaveLength(
        1,
      );
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('filters and pages on the server, with the state in the address', async () => {
    storeSession(withPermissions('supervise:cash_desk'));
    const fetchMock = routeFetch(sessionRoutes());
    const { user } = await renderApp(CASH_URL);
    await screen.findByRole('table', { name: 'Sessions de caisse' }, { timeout: 3000 });
    expect(screen.getByText('1–10 sur 12')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/caisse?page=2'));
    expect(callsTo(fetchMock, 'GET', '/api/cash-sessions').at(-1)?.searchParams.get('page')).toBe(
      '2',
    );

    await user.click(screen.getByRole('button', { name: 'Ouvertes' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/caisse?statut=ouvertes'));
    const last = callsTo(fetchMock, 'GET', '/api/cash-sessions').at(-1);
    expect(last?.searchParams.get('status')).toBe('open');
    expect(last?.searchParams.get('page')).toBe('1');
    const table = await screen.findByRole('table', { name: 'Sessions de caisse' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Ouvertes' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows a cashier their own sessions under their desk, without the cashier column', async () => {
    storeSession(withPermissions('operate:cash_desk', 'read:students', 'read:invoices'));
    routeFetch(sessionRoutes());
    await renderApp(CASH_URL);
    expect(
      await screen.findByRole('form', { name: 'Ouvrir la caisse' }, { timeout: 3000 }),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Sessions de caisse' });
    expect(screen.getByRole('heading', { level: 2, name: 'Mes caisses' })).toBeTruthy();
    expect(within(table).queryByText('Caissier')).toBeNull();
  });

  it('is in the sidebar for cashiers and supervisors only', async () => {
    storeSession(withPermissions('read:students', 'read:payments'));
    routeFetch(sessionRoutes());
    await renderApp('/admin');
    const nav = screen.getByRole('navigation', { name: "Navigation de l'espace école" });
    expect(within(nav).queryByRole('link', { name: 'Caisse' })).toBeNull();
  });

  it('refuses the page to a role without the cash desk', async () => {
    storeSession(withPermissions('read:students'));
    routeFetch(sessionRoutes());
    await renderApp(CASH_URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeTruthy();
  });
});
