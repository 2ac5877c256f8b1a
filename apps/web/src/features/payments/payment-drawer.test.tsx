import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { PaymentMessages } from '@ecolage/contracts';
import type { PaymentTimeline } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { RouteRequest, Routes } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { amountText } from '../../lib/amounts';
import { fcfaText, page } from '../students/student-fixtures';
import {
  PAYMENT_ID,
  paymentRow,
  paymentRowsRoute,
  RECEIPT_ID,
  refundAnswer,
  timelineAnswer,
} from './payment-fixtures';

const TIMELINE = `/api/payments/${PAYMENT_ID}/timeline`;
const REFUNDS = `/api/payments/${PAYMENT_ID}/refunds`;

function drawerRoutes(
  timeline: () => PaymentTimeline = () => timelineAnswer(),
  extra: Routes = {},
) {
  return {
    'GET /api/payments': paymentRowsRoute([paymentRow()]),
    'GET /api/payments/reviews': (request: RouteRequest) => page([], request),
    [`GET ${TIMELINE}`]: () => timeline(),
    ...extra,
  };
}

const drawer = () => screen.findByRole('dialog', { name: 'Détail du paiement' });

async function openDrawer(timeline?: () => PaymentTimeline, extra: Routes = {}) {
  const fetchMock = routeFetch(drawerRoutes(timeline, extra));
  const view = await renderApp(`/admin/paiements?paiement=${PAYMENT_ID}`);
  const panel = await drawer();
  await within(panel).findByText('REC-2026-000001');
  return { ...view, fetchMock, panel };
}

