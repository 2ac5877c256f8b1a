import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { StaffNotification, StaffNotificationPage } from '@ecolage/contracts';
import { currentUrl, renderApp } from '../../test/render-app';
import { callsTo, routeFetch } from '../../test/api-routes';
import { installFakeEventSource } from '../../test/fake-event-source';
import { storeSession } from '../../test/session';
import { relativeTime } from './notifications-menu';

/** Intl writes no-break spaces; the expectations plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const item = (overrides: Partial<StaffNotification>): StaffNotification => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'payment_received',
  title: 'Paiement reçu',
  body: '85 000 FCFA de Afi Agbéko pour Kossi Agbéko (MTN MoMo, en ligne).',
  link: '/admin/paiements?paiement=00000000-0000-4000-8000-0000000000aa',
  createdAt: minutesAgo(5),
  readAt: null,
  ...overrides,
});

const RECEIVED = item({});
const ADMISSION = item({
  id: '00000000-0000-4000-8000-000000000002',
  kind: 'admission_received',
  title: 'Nouvelle pré-inscription',
  body: 'Ama Mensah, demandée par Ama Mensah (+22890445566).',
  link: '/admin/etudiants/inscriptions',
  createdAt: minutesAgo(180),
  readAt: minutesAgo(60),
});

function page(items: StaffNotification[]): StaffNotificationPage {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 10,
    unread: items.filter((entry) => !entry.readAt).length,
  };
}

function bellRoutes(items: StaffNotification[]) {
  return routeFetch({
    'GET /api/notifications': () => page(items),
    'POST /api/live/ticket': () => ({ ticket: 'ticket-de-flux', expiresInSeconds: 60 }),
    'POST /api/notifications/00000000-0000-4000-8000-000000000001/read': () => ({
      ...RECEIVED,
      readAt: new Date().toISOString(),
    }),
    'POST /api/notifications/read-all': () => ({ marked: 1 }),
    'GET /api/dashboard': () => new Response(null, { status: 404 }),
  });
}

describe('the bell', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the unread count, the items with how long ago, and opens one (read) at its record', async () => {
    installFakeEventSource();
    storeSession();
    const fetchMock = bellRoutes([RECEIVED, ADMISSION]);
    const { user } = await renderApp('/admin');
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 non lue' });
    expect(screen.getByTestId('notifications-badge').textContent).toBe('1');

    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      RECEIVED.link,
      ADMISSION.link,
      '/admin/notifications',
    ]);
    expect(links[0]!.textContent).toContain('Non lue');
    expect(links[0]!.textContent).toContain('Paiement reçu');
    expect(plain(links[0]!.textContent)).toContain('il y a 5 min');
    expect(links[1]!.textContent).not.toContain('Non lue');
    expect(plain(links[1]!.textContent)).toContain('il y a 3 h');

    await user.click(links[0]!);
    expect(currentUrl()).toBe(RECEIVED.link);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `/api/notifications/${RECEIVED.id}/read`)).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
  });

  it('« Tout marquer comme lu » clears the count', async () => {
    installFakeEventSource();
    storeSession();
    const fetchMock = bellRoutes([RECEIVED, item({ id: '00000000-0000-4000-8000-000000000003' })]);
    const { user } = await renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 non lues' }));
    await user.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/notifications/read-all')).toHaveLength(1),
    );
    const panel = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).queryByText('Non lue')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('puts a new item in without a reload, from the stream opened with a ticket', async () => {
    const EventSource = installFakeEventSource();
    storeSession();
    bellRoutes([ADMISSION]);
    const { user } = await renderApp('/admin');
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(EventSource.opened).toHaveLength(1));
    expect(EventSource.latest().url).toBe('/api/notifications/stream?ticket=ticket-de-flux');
    act(() => EventSource.latest().send({ unread: 0, item: null }));
    act(() => EventSource.latest().send({ unread: 1, item: RECEIVED }));
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 non lue' });
    await user.click(bell);
    const titles = within(screen.getByRole('region', { name: 'Notifications' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(titles[0]).toContain('Paiement reçu');
    expect(titles[1]).toContain('Nouvelle pré-inscription');
  });

  it('asks again every 30 s when the stream fails', async () => {
    const EventSource = installFakeEventSource();
    storeSession();
    const fetchMock = bellRoutes([]);
    await renderApp('/admin');
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(EventSource.opened).toHaveLength(1));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => EventSource.latest().refuse());
    const before = callsTo(fetchMock, 'GET', '/api/notifications').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/notifications').length).toBeGreaterThan(before),
    );
  });

  it('says so when the list cannot be loaded, and when there is nothing', async () => {
    installFakeEventSource();
    storeSession();
    routeFetch({});
    const { user } = await renderApp('/admin');
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(
      await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('alert'),
    ).toHaveProperty('textContent', 'Les notifications n’ont pas pu être chargées.');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it('words the age of an item in French and English', () => {
    expect(plain(relativeTime('2026-11-26T09:59:30Z', now, 'fr', 'à l’instant'))).toBe(
      'à l’instant',
    );
    expect(plain(relativeTime('2026-11-26T09:55:00Z', now, 'fr', ''))).toBe('il y a 5 min');
    expect(plain(relativeTime('2026-11-26T07:00:00Z', now, 'fr', ''))).toBe('il y a 3 h');
    expect(plain(relativeTime('2026-11-25T09:00:00Z', now, 'fr', ''))).toBe('hier');
    expect(plain(relativeTime('2026-11-25T09:00:00Z', now, 'en', ''))).toBe('yesterday');
    expect(plain(relativeTime('2026-11-10T09:00:00Z', now, 'fr', ''))).toBe('10 nov.');
  });
});
