import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { callsTo, routeFetch } from '../../test/api-routes';
import { installFakeEventSource } from '../../test/fake-event-source';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';
import { STUDENT_ID, STUDENT_URL, studentRoutes } from './student-fixtures';

describe('the open student page hears of a payment at once', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens its stream with a ticket, reads the figures again and says « Paiement reçu »', async () => {
    storeSession();
    const streams = installFakeEventSource();
    const fetchMock = routeFetch(
      studentRoutes({ 'POST /api/live/ticket': () => ({ ticket: 'a.b.c', expiresInSeconds: 60 }) }),
    );
    await renderApp(STUDENT_URL);
    await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 10_000 });
    // The page's one stream open (an effect run again closes the one before; the bell has its own).
    const open = () =>
      streams.opened.filter(
        (stream) => stream.url.startsWith('/api/students/') && stream.readyState !== stream.CLOSED,
      );
    await waitFor(() => expect(open()).toHaveLength(1));
    const stream = open()[0]!;
    expect(stream.url).toBe(`/api/students/${STUDENT_ID}/events?ticket=a.b.c`);
    stream.send({ type: 'ready' });

    const detailReads = callsTo(fetchMock, 'GET', `/api/students/${STUDENT_ID}`).length;
    const paymentReads = callsTo(fetchMock, 'GET', `/api/students/${STUDENT_ID}/payments`).length;
    stream.send({ type: 'payment', paymentId: 'p-1', state: 'succeeded' });
    expect(await screen.findByText('Paiement reçu')).toBeTruthy();
    await waitFor(() => {
      expect(callsTo(fetchMock, 'GET', `/api/students/${STUDENT_ID}`).length).toBeGreaterThan(
        detailReads,
      );
      expect(
        callsTo(fetchMock, 'GET', `/api/students/${STUDENT_ID}/payments`).length,
      ).toBeGreaterThan(paymentReads);
    });
  });

  it('works without the stream: a refused ticket leaves the page as it is', async () => {
    storeSession();
    const streams = installFakeEventSource();
    routeFetch(studentRoutes());
    await renderApp(STUDENT_URL);
    await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 10_000 });
    // The ticket route answers 404 here: no stream, nothing else changes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streams.opened.filter((stream) => stream.url.startsWith('/api/students/'))).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Kofi Mensah' })).toBeTruthy();
    expect(screen.queryByText('Paiement reçu')).toBeNull();
  });
});
