import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReceiptItem } from '@ecolage/contracts';
import { callsTo, routeFetch } from '../../test/api-routes';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { fcfaText, page, STUDENT_ID, STUDENT_URL, studentRoutes } from './student-fixtures';

const RECEIPTS_PATH = `/api/students/${STUDENT_ID}/receipts`;
const RECEIPT_ID = 'd5e6f7a8-9b0c-4d1e-8f2a-3b4c5d6e7f01';

function receipt(overrides: Partial<ReceiptItem> = {}): ReceiptItem {
  return {
    id: RECEIPT_ID,
    number: 'REC-2026-000042',
    paymentId: 'e5f6a7b8-9c0d-4e1f-8a2b-3c4d5e6f7a01',
    issuedAt: '2026-11-21T14:06:00.000Z',
    amount: 65_000,
    refundedAmount: 0,
    status: 'valid',
    provider: 'desk',
    wallet: 'CASH',
    payerName: 'Afi Mensah',
    verificationUrl: 'https://ecolage.tg/verifier/Xk3_q9-LmP2rT8wZ',
    ...overrides,
  };
}

/** Twelve receipts, newest first: a valid one, one partly refunded, one cancelled, then nine. */
const RECEIPTS = [
  receipt(),
  receipt({
    id: 'd5e6f7a8-9b0c-4d1e-8f2a-3b4c5d6e7f02',
    number: 'REC-2026-000031',
    issuedAt: '2026-11-10T09:00:00.000Z',
    amount: 45_000,
    refundedAmount: 15_000,
    status: 'partially_refunded',
  }),
  receipt({
    id: 'd5e6f7a8-9b0c-4d1e-8f2a-3b4c5d6e7f03',
    number: 'REC-2026-000020',
    issuedAt: '2026-10-20T09:00:00.000Z',
    amount: 20_000,
    refundedAmount: 20_000,
    status: 'cancelled',
    payerName: 'Yao Mensah',
  }),
  ...Array.from({ length: 9 }, (_, index) =>
    receipt({
      id: `d5e6f7a8-9b0c-4d1e-8f2a-3b4c5d6e7e${String(index).padStart(2, '0')}`,
      number: `REC-2026-00001${index}`,
      issuedAt: `2026-10-${String(index + 10).padStart(2, '0')}T08:00:00.000Z`,
    }),
  ),
];

async function openPage(items: ReceiptItem[] = RECEIPTS) {
  const fetchMock = routeFetch(
    studentRoutes({
      [`GET ${RECEIPTS_PATH}`]: (request) => page(items, request),
      [`GET /api/receipts/${RECEIPT_ID}/pdf`]: () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="REC-2026-000042.pdf"',
          },
        }),
    }),
  );
  const view = await renderApp(STUDENT_URL);
  await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
  const section = screen.getByRole('region', { name: 'Reçus' });
  return { ...view, fetchMock, section };
}

describe("the student's receipts", () => {
  it('lists them newest first: number, date, amount, status and payer', async () => {
    storeSession();
    const { section, fetchMock } = await openPage();
    const table = await within(section).findByRole('table', { name: "Reçus de l'étudiant" });
    const [, valid, partial, cancelled] = within(table).getAllByRole('row');
    expect(within(valid!).getByText('REC-2026-000042')).toBeTruthy();
    expect(within(valid!).getByText('21 nov. 2026, 14:06')).toBeTruthy();
    expect(within(valid!).getByText(fcfaText(65_000))).toBeTruthy();
    expect(within(valid!).getByText('Valide')).toBeTruthy();
    expect(within(valid!).getByText('Afi Mensah')).toBeTruthy();
    expect(within(partial!).getByText('Partiellement remboursé')).toBeTruthy();
    expect(within(partial!).getByText(`Remboursé : ${fcfaText(15_000)}`)).toBeTruthy();
    expect(within(cancelled!).getByText('Annulé (remboursé)')).toBeTruthy();
    expect(within(cancelled!).getByText('Yao Mensah')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(callsTo(fetchMock, 'GET', RECEIPTS_PATH)[0]?.searchParams.get('pageSize')).toBe('10');

    expect(within(section).getByText('1–10 sur 12')).toBeTruthy();
  });

  it('downloads a receipt in A4 or as the 80 mm ticket', async () => {
    storeSession();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      const { user, section, fetchMock } = await openPage();
      await user.click(
        await within(section).findByRole('button', {
          name: 'Télécharger le reçu REC-2026-000042 au format A4',
        }),
      );
      await waitFor(() => expect(names).toEqual(['REC-2026-000042.pdf']));
      await user.click(
        within(section).getByRole('button', {
          name: 'Télécharger le reçu REC-2026-000042 en ticket 80 mm',
        }),
      );
      await waitFor(() => expect(names).toHaveLength(2));
      const formats = callsTo(fetchMock, 'GET', `/api/receipts/${RECEIPT_ID}/pdf`).map((url) =>
        url.searchParams.get('format'),
      );
      expect(formats).toEqual(['a4', 'thermal']);
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('says when there is none yet', async () => {
    storeSession();
    const { section } = await openPage([]);
    expect(await within(section).findByText('Aucun reçu pour le moment.')).toBeTruthy();
  });

  it('is not shown to a role that does not see payments', async () => {
    storeSession(withPermissions('read:students'));
    routeFetch(studentRoutes());
    await renderApp(STUDENT_URL);
    await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
    expect(screen.queryByRole('region', { name: 'Reçus' })).toBeNull();
  });
});
