import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PendingPayment } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { Routes } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { paymentAnswer } from '../payments/payment-fixtures';
import { INVOICE_OPEN_ID, STUDENT_ID } from '../students/student-fixtures';
import { CASH_URL, deskRoutes, openSession, SESSION_ID } from './cash-desk-fixtures';

const PENDING_PATH = `/api/students/${STUDENT_ID}/pending-payments`;
const PAY_PATH = `/api/cash-sessions/${SESSION_ID}/payments`;

/** A Mixx by Yas push through PayGate, waiting on the phone, that holds the first invoice. */
const PUSH: PendingPayment = {
  id: 'b1c2d3e4-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  status: 'pending',
  provider: 'paygate',
  wallet: 'YAS_TG',
  amount: 45_000,
  payerPhone: '+22890112233',
  guardianName: 'Afi Mensah',
  invoiceIds: [INVOICE_OPEN_ID],
  createdAt: '2026-11-20T09:02:00.000Z',
  expiresAt: '2026-11-20T10:02:00.000Z',
  providerCancels: false,
};

async function chooseStudent(extra: Routes) {
  storeSession(
    withPermissions(
      'operate:cash_desk',
      'read:students',
      'read:invoices',
      'read:payments',
      'record:payments',
    ),
  );
  const fetchMock = routeFetch(deskRoutes(openSession(), extra));
  const { user } = await renderApp(CASH_URL);
  await user.type(await screen.findByRole('searchbox', { name: 'Étudiant' }), 'kofi');
  await user.click(await screen.findByRole('button', { name: /Kofi Mensah/ }));
  const form = await screen.findByRole('form', { name: 'Encaisser' });
  return { user, fetchMock, form };
}

describe('« Caisse »: a mobile-money payment in flight on the student’s invoices', () => {
  it('shows it beside its invoice, offers only the others, and cancels it on request', async () => {
    let pending = [PUSH];
    const { user, fetchMock, form } = await chooseStudent({
      [`GET ${PENDING_PATH}`]: () => jsonResponse(200, { items: pending }),
      [`POST /api/payments/${PUSH.id}/cancel`]: () => {
        pending = [];
        return jsonResponse(200, paymentAnswer({ id: PUSH.id, status: 'cancelled' }));
      },
      [`POST ${PAY_PATH}`]: () => jsonResponse(409, { code: 'CONFLICT', message: 'unused' }),
    });

    const held = await within(form).findByRole('region', { name: 'Paiements en attente' });
    expect(held.textContent).toContain('Mixx by Yas (PayGate Global)');
    expect(held.textContent).toContain('Facture ST-2026-0001');
    expect(held.textContent).toContain('Demandé le');
    expect(held.textContent).toContain('Expire à');
    // The held invoice is not offered; the other one is, and only it is counted.
    await within(form).findByRole('checkbox', { name: /ST-2026-0002/ });
    expect(within(form).queryByRole('checkbox', { name: /ST-2026-0001/ })).toBeNull();

    await user.click(within(held).getByRole('button', { name: 'Annuler la demande' }));
    await user.click(within(held).getByRole('button', { name: 'Oui, annuler la demande' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `/api/payments/${PUSH.id}/cancel`)).toHaveLength(1),
    );
    // Asked again: nothing holds the invoice any more, it is offered.
    await within(form).findByRole('checkbox', { name: /ST-2026-0001/ });
    expect(within(form).queryByRole('region', { name: 'Paiements en attente' })).toBeNull();
    within(form).getByText('Demande annulée : vous pouvez encaisser ces factures.');
    expect(callsTo(fetchMock, 'POST', PAY_PATH)).toHaveLength(0);
  });

  it('asks the provider on « Vérifier le statut » and says it is still pending', async () => {
    const { user, fetchMock, form } = await chooseStudent({
      [`GET ${PENDING_PATH}`]: () => jsonResponse(200, { items: [PUSH] }),
      [`POST /api/payments/${PUSH.id}/refresh`]: () =>
        jsonResponse(200, paymentAnswer({ id: PUSH.id, status: 'pending' })),
    });
    const held = await within(form).findByRole('region', { name: 'Paiements en attente' });
    await user.click(within(held).getByRole('button', { name: 'Vérifier le statut' }));
    await within(held).findByText('Toujours en attente de la validation du parent.');
    expect(bodiesSentTo(fetchMock, 'POST', `/api/payments/${PUSH.id}/refresh`)).toEqual([{}]);
  });
});
