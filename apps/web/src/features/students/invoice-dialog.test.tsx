import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { BillingMessages } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import {
  DRAFT_INVOICE,
  fcfaText,
  INVOICE_DRAFT_ID,
  INVOICE_OPEN_ID,
  OPEN_INVOICE,
  STUDENT_ID,
  STUDENT_URL,
  studentRoutes,
} from './student-fixtures';

async function openInvoice(name: string) {
  const view = await renderApp(STUDENT_URL);
  await view.user.click(await screen.findByRole('button', { name }, { timeout: 3000 }));
  const dialog = await screen.findByRole('dialog', { name: /^Facture/ });
  await within(dialog).findByRole('table', { name: 'Lignes de la facture' });
  return { ...view, dialog };
}

describe('invoice dialog', () => {
  it('shows the lines with negative discounts, the totals and the overdue marker', async () => {
    storeSession();
    routeFetch(studentRoutes());
    const { dialog } = await openInvoice('Ouvrir la facture ST-2026-0001');
    expect(within(dialog).getByRole('heading', { name: 'Facture ST-2026-0001' })).toBeTruthy();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Scolarité');
    expect(within(rows[2]!).getByText('Bourse')).toBeTruthy();
    expect(within(rows[2]!).getByText(`−${fcfaText(15_000)}`)).toBeTruthy();
    expect(within(rows[3]!).getByText('Pénalité de retard')).toBeTruthy();
    expect(within(dialog).getByText('En retard')).toBeTruthy();
    expect(within(dialog).getByText('Reste à payer').nextElementSibling?.textContent).toBe(
      '45\u202f000\u00a0FCFA',
    );
  });

  it('voids only with a reason, after a confirmation in the dialog', async () => {
    storeSession();
    const voided = {
      ...OPEN_INVOICE,
      status: 'void',
      overdue: false,
      voidedAt: '2026-11-21T14:05:00.000Z',
      voidReason: 'Erreur de saisie',
    };
    let current: unknown = OPEN_INVOICE;
    const fetchMock = routeFetch(
      studentRoutes({
        [`GET /api/invoices/${INVOICE_OPEN_ID}`]: () => current,
        [`POST /api/invoices/${INVOICE_OPEN_ID}/void`]: () => (current = voided),
      }),
    );
    const { user, dialog } = await openInvoice('Ouvrir la facture ST-2026-0001');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la facture' }));
    const confirm = within(dialog).getByRole('button', { name: "Confirmer l'annulation" });
    await user.click(confirm);
    expect(within(dialog).getByText('Indiquez un motif (3 caractères au moins).')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Motif de l'annulation"));
    expect(callsTo(fetchMock, 'POST', `/api/invoices/${INVOICE_OPEN_ID}/void`)).toEqual([]);

    await user.type(within(dialog).getByLabelText("Motif de l'annulation"), 'Erreur de saisie');
    await user.click(confirm);
    expect(await within(dialog).findByText('Facture annulée.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/invoices/${INVOICE_OPEN_ID}/void`)).toEqual([
      { reason: 'Erreur de saisie' },
    ]);
    expect(within(dialog).getByText('Facture annulée le 21 nov. 2026, 14:05.')).toBeTruthy();
    expect(within(dialog).getByText('Motif : Erreur de saisie')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Annuler la facture' })).toBeNull();
    // The student's record and invoices are asked again.
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/api/students/${STUDENT_ID}`)).toHaveLength(2),
    );
  });

  it('explains why an invoice with payments cannot be voided', async () => {
    storeSession();
    routeFetch(
      studentRoutes({
        [`GET /api/invoices/${INVOICE_OPEN_ID}`]: () => ({ ...OPEN_INVOICE, paid: 5_000 }),
      }),
    );
    const { user, dialog } = await openInvoice('Ouvrir la facture ST-2026-0001');
    const button = within(dialog).getByRole('button', { name: 'Annuler la facture' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('title')).toBe(BillingMessages.voidPaid);
    await user.click(button);
    expect(within(dialog).queryByLabelText("Motif de l'annulation")).toBeNull();
  });

  it('waives a late fee with a reason', async () => {
    storeSession();
    const [tuition, scholarship, lateFee] = OPEN_INVOICE.lines;
    let current: unknown = OPEN_INVOICE;
    const fetchMock = routeFetch(
      studentRoutes({
        [`GET /api/invoices/${INVOICE_OPEN_ID}`]: () => current,
        [`POST /api/invoices/${INVOICE_OPEN_ID}/lines/${lateFee!.id}/waive`]: () =>
          (current = {
            ...OPEN_INVOICE,
            lines: [tuition, scholarship, { ...lateFee, waived: true, reason: 'Geste commercial' }],
          }),
      }),
    );
    const { user, dialog } = await openInvoice('Ouvrir la facture ST-2026-0001');
    await user.click(
      within(dialog).getByRole('button', {
        name: 'Annuler la pénalité « Pénalité de retard octobre »',
      }),
    );
    await user.type(
      within(dialog).getByLabelText("Motif de l'annulation de la pénalité"),
      'Geste commercial',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la pénalité' }));
    expect(await within(dialog).findByText('Pénalité annulée.')).toBeTruthy();
    expect(within(dialog).getByText('Annulée')).toBeTruthy();
    expect(
      bodiesSentTo(
        fetchMock,
        'POST',
        `/api/invoices/${INVOICE_OPEN_ID}/lines/${lateFee!.id}/waive`,
      ),
    ).toEqual([{ reason: 'Geste commercial' }]);
  });

  it('issues a draft', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentRoutes({
        [`POST /api/invoices/${INVOICE_DRAFT_ID}/issue`]: () => ({
          ...DRAFT_INVOICE,
          number: 'ST-2026-0002',
          status: 'open',
          issuedAt: '2026-11-21T14:05:00.000Z',
        }),
      }),
    );
    const { user, dialog } = await openInvoice('Ouvrir la facture Brouillon');
    expect(within(dialog).getByRole('heading', { name: 'Facture en brouillon' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Émettre' }));
    expect(await within(dialog).findByText('Facture émise : ST-2026-0002.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `/api/invoices/${INVOICE_DRAFT_ID}/issue`)).toHaveLength(1);
  });

  it('offers no action without issue:invoices and void:invoices', async () => {
    storeSession(withPermissions('read:students', 'read:invoices'));
    routeFetch(studentRoutes());
    const { dialog } = await openInvoice('Ouvrir la facture ST-2026-0001');
    expect(within(dialog).queryByRole('button', { name: 'Annuler la facture' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Annuler la pénalité/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nouvelle facture' })).toBeNull();
  });
});

describe('new invoice', () => {
  it('reads « 150 000 », refuses fractions and negatives, and sends whole francs', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentRoutes({
        'POST /api/invoices': () => jsonResponse(201, { ...OPEN_INVOICE, number: 'ST-2026-0003' }),
      }),
    );
    const { user } = await renderApp(STUDENT_URL);
    await user.click(await screen.findByRole('button', { name: 'Nouvelle facture' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle facture' });
    await user.type(within(dialog).getByLabelText('Libellé de la facture'), 'Tenue scolaire');
    await user.clear(within(dialog).getByLabelText("Date d'échéance"));
    await user.type(within(dialog).getByLabelText("Date d'échéance"), '2026-12-05');
    await user.type(within(dialog).getByLabelText('Libellé de la ligne 1'), 'Uniforme');
    await user.type(within(dialog).getByLabelText('Montant de la ligne 1 (FCFA)'), '150 000,5');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une ligne' }));
    await user.type(within(dialog).getByLabelText('Libellé de la ligne 2'), 'Remise');
    await user.type(within(dialog).getByLabelText('Montant de la ligne 2 (FCFA)'), '-5 000');
    await user.click(within(dialog).getByRole('button', { name: 'Émettre la facture' }));
    expect(
      within(dialog).getByText(
        'Le montant de la ligne doit être un nombre entier de francs (pas de centimes).',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('Le montant de la ligne doit être supérieur à 0.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(
      within(dialog).getByLabelText('Montant de la ligne 1 (FCFA)'),
    );
    expect(callsTo(fetchMock, 'POST', '/api/invoices')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Montant de la ligne 1 (FCFA)'));
    await user.type(within(dialog).getByLabelText('Montant de la ligne 1 (FCFA)'), '150 000');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer la ligne 2' }));
    expect(within(dialog).getByText(`Total : ${fcfaText(150_000)}`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Émettre la facture' }));
    expect(await screen.findByText('Facture ST-2026-0003 émise.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/invoices')).toEqual([
      {
        studentId: STUDENT_ID,
        label: 'Tenue scolaire',
        dueOn: '2026-12-05',
        lines: [{ label: 'Uniforme', amount: 150_000 }],
        issue: true,
      },
    ]);
  });

  it("puts the server's issues under their fields", async () => {
    storeSession();
    routeFetch(
      studentRoutes({
        'POST /api/invoices': () =>
          jsonResponse(400, {
            message: 'Requête invalide.',
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'lines.0.label', message: 'Libellé refusé par le serveur.' }],
          }),
      }),
    );
    const { user } = await renderApp(STUDENT_URL);
    await user.click(await screen.findByRole('button', { name: 'Nouvelle facture' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle facture' });
    await user.type(within(dialog).getByLabelText('Libellé de la facture'), 'Tenue');
    await user.type(within(dialog).getByLabelText('Libellé de la ligne 1'), 'Uniforme');
    await user.type(within(dialog).getByLabelText('Montant de la ligne 1 (FCFA)'), '15000');
    await user.click(within(dialog).getByRole('radio', { name: 'Garder en brouillon' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await within(dialog).findByText('Libellé refusé par le serveur.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Libellé de la ligne 1'));
  });
});
