import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AppliedCoupon, InvoiceItem } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { RouteRequest, Routes } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { describedText } from '../../test/fields';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { PARTIAL_INVOICE } from '../payments/payment-fixtures';
import { fcfaText, itemOf, OPEN_INVOICE, page } from '../students/student-fixtures';
import { CASH_URL, deskRoutes, openSession, SESSION_ID } from './cash-desk-fixtures';

const COUPON_PATH = `/api/invoices/${OPEN_INVOICE.id}/coupon`;
const PARTIAL_COUPON_PATH = `/api/invoices/${PARTIAL_INVOICE.id}/coupon`;

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

/** The desk, the student chosen: the payment's form, with the student's invoices as they are now. */
async function deskWithStudent(invoices: () => InvoiceItem[], extra: Routes = {}) {
  const fetchMock = routeFetch(
    deskRoutes(openSession(), {
      'GET /api/invoices': (request: RouteRequest) => {
        const status = request.url.searchParams.get('status');
        return page(
          invoices().filter((invoice) => !status || invoice.status === status),
          request,
        );
      },
      ...extra,
    }),
  );
  const { user } = await renderApp(CASH_URL);
  await user.type(await screen.findByRole('searchbox', { name: 'Étudiant' }), 'kofi');
  await user.click(await screen.findByRole('button', { name: /Kofi Mensah/ }));
  const form = await screen.findByRole('form', { name: 'Encaisser' });
  const amount = within(form).getByLabelText('Montant encaissé (FCFA)') as HTMLInputElement;
  await waitFor(() => expect(amount.value.replace(/\s/g, ' ')).toBe('65 000'));
  return { user, form, amount, fetchMock };
}

describe('« Caisse »: « Appliquer un coupon » before taking the money', () => {
  it('applies the code to the chosen invoice with Enter, then the amount due follows', async () => {
    cashier();
    let discounted = false;
    const applied: AppliedCoupon = {
      code: 'RENTREE',
      invoiceId: OPEN_INVOICE.id,
      invoiceNumber: 'ST-2026-0001',
      discount: 5_000,
      balance: 40_000,
      label: 'Coupon RENTREE (−5 000 FCFA)',
    };
    const { user, form, amount, fetchMock } = await deskWithStudent(
      () => [
        discounted
          ? { ...itemOf(OPEN_INVOICE), total: 40_000, balance: 40_000 }
          : itemOf(OPEN_INVOICE),
        PARTIAL_INVOICE,
      ],
      {
        [`POST ${COUPON_PATH}`]: () => {
          discounted = true;
          return jsonResponse(200, applied);
        },
      },
    );
    const toggle = within(form).getByRole('button', { name: 'Appliquer un coupon' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const group = within(form).getByRole('group', { name: 'Appliquer un coupon' });
    // The first invoice chosen, unless the cashier picks another.
    const invoice = within(group).getByLabelText('Facture concernée') as HTMLSelectElement;
    expect(invoice.value).toBe(OPEN_INVOICE.id);
    expect(invoice.selectedOptions[0]?.textContent?.replace(/\s/g, ' ')).toBe(
      `ST-2026-0001 · Scolarité octobre (${fcfaText(45_000)} à payer)`,
    );

    const code = within(group).getByLabelText('Code du coupon');
    await user.type(code, 'rentree{Enter}');
    const status = await within(group).findByRole('status');
    expect(status.textContent?.replace(/\s/g, ' ')).toBe(
      `Coupon RENTREE (−5 000 FCFA) appliqué à la facture ST-2026-0001 : ${fcfaText(5_000)} de remise. Reste à payer sur cette facture : ${fcfaText(40_000)}.`.replace(
        /\s/g,
        ' ',
      ),
    );
    expect(bodiesSentTo(fetchMock, 'POST', COUPON_PATH)).toEqual([{ code: 'RENTREE' }]);
    // Enter applied the code: no payment was recorded.
    expect(callsTo(fetchMock, 'POST', `/api/cash-sessions/${SESSION_ID}/payments`)).toHaveLength(0);
    // The invoices are read again: the amount to take is what they owe now.
    await waitFor(() => expect(amount.value.replace(/\s/g, ' ')).toBe('60 000'));
    expect((code as HTMLInputElement).value).toBe('');
  });

  it('says in French why a code is refused, by the field that keeps the focus', async () => {
    cashier();
    const { user, form, amount, fetchMock } = await deskWithStudent(
      () => [itemOf(OPEN_INVOICE), PARTIAL_INVOICE],
      {
        [`POST ${PARTIAL_COUPON_PATH}`]: () =>
          jsonResponse(422, {
            code: 'COUPON_EXPIRED',
            message: 'Ce coupon a expiré le 31/10/2026.',
            params: { date: '2026-10-31' },
          }),
      },
    );
    await user.click(within(form).getByRole('button', { name: 'Appliquer un coupon' }));
    const group = within(form).getByRole('group', { name: 'Appliquer un coupon' });
    const apply = within(group).getByRole('button', { name: 'Appliquer' });
    const code = within(group).getByLabelText('Code du coupon');

    // Nothing typed: said at once, nothing sent.
    await user.click(apply);
    expect(describedText(code)).toContain('Saisissez le code du coupon.');
    expect(document.activeElement).toBe(code);

    await user.selectOptions(within(group).getByLabelText('Facture concernée'), PARTIAL_INVOICE.id);
    await user.type(code, 'VIEUX');
    await user.click(apply);
    const alert = await within(group).findByRole('alert');
    expect(alert.textContent).toBe('Ce coupon a expiré le 31/10/2026.');
    expect(describedText(code)).toContain('Ce coupon a expiré le 31/10/2026.');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(bodiesSentTo(fetchMock, 'POST', PARTIAL_COUPON_PATH)).toEqual([{ code: 'VIEUX' }]);
    expect(callsTo(fetchMock, 'POST', COUPON_PATH)).toHaveLength(0);
    expect(amount.value.replace(/\s/g, ' ')).toBe('65 000');
  });
});
