import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { callsTo, routeFetch } from '../../test/api-routes';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';
import {
  itemOfPayment,
  PAYMENT_ID,
  paymentAnswer,
  succeededPayment,
} from '../payments/payment-fixtures';
import { fcfaText, page, STUDENT_ID, STUDENT_URL, studentRoutes } from './student-fixtures';

const PAYMENTS_PATH = `/api/students/${STUDENT_ID}/payments`;

/** Twelve payments, newest first: the one received, one failed, then ten older ones. */
const PAYMENTS = [
  itemOfPayment(succeededPayment()),
  itemOfPayment(
    paymentAnswer({
      id: 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7b01',
      status: 'failed',
      wallet: 'MOOV_TG',
      amount: 45_000,
      payerPhone: '+22899887766',
      guardianName: 'Yao Mensah',
      failureReason: 'Solde insuffisant sur le compte du payeur.',
      createdAt: '2026-11-20T09:30:00.000Z',
    }),
  ),
  ...Array.from({ length: 10 }, (_, index) =>
    itemOfPayment(
      succeededPayment({
        id: `e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7c${String(index).padStart(2, '0')}`,
        createdAt: `2026-10-${String(index + 10).padStart(2, '0')}T08:00:00.000Z`,
      }),
    ),
  ),
];

async function openPage() {
  const fetchMock = routeFetch(
    studentRoutes({
      [`GET ${PAYMENTS_PATH}`]: (request) => page(PAYMENTS, request),
      [`GET /api/payments/${PAYMENT_ID}`]: () => succeededPayment(),
    }),
  );
  const view = await renderApp(STUDENT_URL);
  await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
  const table = await screen.findByRole('table', { name: "Paiements de l'étudiant" });
  return { ...view, fetchMock, table };
}

describe("the student's payments", () => {
  it('lists them newest first: date, wallet, amount, status and payer', async () => {
    storeSession();
    const { table, fetchMock } = await openPage();
    const [, received, failed] = within(table).getAllByRole('row');
    expect(within(received!).getByText('21 nov. 2026, 14:05')).toBeTruthy();
    expect(within(received!).getByText('Mixx by Yas')).toBeTruthy();
    expect(within(received!).getByText(fcfaText(70_000))).toBeTruthy();
    expect(within(received!).getByText('Succès')).toBeTruthy();
    expect(within(received!).getByText('Afi Mensah')).toBeTruthy();
    expect(within(received!).getByText('+228 91 23 45 67')).toBeTruthy();
    expect(within(failed!).getByText('Moov Flooz')).toBeTruthy();
    expect(within(failed!).getByText('Échec')).toBeTruthy();
    expect(within(failed!).getByText('Solde insuffisant sur le compte du payeur.')).toBeTruthy();
    expect(within(failed!).getByText('Yao Mensah')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(11); // the header and 10 payments
    expect(callsTo(fetchMock, 'GET', PAYMENTS_PATH)[0]?.searchParams.get('pageSize')).toBe('10');
  });

  it('pages on the server when there are more than 10', async () => {
    storeSession();
    const { user, table, fetchMock } = await openPage();
    const section = screen.getByRole('region', { name: 'Paiements et reçus' });
    expect(within(section).getByText('1–10 sur 12')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(callsTo(fetchMock, 'GET', PAYMENTS_PATH).at(-1)?.searchParams.get('page')).toBe('2');
  });

  it('opens a payment with what it paid', async () => {
    storeSession();
    const { user } = await openPage();
    await user.click(
      screen.getByRole('button', { name: 'Voir le paiement du 21 nov. 2026, 14:05' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Paiement' });
    expect(await within(dialog).findByText('Paiement reçu')).toBeTruthy();
    expect(
      within(dialog).getByText(
        `ST-2026-0002 — Scolarité novembre (Kofi Mensah) : ${fcfaText(20_000)}`,
      ),
    ).toBeTruthy();
  });
});
