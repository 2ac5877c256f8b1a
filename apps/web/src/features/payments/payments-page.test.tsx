import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { RouteRequest, Routes } from '../../test/api-routes';
import { changeLanguage } from '../../i18n';
import { jsonResponse } from '../../test/fetch-mock';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { fcfaText, page } from '../students/student-fixtures';
import {
  PAYMENT_ID,
  RESOLVED_REVIEW,
  REVIEW,
  REVIEW_ID,
  succeededPayment,
  timelineAnswer,
} from './payment-fixtures';

const REVIEWS_PATH = '/api/payments/reviews';

function reviewRoutes(extra: Routes = {}): Routes {
  return {
    [`GET ${REVIEWS_PATH}`]: (request: RouteRequest) =>
      page(
        request.url.searchParams.get('status') === 'resolved' ? [RESOLVED_REVIEW] : [REVIEW],
        request,
      ),
    'GET /api/payments': (request: RouteRequest) => page([], request),
    [`GET /api/payments/${PAYMENT_ID}/timeline`]: () =>
      timelineAnswer({ payment: succeededPayment({ lateSuccess: true }) }),
    ...extra,
  };
}

async function openPage(url = '/admin/paiements') {
  const view = await renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Paiements' });
  return view;
}

const reviews = () => screen.getByRole('region', { name: 'À vérifier' });

