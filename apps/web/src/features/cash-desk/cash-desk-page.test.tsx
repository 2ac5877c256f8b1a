import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CashSession } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, headersSentTo, routeFetch } from '../../test/api-routes';
import type { Routes } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { describedText } from '../../test/fields';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { fcfaText, MOTHER_ID, STUDENT_ID } from '../students/student-fixtures';
import {
  CASH_URL,
  closedSession,
  deskResult,
  deskRoutes,
  openSession,
  PAYABLE_IDS,
  RECEIPT_ID,
  SESSION_ID,
} from './cash-desk-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PAY_PATH = `/api/cash-sessions/${SESSION_ID}/payments`;
const CLOSE_PATH = `/api/cash-sessions/${SESSION_ID}/close`;

/** The « Caissier » role. */
const cashier = () =>
  storeSession(
    withPermissions(
      'operate:cash_desk',
      'read:students',
      'read:invoices',
      'read:payments',
      'record:payments',
    ),
  );

async function openDesk(current: CashSession | null, extra: Routes = {}) {
  const fetchMock = routeFetch(deskRoutes(current, extra));
  const view = await renderApp(CASH_URL);
  await screen.findByRole('heading', { level: 1, name: 'Caisse' }, { timeout: 3000 });
  return { ...view, fetchMock };
}

const field = (name: string | RegExp) => screen.getByLabelText(name, { selector: 'input' });

describe('« Caisse »: opening the session', () => {
  it('asks for the opening float and refuses an empty or negative one in French', async () => {
    cashier();
    const opened = openSession({ cashTaken: 0, expectedCash: 25_000, paymentCount: 0 });
    const { user, fetchMock } = await openDesk(null, {
      'POST /api/cash-sessions': () => jsonResponse(201, opened),
    });
    const form = await screen.findByRole('form', { name: 'Ouvrir la caisse' });
    const submit = within(form).getByRole('button', { name: 'Ouvrir la caisse' });

    await user.click(submit);
    const float = field('Fond de caisse (FCFA)');
    expect(describedText(float)).toContain(
      'Le fond de caisse doit être un nombre entier de francs.',
    );
    expect(document.activeElement).toBe(float);

    await user.type(float, '-5000');
    await user.click(submit);
    expect(describedText(float)).toContain('Le fond de caisse ne peut pas être négatif.');
    expect(callsTo(fetchMock, 'POST', '/api/cash-sessions')).toHaveLength(0);

    await user.clear(float);
    await user.type(float, '25 000');
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Caisse ouverte' })).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/cash-sessions')).toEqual([
      { openingFloat: 25_000 },
    ]);
  });

  it('shows the open session: opened at, float, cash taken, expected cash, payments', async () => {
    cashier();
    await openDesk(openSession());
    const summary = await screen.findByRole('region', { name: 'Caisse ouverte' });
    const figure = (label: string) =>
      within(summary).getByText(label).closest('div')?.textContent?.replace(/\s/g, ' ');
    expect(figure('Ouverte le')).toContain('21 nov. 2026, 08:00');
    expect(figure('Fond de caisse')).toContain(fcfaText(25_000));
    expect(figure('Espèces encaissées')).toContain(fcfaText(30_000));
    expect(figure('Espèces attendues')).toContain(fcfaText(55_000));
    expect(figure('Encaissements')).toContain('3');
    expect(within(summary).getByText('2 × Espèces')).toBeTruthy();
    expect(within(summary).getByText('1 × Chèque')).toBeTruthy();
    expect(within(summary).queryByText(/Virement/)).toBeNull(); // nothing taken by transfer
    // The session's payments, each receipt printable again.
    const payments = await screen.findByRole('table', { name: 'Encaissements de la session' });
    expect(within(payments).getByText('Kofi Mensah')).toBeTruthy();
    expect(
      within(payments).getByRole('button', {
        name: 'Imprimer le reçu REC-2026-000041 (ticket 80 mm)',
      }),
    ).toBeTruthy();
  });
});

