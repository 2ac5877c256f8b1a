import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/providers';
import { callsTo, routeFetch } from '../../../test/api-routes';
import type { Routes } from '../../../test/api-routes';
import { jsonResponse } from '../../../test/fetch-mock';
import { storeSession } from '../../../test/session';
import { changeLanguage } from '../../../i18n';
import { currentMonth, reportPath, ReportsDialog } from './reports-dialog';

const AMA = {
  id: '5b1d3c2a-9e8f-4a7b-8c6d-1e2f3a4b5c06',
  fullName: 'Ama Agbéko',
  matricule: 'STU-002',
  status: 'active',
  programme: null,
  level: null,
  balance: 25_000,
};

function pdfFile(name: string) {
  return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'Content-Disposition': `attachment; filename="${name}"` },
  });
}

function renderDialog(routes: Routes) {
  storeSession();
  const fetch = routeFetch({
    'GET /api/students': () => ({ items: [AMA], total: 1, page: 1, pageSize: 6 }),
    ...routes,
  });
  const created = vi.fn(() => 'blob:rapport');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReportsDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  return { fetch, onClose, user, click };
}

describe('the accounting reports dialog', () => {
  it('offers the four reports as radio cards, the current month, PDF, and downloads the grand livre', async () => {
    const { fetch, onClose, user, click } = renderDialog({
      'GET /api/accounting/reports/grand-livre': () => pdfFile('grand-livre.pdf'),
    });
    const dialog = screen.getByRole('dialog', { name: 'Exporter un rapport comptable' });
    const radios = within(dialog).getAllByRole('radio', {
      name: /Grand livre|Balance|Encaissements|Virements/,
    });
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'grand-livre',
      'balance-agee',
      'encaissements',
      'virements',
    ]);
    expect(document.activeElement).toBe(
      screen.getByRole('radio', { name: /Grand livre auxiliaire/ }),
    );
    const described = screen
      .getByRole('radio', { name: /Grand livre auxiliaire/ })
      .getAttribute('aria-describedby');
    expect(document.getElementById(described!)?.textContent).toMatch(/compte 4111/);
    const month = currentMonth();
    expect((screen.getByLabelText('Du') as HTMLInputElement).value).toBe(month.from);
    expect((screen.getByLabelText('Au') as HTMLInputElement).value).toBe(month.to);
    expect((screen.getByRole('radio', { name: 'PDF' }) as HTMLInputElement).checked).toBe(true);

    // One student, picked from the students' search.
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un étudiant' }), 'ama');
    await user.click(await screen.findByRole('button', { name: /Ama Agbéko/ }));
    expect(screen.getByRole('status').textContent).toContain(
      'Étudiant choisi : Ama Agbéko (STU-002)',
    );

    await user.click(screen.getByRole('button', { name: 'Télécharger' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo(fetch, 'GET', '/api/accounting/reports/grand-livre');
    expect(Object.fromEntries(call!.searchParams)).toEqual({
      format: 'pdf',
      from: month.from,
      to: month.to,
      studentId: AMA.id,
    });
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('the balance âgée takes one date; Excel; a refusal is shown in the dialog, in the reader’s language', async () => {
    const { fetch, onClose, user } = renderDialog({
      'GET /api/accounting/reports/balance-agee': () =>
        jsonResponse(422, {
          code: 'ACCOUNTING_REPORT_EMPTY',
          message:
            'Rien à exporter au 31/12/2024 : ce rapport serait vide. Choisissez une autre période.',
          params: { to: '2024-12-31' },
        }),
    });
    await user.click(screen.getByRole('radio', { name: /Balance âgée/ }));
    expect(screen.queryByLabelText('Du')).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    const date = screen.getByLabelText('À la date du');
    await user.clear(date);
    await user.type(date, '2024-12-31');
    await user.click(screen.getByRole('radio', { name: 'Excel (XLSX)' }));
    await user.click(screen.getByRole('button', { name: 'Télécharger' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Rien à exporter au 31/12/2024 : ce rapport serait vide.',
    );
    expect(onClose).not.toHaveBeenCalled();
    const [call] = callsTo(fetch, 'GET', '/api/accounting/reports/balance-agee');
    expect(Object.fromEntries(call!.searchParams)).toEqual({ format: 'xlsx', to: '2024-12-31' });

    await changeLanguage('en');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Nothing to export for this period: the report would be empty.',
      ),
    );
  });

  it('an inverted period says so and sends nothing; « Annuler » closes', async () => {
    const { fetch, onClose, user } = renderDialog({});
    await user.click(screen.getByRole('radio', { name: /Encaissements/ }));
    const from = screen.getByLabelText('Du');
    await user.clear(from);
    await user.type(from, '2099-01-01');
    expect(screen.getByText('La date de début doit précéder la date de fin.')).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Télécharger' }));
    expect(callsTo(fetch, 'GET', '/api/accounting/reports/encaissements')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('writes the report’s address', () => {
    expect(
      reportPath({
        report: 'virements',
        format: 'xlsx',
        from: '2025-03-01',
        to: '2025-03-31',
        at: '2025-04-01',
        studentId: 'x',
      }),
    ).toBe('/api/accounting/reports/virements?format=xlsx&from=2025-03-01&to=2025-03-31');
  });
});