describe('payments page: « À vérifier »', () => {
  it('lists the notifications to handle: when, provider, reason, amounts, guardian, payment', async () => {
    storeSession();
    const fetchMock = routeFetch(reviewRoutes());
    await openPage();
    await waitFor(() => expect(document.title).toBe('Paiements — Écolage'));
    const table = await screen.findByRole('table', { name: 'Notifications à vérifier' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('21 nov. 2026, 14:05')).toBeTruthy();
    expect(within(row!).getByText('PayGate Global')).toBeTruthy();
    expect(
      within(row!).getByText('Le montant confirmé par le prestataire ne correspond pas'),
    ).toBeTruthy();
    expect(within(row!).getByText(fcfaText(45_000))).toBeTruthy();
    expect(within(row!).getByText(fcfaText(4_500))).toBeTruthy();
    expect(within(row!).getByText('Afi Mensah')).toBeTruthy();
    expect(
      within(reviews()).getByRole('button', { name: 'À traiter' }).getAttribute('aria-pressed'),
    ).toBe('true');
    const [url] = callsTo(fetchMock, 'GET', REVIEWS_PATH);
    expect(url?.searchParams.get('status')).toBe('open');
    expect(url?.searchParams.get('page')).toBe('1');

    expect(
      within(row!).getByRole('link', {
        name: 'Voir le paiement de la notification du 21 nov. 2026, 14:05',
      }),
    ).toBeTruthy();
  });

  it('opens the notification’s payment in the drawer, named in the address', async () => {
    storeSession();
    routeFetch(reviewRoutes());
    const { user } = await openPage();
    await user.click(
      await screen.findByRole('link', {
        name: 'Voir le paiement de la notification du 21 nov. 2026, 14:05',
      }),
    );
    await waitFor(() => expect(currentUrl()).toBe(`/admin/paiements?paiement=${PAYMENT_ID}`));
    const dialog = await screen.findByRole('dialog', { name: 'Détail du paiement' });
    expect(await within(dialog).findByText('Succès')).toBeTruthy();
    expect(within(dialog).getByText(/honoré et signalé dans « À vérifier »/)).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' })[1]!);
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements'));
  });

  it('shows those handled, with who checked them and their note', async () => {
    storeSession();
    const fetchMock = routeFetch(reviewRoutes());
    const { user } = await openPage();
    await screen.findByRole('table', { name: 'Notifications à vérifier' });
    await user.click(within(reviews()).getByRole('button', { name: 'Traitées' }));
    expect(await within(reviews()).findByText('FedaPay')).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements?verification=traitees'));
    expect(screen.getByText('La notification ne correspond à aucun paiement connu')).toBeTruthy();
    expect(screen.getByText('Vérifiée le 20 nov. 2026, 10:00 par Kossi Lawson')).toBeTruthy();
    expect(screen.getByText('Note : Paiement test du prestataire, sans suite.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Marquer comme vérifiée/ })).toBeNull();
    expect(callsTo(fetchMock, 'GET', REVIEWS_PATH).at(-1)?.searchParams.get('status')).toBe(
      'resolved',
    );
  });

  it('says so when there is nothing to check', async () => {
    storeSession();
    routeFetch(
      reviewRoutes({
        [`GET ${REVIEWS_PATH}`]: (request: RouteRequest) => page([], request),
      }),
    );
    await openPage();
    expect(await screen.findByText('Aucune notification à vérifier.')).toBeTruthy();
    expect(within(reviews()).queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('marks a notification as checked with a required note', async () => {
    storeSession();
    let resolved = false;
    const fetchMock = routeFetch(
      reviewRoutes({
        [`GET ${REVIEWS_PATH}`]: (request: RouteRequest) => page(resolved ? [] : [REVIEW], request),
        [`POST ${REVIEWS_PATH}/${REVIEW_ID}/resolve`]: () => {
          resolved = true;
          return {
            ...REVIEW,
            resolvedAt: '2026-11-21T15:00:00.000Z',
            resolvedBy: 'Ama Mensah',
            resolutionNote: 'Relevé PayGate vérifié',
          };
        },
      }),
    );
    const { user } = await openPage();
    await user.click(
      await screen.findByRole('button', {
        name: 'Marquer comme vérifiée la notification du 21 nov. 2026, 14:05',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Marquer comme vérifiée' });
    const note = within(dialog).getByLabelText('Ce qui a été vérifié');
    expect(document.activeElement).toBe(note);
    await user.click(within(dialog).getByRole('button', { name: 'Marquer comme vérifiée' }));
    expect(
      within(dialog).getByText('Indiquez ce qui a été vérifié (3 caractères au moins).'),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `${REVIEWS_PATH}/${REVIEW_ID}/resolve`)).toEqual([]);

    await user.type(note, 'Relevé PayGate vérifié');
    await user.click(within(dialog).getByRole('button', { name: 'Marquer comme vérifiée' }));
    expect(await screen.findByText('Notification marquée comme vérifiée.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `${REVIEWS_PATH}/${REVIEW_ID}/resolve`)).toEqual([
      { note: 'Relevé PayGate vérifié' },
    ]);
    // The list is asked again: nothing left to handle.
    expect(await screen.findByText('Aucune notification à vérifier.')).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog', async () => {
    storeSession();
    routeFetch(
      reviewRoutes({
        [`POST ${REVIEWS_PATH}/${REVIEW_ID}/resolve`]: () =>
          jsonResponse(409, {
            message: 'Cette notification a déjà été examinée.',
            code: 'CONFLICT',
          }),
      }),
    );
    const { user } = await openPage();
    await user.click(
      await screen.findByRole('button', {
        name: 'Marquer comme vérifiée la notification du 21 nov. 2026, 14:05',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Marquer comme vérifiée' });
    await user.type(within(dialog).getByLabelText('Ce qui a été vérifié'), 'Déjà vu hier');
    await user.click(within(dialog).getByRole('button', { name: 'Marquer comme vérifiée' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByText('Cette notification a déjà été examinée.')).toBeTruthy();
  });

  it('explains, without asking the server, that checking is for roles that reconcile', async () => {
    storeSession(withPermissions('read:payments'));
    const fetchMock = routeFetch(reviewRoutes());
    await openPage();
    expect(screen.getByText('Réservé au rapprochement des paiements')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', REVIEWS_PATH)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Traitées' })).toBeNull();
  });

  it('reads in English when the reader chose it', async () => {
    await changeLanguage('en');
    storeSession();
    routeFetch(reviewRoutes());
    await renderApp('/admin/paiements');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    expect(
      await screen.findByText('The amount confirmed by the provider does not match'),
    ).toBeTruthy();
    expect(screen.getByText('45,000 FCFA')).toBeTruthy();
  });
});
