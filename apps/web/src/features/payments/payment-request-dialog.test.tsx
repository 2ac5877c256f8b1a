import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { invalidPhoneMessage, PaymentMessages } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { Routes } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import type { FetchMock } from '../../test/fetch-mock';
import { describedText } from '../../test/fields';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import {
  fcfaText,
  FATHER_ID,
  MOTHER_ID,
  OPEN_INVOICE,
  STUDENT,
  STUDENT_ID,
  STUDENT_URL,
} from '../students/student-fixtures';
import {
  PARTIAL_INVOICE_ID,
  PAYMENT_ID,
  RECEIPT_ID,
  paymentAnswer,
  paymentRoutes,
  succeededPayment,
} from './payment-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The `Idempotency-Key` of each `POST /api/payments`, in order. */
function keysSent(fetchMock: FetchMock): (string | null)[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === '/api/payments' && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

async function openRequest(routes: Routes) {
  const fetchMock = routeFetch(routes);
  const view = await renderApp(STUDENT_URL);
  await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
  await view.user.click(screen.getByRole('button', { name: 'Demander un paiement' }));
  const dialog = screen.getByRole('dialog', { name: 'Demander un paiement' });
  await within(dialog).findByRole('checkbox', { name: 'ST-2026-0001 Scolarité octobre' });
  await within(dialog).findByRole('radio', { name: 'Mixx by Yas' });
  return { ...view, fetchMock, dialog };
}

const submit = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Envoyer la demande' });

describe('requesting a payment', () => {
  it('starts from the main payer, their phone and every unpaid invoice, with a live total', async () => {
    storeSession();
    const { user, dialog } = await openRequest(paymentRoutes());

    const guardian = within(dialog).getByRole('combobox', { name: 'Responsable qui paie' });
    expect((guardian as HTMLSelectElement).value).toBe(MOTHER_ID);
    expect(
      within(guardian).getByRole('option', { name: 'Afi Mensah (payeur principal)' }),
    ).toBeTruthy();
    const phone = within(dialog).getByRole('textbox', { name: 'Téléphone du paiement' });
    expect((phone as HTMLInputElement).value).toBe('+228 91 23 45 67');

    const october = within(dialog).getByRole('checkbox', {
      name: 'ST-2026-0001 Scolarité octobre',
    }) as HTMLInputElement;
    const november = within(dialog).getByRole('checkbox', {
      name: 'ST-2026-0002 Scolarité novembre',
    }) as HTMLInputElement;
    expect(october.checked).toBe(true);
    expect(november.checked).toBe(true);
    expect(
      within(dialog).getByText(`Échéance : 5 oct. 2026 · Reste à payer : ${fcfaText(45_000)}`),
    ).toBeTruthy();
    // A draft is not to pay.
    expect(within(dialog).queryByRole('checkbox', { name: /Sortie pédagogique/ })).toBeNull();
    expect(within(dialog).getByText(`Total à payer : ${fcfaText(65_000)}`)).toBeTruthy();
    // The school's wallets, none chosen for the reader when there are several.
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([false, false, false]);
    expect(within(dialog).getByRole('radio', { name: 'Carte bancaire' })).toBeTruthy();

    await user.click(october);
    expect(within(dialog).getByText(`Total à payer : ${fcfaText(20_000)}`)).toBeTruthy();
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Toutes les factures' }) as HTMLInputElement)
        .indeterminate,
    ).toBe(true);
    await user.type(within(dialog).getByLabelText('Montant à payer (facultatif)'), '15000');
    expect(within(dialog).getByText(`Total à payer : ${fcfaText(15_000)}`)).toBeTruthy();

    await user.selectOptions(guardian, FATHER_ID);
    expect((phone as HTMLInputElement).value).toBe('+228 99 88 77 66');
  });

  it('says the form’s own problems in English to an English reader', async () => {
    const { changeLanguage } = await import('../../i18n');
    await changeLanguage('en');
    storeSession();
    const fetchMock = routeFetch(paymentRoutes());
    const { user } = await renderApp(STUDENT_URL);
    await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Request a payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a payment' });
    await within(dialog).findByRole('radio', { name: 'Mixx by Yas' });
    const phone = within(dialog).getByRole('textbox', { name: 'Paying phone' });
    await user.clear(phone);
    await user.type(phone, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));

    expect(await within(dialog).findByText('Choose a payment method.')).toBeTruthy();
    expect(describedText(phone)).toContain(
      'This phone number is not valid (for example 90 12 34 56 or +228 90 12 34 56).',
    );
    expect(within(dialog).queryByText(invalidPhoneMessage)).toBeNull();
    expect(keysSent(fetchMock)).toEqual([]);
  });

  it('checks the form before sending, and shows the server’s refusal on its field', async () => {
    storeSession();
    const { user, dialog, fetchMock } = await openRequest(
      paymentRoutes({
        'POST /api/payments': () =>
          jsonResponse(422, {
            message: 'La demande contient des erreurs.',
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'phone', message: invalidPhoneMessage }],
          }),
      }),
    );
    await user.type(within(dialog).getByLabelText('Montant à payer (facultatif)'), '90000');
    await user.click(submit(dialog));
    expect(within(dialog).getByText('Choisissez un moyen de paiement.')).toBeTruthy();
    expect(within(dialog).getByText(PaymentMessages.amountAboveBalance)).toBeTruthy();
    expect(keysSent(fetchMock)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Montant à payer (facultatif)'));
    await user.click(within(dialog).getByRole('radio', { name: 'Mixx by Yas' }));
    await user.click(submit(dialog));
    const phone = within(dialog).getByRole('textbox', { name: 'Téléphone du paiement' });
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(phone)).toContain(invalidPhoneMessage);
    expect(document.activeElement).toBe(phone);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/payments')).toEqual([
      {
        guardianId: MOTHER_ID,
        wallet: 'YAS_TG',
        phone: '+22891234567',
        invoiceIds: [OPEN_INVOICE.id, PARTIAL_INVOICE_ID],
      },
    ]);
  });

  it('focuses the first refused field in the page’s order', async () => {
    storeSession();
    const { user, dialog, fetchMock } = await openRequest(paymentRoutes({}));
    const phone = within(dialog).getByRole('textbox', { name: 'Téléphone du paiement' });
    await user.clear(phone);
    await user.type(phone, '12');
    await user.type(within(dialog).getByLabelText('Montant à payer (facultatif)'), '90000');
    await user.click(within(dialog).getByRole('radio', { name: 'Mixx by Yas' }));
    await user.click(submit(dialog));
    expect(within(dialog).getByText(PaymentMessages.amountAboveBalance)).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(phone);
    expect(keysSent(fetchMock)).toEqual([]);
  });

  it('sends one request for a double click, under a key drawn when the dialog opened', async () => {
    storeSession();
    let answer: (response: Response) => void = () => undefined;
    const { user, dialog, fetchMock } = await openRequest(
      paymentRoutes({
        'POST /api/payments': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
        [`GET /api/payments/${PAYMENT_ID}`]: () => paymentAnswer(),
      }),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Mixx by Yas' }));
    await user.dblClick(submit(dialog));
    await waitFor(() => expect(keysSent(fetchMock)).toHaveLength(1));
    const sending = within(dialog).getByRole('button', { name: 'Envoi…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(keysSent(fetchMock)[0]).toMatch(UUID);

    answer(jsonResponse(201, paymentAnswer()));
    expect(
      await within(dialog).findByText('En attente de la réponse du prestataire…'),
    ).toBeTruthy();
    expect(keysSent(fetchMock)).toHaveLength(1);
  });

  it('replays the same key after a network failure, and draws a new one after a refusal', async () => {
    storeSession();
    let attempts = 0;
    const { user, dialog, fetchMock } = await openRequest(
      paymentRoutes({
        'POST /api/payments': () => {
          attempts += 1;
          if (attempts === 1) throw new TypeError('Failed to fetch');
          if (attempts === 2) {
            return jsonResponse(409, { message: PaymentMessages.alreadyActive, code: 'CONFLICT' });
          }
          return jsonResponse(201, paymentAnswer());
        },
        [`GET /api/payments/${PAYMENT_ID}`]: () => paymentAnswer(),
      }),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Mixx by Yas' }));
    await user.click(submit(dialog));
    expect(
      await within(dialog).findByText("Une erreur s'est produite. Veuillez réessayer plus tard."),
    ).toBeTruthy();

    await user.click(submit(dialog));
    expect(await within(dialog).findByText(PaymentMessages.alreadyActive)).toBeTruthy();

    await user.click(submit(dialog));
    expect(
      await within(dialog).findByText('En attente de la réponse du prestataire…'),
    ).toBeTruthy();
    const [first, second, third] = keysSent(fetchMock);
    expect(second).toBe(first); // the first may have reached the server: a replay
    expect(third).not.toBe(second); // a refusal created nothing: a new request
    expect(third).toMatch(UUID);
  });

  it('follows the payment live until it is received, then refreshes the student', async () => {
    storeSession();
    let reads = 0;
    const { user, dialog, fetchMock } = await openRequest(
      paymentRoutes({
        'POST /api/payments': () => jsonResponse(201, paymentAnswer()),
        [`GET /api/payments/${PAYMENT_ID}`]: () => {
          reads += 1;
          return reads === 1 ? paymentAnswer() : succeededPayment();
        },
      }),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Mixx by Yas' }));
    await user.click(submit(dialog));

    expect(
      await within(dialog).findByText(
        'Le responsable doit valider le paiement sur son téléphone (+228 91 23 45 67) en composant son code secret.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('En attente')).toBeTruthy();
    expect(within(dialog).getByText('La demande expire à 14:10.')).toBeTruthy();
    expect(document.activeElement).toBe(
      within(dialog).getByRole('heading', { name: 'Suivi du paiement' }),
    );
    const studentReads = callsTo(fetchMock, 'GET', `/api/students/${STUDENT_ID}`).length;

    // Asked again every 2 s: pending, then received.
    expect(await within(dialog).findByText('Paiement reçu', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).getByText('Succès')).toBeTruthy();
    expect(
      within(dialog).getByText(
        `ST-2026-0001 — Scolarité octobre (Kofi Mensah) : ${fcfaText(45_000)}`,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(`Avoir de la famille : ${fcfaText(5_000)}`)).toBeTruthy();
    expect(reads).toBeGreaterThanOrEqual(2);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/api/students/${STUDENT_ID}`).length).toBeGreaterThan(
        studentReads,
      ),
    );
    expect(within(dialog).queryByRole('button', { name: 'Vérifier maintenant' })).toBeNull();
  }, 15_000);

  it('shows the receipt in « Reçus » once the worker has issued it, without a reload', async () => {
    storeSession();
    let reads = 0;
    let issued = false;
    const { user, dialog } = await openRequest(
      paymentRoutes({
        'POST /api/payments': () => jsonResponse(201, paymentAnswer()),
        [`GET /api/payments/${PAYMENT_ID}`]: () => {
          reads += 1;
          if (reads === 1) return paymentAnswer();
          // Received first; the receipt comes a moment later (the worker's outbox).
          if (reads < 4) return succeededPayment();
          issued = true;
          return succeededPayment({ receiptId: RECEIPT_ID, receiptNumber: 'REC-2026-000042' });
        },
        [`GET /api/students/${STUDENT_ID}/receipts`]: () => ({
          items: issued
            ? [
                {
                  id: RECEIPT_ID,
                  number: 'REC-2026-000042',
                  paymentId: PAYMENT_ID,
                  issuedAt: '2026-11-21T14:06:00.000Z',
                  amount: 70_000,
                  refundedAmount: 0,
                  status: 'valid',
                  provider: 'paygate',
                  wallet: 'YAS_TG',
                  payerName: 'Afi Mensah',
                  verificationUrl: 'https://ecolage.tg/verifier/Xk3_q9-LmP2rT8wZ',
                },
              ]
            : [],
          total: issued ? 1 : 0,
          page: 1,
          pageSize: 10,
        }),
      }),
    );
    const receipts = screen.getByRole('region', { name: 'Reçus' });
    expect(await within(receipts).findByText('Aucun reçu pour le moment.')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Mixx by Yas' }));
    await user.click(submit(dialog));

    expect(await within(dialog).findByText('Paiement reçu', {}, { timeout: 5000 })).toBeTruthy();
    expect(
      await within(receipts).findByText('REC-2026-000042', {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(within(receipts).queryByText('Aucun reçu pour le moment.')).toBeNull();
  }, 20_000);

  it('asks the provider at once with « Vérifier maintenant »', async () => {
    storeSession();
    const { user, dialog, fetchMock } = await openRequest(
      paymentRoutes({
        'POST /api/payments': () => jsonResponse(201, paymentAnswer()),
        [`GET /api/payments/${PAYMENT_ID}`]: () => paymentAnswer(),
        [`POST /api/payments/${PAYMENT_ID}/refresh`]: () => succeededPayment(),
      }),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Mixx by Yas' }));
    await user.click(submit(dialog));
    await user.click(await within(dialog).findByRole('button', { name: 'Vérifier maintenant' }));
    expect(await within(dialog).findByText('Paiement reçu')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/payments/${PAYMENT_ID}/refresh`)).toEqual([{}]);
  });

  it('says why a payment failed and tries again with a new key', async () => {
    storeSession();
    const { user, dialog, fetchMock } = await openRequest(
      paymentRoutes({
        'POST /api/payments': () => jsonResponse(201, paymentAnswer()),
        [`GET /api/payments/${PAYMENT_ID}`]: () =>
          paymentAnswer({
            status: 'failed',
            nextAction: null,
            failureReason: 'Solde insuffisant sur le compte du payeur.',
          }),
      }),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Mixx by Yas' }));
    await user.click(submit(dialog));
    expect(await within(dialog).findByText('Paiement échoué')).toBeTruthy();
    expect(within(dialog).getByText('Solde insuffisant sur le compte du payeur.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
    // The form as it was: the wallet is still chosen.
    const yas = within(dialog).getByRole('radio', { name: 'Mixx by Yas' }) as HTMLInputElement;
    expect(yas.checked).toBe(true);
    await user.click(submit(dialog));
    await waitFor(() => expect(keysSent(fetchMock)).toHaveLength(2));
    const [first, second] = keysSent(fetchMock);
    expect(second).not.toBe(first);
  });

  it('gives the payment link to pass on when the payer pays on a web page', async () => {
    storeSession();
    const url = 'https://checkout.fedapay.test/p/ab12cd';
    const card = paymentAnswer({
      wallet: 'CARD',
      provider: 'fedapay',
      nextAction: { type: 'redirect', url },
    });
    const { user, dialog } = await openRequest(
      paymentRoutes({
        'POST /api/payments': () => jsonResponse(201, card),
        [`GET /api/payments/${PAYMENT_ID}`]: () => card,
      }),
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Carte bancaire' }));
    await user.click(submit(dialog));
    const link = await within(dialog).findByRole('textbox', {
      name: 'Lien de paiement à transmettre au responsable',
    });
    expect((link as HTMLInputElement).value).toBe(url);
    const open = within(dialog).getByRole('link', { name: 'Ouvrir le lien (nouvel onglet)' });
    expect(open.getAttribute('href')).toBe(url);
    expect(open.getAttribute('target')).toBe('_blank');
    await user.click(within(dialog).getByRole('button', { name: 'Copier le lien' }));
    expect(await within(dialog).findByText('Lien copié.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('is offered only to roles that request payments', async () => {
    storeSession(withPermissions('read:students', 'read:payments'));
    routeFetch(paymentRoutes());
    await renderApp(STUDENT_URL);
    await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
    expect(screen.getByRole('heading', { name: 'Paiements et reçus' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Demander un paiement' })).toBeNull();
  });

  it('explains that a guardian is needed first', async () => {
    storeSession();
    routeFetch(
      paymentRoutes({ [`GET /api/students/${STUDENT_ID}`]: () => ({ ...STUDENT, guardians: [] }) }),
    );
    const { user } = await renderApp(STUDENT_URL);
    await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
    const button = screen.getByRole('button', { name: 'Demander un paiement' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(button)).toContain("Ajoutez d'abord un responsable");
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