describe('« Caisse »: taking a payment', () => {
  async function chooseStudent(user: Awaited<ReturnType<typeof openDesk>>['user']) {
    await user.type(await screen.findByRole('searchbox', { name: 'Étudiant' }), 'kofi');
    await user.click(await screen.findByRole('button', { name: /Kofi Mensah/ }));
    return screen.findByRole('form', { name: 'Encaisser' });
  }

  it('prefills the main payer, every unpaid invoice and their balance', async () => {
    cashier();
    const { user } = await openDesk(openSession());
    const form = await chooseStudent(user);
    const payer = within(form).getByLabelText('Payeur') as HTMLSelectElement;
    expect(payer.value).toBe(MOTHER_ID);
    expect(payer.selectedOptions[0]?.textContent).toBe('Afi Mensah (payeur principal)');
    const amount = await waitFor(() => {
      const input = within(form).getByLabelText('Montant encaissé (FCFA)') as HTMLInputElement;
      expect(input.value.replace(/\s/g, ' ')).toBe('65 000');
      return input;
    });
    // One invoice less: the amount follows.
    await user.click(within(form).getByRole('checkbox', { name: /ST-2026-0002/ }));
    expect(amount.value.replace(/\s/g, ' ')).toBe('45 000');
    expect(within(form).getByText(`À encaisser : ${fcfaText(45_000)}`)).toBeTruthy();
    // Cash needs no reference: no field for it.
    expect(within(form).queryByLabelText(/Numéro du chèque/)).toBeNull();
  });

  it('requires the reference of a cheque, then records it once under an idempotency key', async () => {
    cashier();
    let answer: (response: Response) => void = () => undefined;
    const opened = window.open;
    const tab = {
      closed: false,
      close: vi.fn(),
      location: { href: '' },
      document: { title: '', body: { textContent: '' } },
    };
    const open = vi.fn(() => tab as unknown as Window);
    window.open = open;
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:http://localhost/ticket'),
      revokeObjectURL: vi.fn(),
    });
    try {
      const { user, fetchMock } = await openDesk(openSession(), {
        [`POST ${PAY_PATH}`]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
        [`GET /api/receipts/${RECEIPT_ID}/pdf`]: () =>
          new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
            headers: { 'Content-Type': 'application/pdf' },
          }),
      });
      const form = await chooseStudent(user);
      await within(form).findByRole('checkbox', { name: /ST-2026-0001/ });
      await user.click(within(form).getByRole('radio', { name: 'Chèque' }));
      const submit = within(form).getByRole('button', { name: 'Encaisser' });
      await user.click(submit);
      const reference = within(form).getByLabelText('Numéro du chèque');
      expect(describedText(reference)).toContain(
        'Indiquez la référence (numéro du chèque, du virement ou de la transaction).',
      );
      expect(document.activeElement).toBe(reference);
      expect(callsTo(fetchMock, 'POST', PAY_PATH)).toHaveLength(0);

      await user.type(reference, 'CHQ-0042');
      await user.dblClick(submit);
      await waitFor(() => expect(callsTo(fetchMock, 'POST', PAY_PATH)).toHaveLength(1));
      expect(
        (within(form).getByRole('button', { name: 'Encaissement…' }) as HTMLButtonElement).disabled,
      ).toBe(true);
      expect(headersSentTo(fetchMock, 'POST', PAY_PATH)[0]?.get('Idempotency-Key')).toMatch(UUID);
      expect(bodiesSentTo(fetchMock, 'POST', PAY_PATH)[0]).toEqual({
        studentId: STUDENT_ID,
        guardianId: MOTHER_ID,
        invoiceIds: PAYABLE_IDS,
        amount: 65_000,
        method: 'CHEQUE',
        reference: 'CHQ-0042',
      });

      answer(jsonResponse(201, deskResult()));
      const done = await screen.findByRole('heading', { name: 'Paiement enregistré' });
      expect(document.activeElement).toBe(done);
      expect(screen.getByText('Reçu n° REC-2026-000042')).toBeTruthy();
      expect(screen.getByText(`${fcfaText(65_000)} reçus d’Afi Mensah (Chèque).`)).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Imprimer le reçu (ticket 80 mm)' }));
      await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/ticket'));
      expect(open).toHaveBeenCalledTimes(1);
      expect(
        callsTo(fetchMock, 'GET', `/api/receipts/${RECEIPT_ID}/pdf`)[0]?.searchParams.get('format'),
      ).toBe('thermal');
      expect(screen.getByRole('button', { name: 'Reçu A4' })).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Nouvel encaissement' }));
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Étudiant' }));
    } finally {
      window.open = opened;
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('keeps the key after a server error and draws a new one after a refusal', async () => {
    cashier();
    const answers = [
      () => jsonResponse(503, { message: 'Service indisponible.' }),
      () =>
        jsonResponse(409, {
          message:
            'Cette session de caisse est clôturée : plus aucun encaissement n’y est possible.',
          code: 'CONFLICT',
        }),
      () => jsonResponse(201, deskResult()),
    ];
    const { user, fetchMock } = await openDesk(openSession(), {
      [`POST ${PAY_PATH}`]: () => answers.shift()?.(),
    });
    const form = await chooseStudent(user);
    await within(form).findByRole('checkbox', { name: /ST-2026-0001/ });
    const submit = within(form).getByRole('button', { name: 'Encaisser' });
    await user.click(submit);
    expect(await within(form).findByText('Service indisponible.')).toBeTruthy();
    await user.click(submit);
    expect(
      await within(form).findByText(
        'Cette session de caisse est clôturée : plus aucun encaissement n’y est possible.',
      ),
    ).toBeTruthy();
    await user.click(submit);
    await screen.findByRole('heading', { name: 'Paiement enregistré' });
    const keys = headersSentTo(fetchMock, 'POST', PAY_PATH).map((headers) =>
      headers.get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

describe('« Caisse »: closing the session', () => {
  it('shows the live difference and requires a comment when the drawer is not right', async () => {
    cashier();
    const { user, fetchMock } = await openDesk(openSession(), {
      [`POST ${CLOSE_PATH}`]: () => closedSession(),
    });
    await user.click(await screen.findByRole('button', { name: 'Clôturer la caisse' }));
    const dialog = screen.getByRole('dialog', { name: 'Clôturer la caisse' });
    expect(within(dialog).getByText(`Espèces attendues : ${fcfaText(55_000)}`)).toBeTruthy();
    const counted = within(dialog).getByLabelText('Espèces comptées (FCFA)');
    expect(document.activeElement).toBe(counted);

    await user.type(counted, '55000');
    expect(within(dialog).getByText(`Écart : ${fcfaText(0)}`)).toBeTruthy();
    expect(within(dialog).getByText('La caisse est juste.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Commentaire (facultatif)')).toBeTruthy();

    await user.clear(counted);
    await user.type(counted, '53000');
    expect(within(dialog).getByText(`Écart : −${fcfaText(2_000)}`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Clôturer' }));
    const comment = within(dialog).getByLabelText("Explication de l'écart");
    expect(describedText(comment)).toContain(
      'Expliquez l’écart entre le montant attendu et le montant compté.',
    );
    expect(document.activeElement).toBe(comment);
    expect(callsTo(fetchMock, 'POST', CLOSE_PATH)).toHaveLength(0);

    await user.type(comment, 'Monnaie rendue en trop à un parent.');
    await user.click(within(dialog).getByRole('button', { name: 'Clôturer' }));
    const summary = await screen.findByRole('region', { name: 'Caisse clôturée' });
    expect(bodiesSentTo(fetchMock, 'POST', CLOSE_PATH)).toEqual([
      { countedAmount: 53_000, comment: 'Monnaie rendue en trop à un parent.' },
    ]);
    expect(within(summary).getByText(`−${fcfaText(2_000)}`)).toBeTruthy();
    expect(within(summary).getByText('Monnaie rendue en trop à un parent.')).toBeTruthy();
    expect(
      within(summary).getByRole('button', { name: 'Brouillard de caisse (PDF)' }),
    ).toBeTruthy();
    // The next session can be opened.
    expect(screen.getByRole('form', { name: 'Ouvrir la caisse' })).toBeTruthy();
  });
});
