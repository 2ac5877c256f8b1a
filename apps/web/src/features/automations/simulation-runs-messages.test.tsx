import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { automationsRoutes, J3, J7, MESSAGES } from './automations-fixtures';

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent?.replace(/\s/g, ' '));

async function openMenu(name: string, item: string) {
  const fetchMock = routeFetch(automationsRoutes());
  const view = await renderApp('/admin/automatisations');
  await screen.findByRole('table', { name: 'Automatisations de l’école' });
  await view.user.click(screen.getByRole('button', { name: `Actions pour « ${name} »` }));
  await view.user.click(screen.getByRole('menuitem', { name: item }));
  return { ...view, fetchMock };
}

describe('« Simuler »', () => {
  it('lists who would receive what, when, how many parts and what it costs; the skipped and why', async () => {
    storeSession();
    const { user, fetchMock } = await openMenu('Rappel J-7', 'Simuler');
    const dialog = await screen.findByRole('dialog', { name: 'Simuler « Rappel J-7 »' });

    const recipients = await within(dialog).findByRole('table', {
      name: 'Messages prévus par la simulation',
    });
    const rows = within(recipients).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(cells(rows[0]!)).toEqual([
      'Afi MensahSTU-001J-7 avant le 09/12/2026',
      'Ama Mensah+22890112233',
      '2 déc. 2026, 08:12',
      'SMS',
      'Bonjour Ama Mensah, 45 000 FCFA pour Afi M. avant le 09/12/2026.',
      '1',
      '25 FCFA',
    ]);
    expect(cells(rows[1]!)).toContain('Yawo Agbeko+22891445566');
    expect(cells(rows[1]!)).toContain('50 FCFA');

    const skipped = within(dialog).getByRole('table', {
      name: 'Destinataires ignorés et pourquoi',
    });
    const skippedRows = within(skipped).getAllByRole('row').slice(1);
    expect(skippedRows).toHaveLength(1);
    expect(cells(skippedRows[0]!)).toEqual([
      'Essi DogbéSTU-003J-7 avant le 09/12/2026',
      'Kafui Dogbé—',
      'pas de numéro de téléphone',
    ]);

    const totals = within(dialog).getByRole('region', { name: 'Totaux' });
    expect(
      within(totals).getByText('Coût estimé').nextSibling?.textContent?.replace(/\s/g, ' '),
    ).toBe('75 FCFA');
    expect(within(totals).getByText('SMS (parties)').nextSibling?.textContent).toBe('3');
    expect(bodiesSentTo(fetchMock, 'POST', '/api/automations/simulate')).toEqual([
      { workflowId: J7.id },
    ]);

    // « Activer » from here turns it on: the table says so.
    await user.click(within(dialog).getByRole('button', { name: 'Activer' }));
    expect(await screen.findByText('« Rappel J-7 » est active.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `/api/automations/${J7.id}/enable`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getByRole('row', { name: /Rappel J-7/ });
    expect(within(row).getByRole('switch').getAttribute('aria-checked')).toBe('true');
    expect(within(row).getByText('Actif')).toBeTruthy();
  });
});

describe('« Historique »', () => {
  it('counts the sends by outcome and lists them with their reason in words', async () => {
    storeSession();
    await openMenu(J3.name, 'Historique');
    const dialog = await screen.findByRole('dialog', { name: `Historique de « ${J3.name} »` });
    const counts = await within(dialog).findByRole('region', { name: 'Bilan' });
    expect(within(counts).getByText('Envoyés').nextSibling?.textContent).toBe('12');
    expect(within(counts).getByText('Délivrés').nextSibling?.textContent).toBe('10');
    expect(within(counts).getByText('Planifiés').nextSibling?.textContent).toBe('4');
    expect(within(dialog).getByText('payé entre-temps :', { exact: false })).toBeTruthy();
    expect(within(dialog).getByText('désabonné :', { exact: false })).toBeTruthy();

    const table = within(dialog).getByRole('table', { name: 'Envois de l’automatisation' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('J+3 après le 20/11/2026')).toBeTruthy();
    expect(within(row).getByText('Ignoré')).toBeTruthy();
    expect(within(row).getByText('payé entre-temps')).toBeTruthy();
  });
});

describe('« Messages »', () => {
  it('lists the school’s messages and sends a failed or abandoned one again', async () => {
    storeSession();
    const fetchMock = routeFetch(automationsRoutes());
    const { user } = await renderApp('/admin/automatisations');
    await screen.findByRole('table', { name: 'Automatisations de l’école' });

    await user.click(screen.getByRole('tab', { name: 'Messages' }));
    const table = await screen.findByRole('table', { name: 'Messages envoyés par l’école' });
    expect(currentUrl()).toBe('/admin/automatisations?vue=messages');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Délivré')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: /Réessayer/ })).toBeNull();
    expect(within(rows[1]!).getByText('Numéro inconnu (30005)')).toBeTruthy();
    expect(within(rows[2]!).getByText('Abandonné')).toBeTruthy();
    expect(within(rows[2]!).getByText('5 essais')).toBeTruthy();
    expect(within(rows[2]!).getByText('Passerelle indisponible (503)')).toBeTruthy();

    await user.click(
      within(rows[2]!).getByRole('button', {
        name: `Réessayer le message à ${MESSAGES[2]!.recipient}`,
      }),
    );
    expect(await screen.findByText('Le message est remis dans la file d’envoi.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `/api/messages/${MESSAGES[2]!.id}/retry`)).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Statut'), 'failed');
    await waitFor(() =>
      expect(currentUrl()).toBe('/admin/automatisations?vue=messages&statut=echoue'),
    );
    expect(callsTo(fetchMock, 'GET', '/api/messages').at(-1)?.search).toBe(
      '?page=1&pageSize=20&status=failed',
    );
  });

  it('offers no « Réessayer » without write:automations', async () => {
    storeSession(withPermissions('read:automations'));
    routeFetch(automationsRoutes());
    await renderApp('/admin/automatisations?vue=messages');
    const table = await screen.findByRole('table', { name: 'Messages envoyés par l’école' });
    expect(within(table).getByText('Abandonné')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Réessayer/ })).toBeNull();
  });
});