describe('payment drawer', () => {
  it('opens from a row, with the payment, its timeline and its receipt; Escape closes it', async () => {
    storeSession();
    const fetchMock = routeFetch(drawerRoutes());
    const { user } = await renderApp('/admin/paiements?statut=succes');
    const table = await screen.findByRole('table', { name: 'Paiements' });
    await user.click(within(table).getByText(fcfaText(150_000)));
    await waitFor(() =>
      expect(currentUrl()).toBe(`/admin/paiements?statut=succes&paiement=${PAYMENT_ID}`),
    );
    const panel = await drawer();
    const facts = within(panel);
    await facts.findByText('PG-778812');
    // The amount, and what is still refundable.
    expect(facts.getAllByText(fcfaText(70_000))).toHaveLength(2);
    expect(facts.getByText('Succès')).toBeTruthy();
    expect(facts.getAllByText('Mixx by Yas').length).toBeGreaterThan(0);
    expect(facts.getByText('PayGate Global')).toBeTruthy();
    expect(facts.getByText('PG-778812')).toBeTruthy();
    expect(facts.getByText('Afi Mensah')).toBeTruthy();
    expect(
      facts.getByRole('link', { name: 'Kofi Mensah (STU-0001)' }).getAttribute('href'),
    ).toMatch(/^\/admin\/etudiants\//);
    expect(
      facts.getAllByText(`ST-2026-0001 — Scolarité octobre (Kofi Mensah) : ${fcfaText(45_000)}`),
    ).toHaveLength(2); // the invoices paid, and the allocation in the timeline

    const history = within(facts.getByRole('region', { name: 'Historique' }));
    const items = history.getAllByRole('listitem').filter((item) => item.querySelector('time'));
    expect(items.map((item) => item.querySelector('p:nth-of-type(2)')?.textContent)).toEqual([
      'Paiement créé : En attente',
      'Notification du prestataire reçue',
      'En attente → Succès',
      'Imputé sur les factures',
      'Reçu REC-2026-000001 émis',
    ]);
    expect(history.getByText('Cause : demande de paiement')).toBeTruthy();
    expect(history.getByText('Cause : notification du prestataire')).toBeTruthy();
    expect(history.getByText('Jeton vérifié · Appliquée')).toBeTruthy();
    expect(history.getByText('Type : payment.success')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', TIMELINE)).toHaveLength(1);

    facts.getAllByRole('button', { name: 'Fermer' })[0]!.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements?statut=succes'));
    expect(screen.queryByRole('dialog', { name: 'Détail du paiement' })).toBeNull();
  });

  it('opens from the address and closes with « Fermer »', async () => {
    storeSession();
    const { user, panel } = await openDrawer();
    expect(within(panel).getByRole('link', { name: /Page de vérification/ })).toHaveProperty(
      'href',
      'https://ecolage.example/verifier/Zx81kPq2Lm9T',
    );
    await user.click(within(panel).getAllByRole('button', { name: 'Fermer' })[1]!);
    await waitFor(() => expect(currentUrl()).toBe('/admin/paiements'));
  });

  it('says so when the payment does not exist', async () => {
    storeSession();
    routeFetch(
      drawerRoutes(() => timelineAnswer(), {
        [`GET ${TIMELINE}`]: () =>
          jsonResponse(404, { message: 'Paiement introuvable.', code: 'NOT_FOUND' }),
      }),
    );
    await renderApp(`/admin/paiements?paiement=${PAYMENT_ID}`);
    const panel = await drawer();
    expect(await within(panel).findByText("Le paiement n'a pas pu être chargé.")).toBeTruthy();
    expect(within(panel).getByText('Paiement introuvable.')).toBeTruthy();
  });

  describe('receipt', () => {
    let clicked: string[] = [];
    beforeEach(() => {
      clicked = [];
      Object.assign(URL, {
        createObjectURL: vi.fn(() => 'blob:http://localhost/recu'),
        revokeObjectURL: vi.fn(),
      });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push(this.download);
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('downloads the receipt in A4 and as an 80 mm ticket', async () => {
      storeSession();
      const { user, panel, fetchMock } = await openDrawer(undefined, {
        [`GET /api/receipts/${RECEIPT_ID}/pdf`]: () =>
          new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      });
      await user.click(within(panel).getByRole('button', { name: 'Reçu A4 (PDF)' }));
      await waitFor(() => expect(clicked).toEqual(['recu-REC-2026-000001.pdf']));
      await user.click(within(panel).getByRole('button', { name: 'Ticket 80 mm (PDF)' }));
      await waitFor(() =>
        expect(clicked).toEqual(['recu-REC-2026-000001.pdf', 'recu-REC-2026-000001-ticket.pdf']),
      );
      expect(
        callsTo(fetchMock, 'GET', `/api/receipts/${RECEIPT_ID}/pdf`).map((url) =>
          url.searchParams.get('format'),
        ),
      ).toEqual(['a4', 'thermal']);
    });
  });
});

describe('refund', () => {
  const refundDialog = () => screen.getByRole('dialog', { name: 'Rembourser le paiement' });

  it('checks the amount and the reason, then refunds through the provider', async () => {
    storeSession();
    let refunded = false;
    const { user, panel, fetchMock } = await openDrawer(
      () =>
        refunded
          ? timelineAnswer({ refunds: [refundAnswer()], refundable: 50_000 })
          : timelineAnswer(),
      {
        [`POST ${REFUNDS}`]: () => {
          refunded = true;
          return jsonResponse(201, refundAnswer());
        },
      },
    );
    const listCalls = callsTo(fetchMock, 'GET', '/api/payments').length;
    await user.click(within(panel).getByRole('button', { name: 'Rembourser' }));
    const dialog = within(refundDialog());
    expect(dialog.getByText(/70 000 FCFA reçus le 21 nov\. 2026, 14:06 d’Afi Mensah/)).toBeTruthy();
    const amount = dialog.getByLabelText('Montant à rembourser') as HTMLInputElement;
    expect(amount.value).toBe(amountText(70_000, 'fr'));
    expect(document.activeElement).toBe(amount);
    expect(
      dialog.getByText(`Au plus ${fcfaText(70_000)} : ce qui reste remboursable sur ce paiement.`),
    );
    expect(
      dialog.getByRole('radio', { name: /Par le prestataire \(PayGate Global\)/ }),
    ).toHaveProperty('checked', true);

    await user.clear(amount);
    await user.type(amount, '80000');
    await user.click(dialog.getByRole('button', { name: 'Rembourser' }));
    expect(dialog.getByText(PaymentMessages.refundAboveRefundable)).toBeTruthy();
    expect(dialog.getByText('Indiquez un motif (3 caractères au moins).')).toBeTruthy();
    expect(document.activeElement).toBe(amount);
    expect(bodiesSentTo(fetchMock, 'POST', REFUNDS)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '20 000');
    await user.type(dialog.getByLabelText('Motif du remboursement'), 'Frais payés deux fois');
    await user.click(dialog.getByRole('button', { name: 'Rembourser' }));

    expect(await within(panel).findByText('Remboursement demandé au prestataire.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Rembourser le paiement' })).toBeNull();
    expect(bodiesSentTo(fetchMock, 'POST', REFUNDS)).toEqual([
      { amount: 20_000, reason: 'Frais payés deux fois', method: 'provider' },
    ]);
    // The timeline and the list are asked again.
    expect(
      await within(panel).findByText(`Remboursement de ${fcfaText(20_000)} demandé par Ama Mensah`),
    ).toBeTruthy();
    expect(within(panel).getByText('Motif : Frais de cantine payés deux fois')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/payments').length).toBeGreaterThan(listCalls),
    );
  });

  it('records a manual refund when the provider cannot refund', async () => {
    storeSession();
    const { user, panel, fetchMock } = await openDrawer(
      () => timelineAnswer({ providerRefund: 'none' }),
      { [`POST ${REFUNDS}`]: () => refundAnswer({ method: 'manual', status: 'succeeded' }) },
    );
    await user.click(within(panel).getByRole('button', { name: 'Rembourser' }));
    const dialog = within(refundDialog());
    expect(dialog.getByText(/ne peut pas être remboursé par le prestataire/)).toBeTruthy();
    expect(dialog.queryByRole('radio')).toBeNull();
    await user.type(dialog.getByLabelText('Motif du remboursement'), 'Inscription annulée');
    await user.click(dialog.getByRole('button', { name: 'Rembourser' }));
    expect(await within(panel).findByText('Remboursement enregistré.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', REFUNDS)).toEqual([
      { amount: 70_000, reason: 'Inscription annulée', method: 'manual' },
    ]);
  });

  it('offers the provider only for the whole payment when it refunds nothing less', async () => {
    storeSession();
    const { user, panel, fetchMock } = await openDrawer(
      () => timelineAnswer({ providerRefund: 'full' }),
      { [`POST ${REFUNDS}`]: () => refundAnswer({ method: 'manual', status: 'succeeded' }) },
    );
    await user.click(within(panel).getByRole('button', { name: 'Rembourser' }));
    const dialog = within(refundDialog());
    const provider = dialog.getByRole('radio', { name: /Par le prestataire/ });
    expect(provider).toHaveProperty('checked', true);
    const amount = dialog.getByLabelText('Montant à rembourser');
    await user.clear(amount);
    await user.type(amount, '10000');
    expect(provider).toHaveProperty('disabled', true);
    expect(dialog.getByRole('radio', { name: /Manuel/ })).toHaveProperty('checked', true);
    expect(dialog.getByText(PaymentMessages.refundProviderFullOnly)).toBeTruthy();
    await user.type(dialog.getByLabelText('Motif du remboursement'), 'Trop perçu');
    await user.click(dialog.getByRole('button', { name: 'Rembourser' }));
    await within(panel).findByText('Remboursement enregistré.');
    expect(bodiesSentTo(fetchMock, 'POST', REFUNDS)).toEqual([
      { amount: 10_000, reason: 'Trop perçu', method: 'manual' },
    ]);
  });

  it('shows the server’s refusal in French', async () => {
    storeSession();
    const { user, panel } = await openDrawer(undefined, {
      [`POST ${REFUNDS}`]: () =>
        jsonResponse(409, {
          message: PaymentMessages.refundInProgress,
          code: 'REFUND_ALREADY_PENDING',
        }),
    });
    await user.click(within(panel).getByRole('button', { name: 'Rembourser' }));
    const dialog = within(refundDialog());
    await user.type(dialog.getByLabelText('Motif du remboursement'), 'Erreur de saisie');
    await user.click(dialog.getByRole('button', { name: 'Rembourser' }));
    expect(await dialog.findByRole('alert')).toBeTruthy();
    expect(dialog.getByText(PaymentMessages.refundInProgress)).toBeTruthy();
  });

  it('shows the server’s refusal in English to an English reader, by its code', async () => {
    window.localStorage.setItem('ecolage.lang', 'en');
    const { changeLanguage } = await import('../../i18n');
    await changeLanguage('en');
    storeSession();
    routeFetch(
      drawerRoutes(undefined, {
        [`POST ${REFUNDS}`]: () =>
          jsonResponse(409, {
            message: PaymentMessages.refundInProgress,
            code: 'REFUND_ALREADY_PENDING',
          }),
      }),
    );
    const { user } = await renderApp(`/admin/paiements?paiement=${PAYMENT_ID}`);
    const panel = await screen.findByRole('dialog', { name: 'Payment details' });
    await within(panel).findByText('REC-2026-000001');
    await user.click(within(panel).getByRole('button', { name: 'Refund' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund the payment' }));
    await user.type(dialog.getByLabelText('Reason for the refund'), 'Typing error');
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByRole('alert')).toBeTruthy();
    expect(dialog.getByText('A refund of this payment is already under way.')).toBeTruthy();
    expect(dialog.queryByText(PaymentMessages.refundInProgress)).toBeNull();
  });

  it('keeps the dialog open with the provider’s reason when its refund failed', async () => {
    storeSession();
    const reason = 'Le prestataire a refusé le remboursement : solde marchand insuffisant.';
    const { user, panel } = await openDrawer(undefined, {
      [`POST ${REFUNDS}`]: () =>
        jsonResponse(201, refundAnswer({ status: 'failed', failureReason: reason })),
    });
    await user.click(within(panel).getByRole('button', { name: 'Rembourser' }));
    const dialog = within(refundDialog());
    await user.type(dialog.getByLabelText('Motif du remboursement'), 'Erreur de saisie');
    await user.click(dialog.getByRole('button', { name: 'Rembourser' }));
    expect(await dialog.findByText(reason)).toBeTruthy();
    expect(dialog.getByRole('alert')).toBeTruthy();
    expect(within(panel).queryByText('Remboursement enregistré.')).toBeNull();
  });

  it('is not offered without refund:payments (nor a student link without read:students)', async () => {
    storeSession(withPermissions('read:payments'));
    const { panel } = await openDrawer();
    expect(within(panel).queryByRole('button', { name: 'Rembourser' })).toBeNull();
    expect(within(panel).getByText('Kofi Mensah (STU-0001)')).toBeTruthy(); // no link: no read:students
    expect(within(panel).queryByRole('link', { name: 'Kofi Mensah (STU-0001)' })).toBeNull();
  });

  it('is not offered once everything was refunded', async () => {
    storeSession();
    const { panel } = await openDrawer(() => timelineAnswer({ refundable: 0 }));
    expect(within(panel).queryByRole('button', { name: 'Rembourser' })).toBeNull();
  });
});
