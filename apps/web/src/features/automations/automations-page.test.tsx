import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { Routes } from '../../test/api-routes';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { automationsRoutes, J3, J7, workflow } from './automations-fixtures';

const CAPTION = 'Automatisations de l’école';
const table = () => screen.getByRole('table', { name: CAPTION });
const rowOf = (name: string) => {
  const row = within(table())
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

async function openScreen(routes: Routes = automationsRoutes(), url = '/admin/automatisations') {
  const fetchMock = routeFetch(routes);
  const view = await renderApp(url);
  await screen.findByRole('table', { name: CAPTION });
  return { ...view, fetchMock };
}

describe('« Automatisations »', () => {
  it('lists the workflows: name, trigger, step, status, switch and action menu', async () => {
    storeSession();
    const { fetchMock } = await openScreen();

    expect(screen.getByRole('heading', { level: 1, name: 'Automatisations' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Automatisations' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nom', 'Déclencheur', 'Étape', 'Statut', 'Marche / arrêt', 'Action']);
    const j7 = rowOf('Rappel J-7');
    expect(within(j7).getByText('Par défaut')).toBeTruthy();
    expect(within(j7).getByText('Échéance dans N jours')).toBeTruthy();
    expect(within(j7).getByText('J-7 avant l’échéance · SMS au payeur principal')).toBeTruthy();
    expect(within(j7).getByText('En pause')).toBeTruthy();
    const j3 = rowOf(J3.name);
    expect(
      within(j3).getByText(
        'J+3 après l’échéance, puis tous les 7 jours (2 fois) · SMS au payeur principal',
      ),
    ).toBeTruthy();
    expect(within(j3).getByText('Actif')).toBeTruthy();
    expect(
      within(rowOf('Merci pour le paiement')).getByText(
        'À chaque paiement reçu · WhatsApp à tous les responsables',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/automations').map((url) => url.search)).toEqual([
      '?page=1&pageSize=7',
    ]);
  });

  it('the switch turns a workflow on and the status label follows', async () => {
    storeSession();
    const { user, fetchMock } = await openScreen();
    const toggle = within(rowOf('Rappel J-7')).getByRole('switch', {
      name: 'Activer « Rappel J-7 »',
    });
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    await user.click(toggle);

    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(within(rowOf('Rappel J-7')).getByText('Actif')).toBeTruthy();
    expect(await screen.findByText('« Rappel J-7 » est active.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `/api/automations/${J7.id}/enable`)).toHaveLength(1);

    // …and off again, from the keyboard.
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(within(rowOf('Rappel J-7')).getByText('En pause')).toBeTruthy());
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(callsTo(fetchMock, 'POST', `/api/automations/${J7.id}/pause`)).toHaveLength(1);
  });

  it('puts the switch and the label back, with a message, when the server refuses', async () => {
    storeSession();
    const { user } = await openScreen(automationsRoutes(undefined, { refuse: true }));
    const toggle = within(rowOf(J3.name)).getByRole('switch');

    await user.click(toggle);

    expect(await screen.findByText('Une erreur interne est survenue.')).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(within(rowOf(J3.name)).getByText('Actif')).toBeTruthy();
    expect(within(rowOf(J3.name)).queryByText('En pause')).toBeNull();
  });

  it('searches and pages on the server, the page in the address', async () => {
    storeSession();
    const many = Array.from({ length: 9 }, (_, index) => workflow(index + 10));
    const { user, fetchMock } = await openScreen(automationsRoutes(many));
    expect(within(table()).getAllByRole('row')).toHaveLength(8);

    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/automatisations?page=2'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));

    await user.type(screen.getByLabelText('Rechercher une automatisation'), 'Rappel 12{Enter}');
    await waitFor(() => expect(currentUrl()).toBe('/admin/automatisations?q=Rappel+12'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', '/api/automations').at(-1)?.search).toBe(
      '?page=1&pageSize=7&q=Rappel+12',
    );
  });

  it('explains an empty list and offers the default reminders', async () => {
    storeSession();
    routeFetch(automationsRoutes([]));
    const { user } = await renderApp('/admin/automatisations');
    expect(await screen.findByText('Aucune automatisation')).toBeTruthy();
    expect(screen.getByText(/Les rappels J-7, J-1, J\+3 et J\+10 sont prêts/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Relance J+3' }));

    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle automatisation' });
    expect((within(dialog).getByLabelText(/^Nom/) as HTMLInputElement).value).toBe('Relance J+3');
    expect((within(dialog).getByLabelText('Déclencheur') as HTMLSelectElement).value).toBe(
      'invoice_overdue',
    );
    expect(
      (within(dialog).getByLabelText(/Jours après l’échéance/) as HTMLInputElement).value,
    ).toBe('3');
  });

  it('archives a workflow after confirmation', async () => {
    storeSession();
    const archived: unknown[] = [];
    const { user } = await openScreen(
      automationsRoutes(undefined, {
        extra: {
          [`DELETE /api/automations/${J7.id}`]: (request) => {
            archived.push(request.url.pathname);
            return new Response(null, { status: 204 });
          },
        },
      }),
    );
    await user.click(
      within(rowOf('Rappel J-7')).getByRole('button', { name: 'Actions pour « Rappel J-7 »' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Archiver' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archiver cette automatisation ?' });
    await user.click(within(confirm).getByRole('button', { name: 'Archiver' }));
    expect(await screen.findByText('« Rappel J-7 » est archivée.')).toBeTruthy();
    expect(archived).toEqual([`/api/automations/${J7.id}`]);
  });

  it('without write:automations: no « Nouvelle automatisation », the switch read-only, the menu to look only', async () => {
    storeSession(withPermissions('read:automations'));
    const { user, fetchMock } = await openScreen();
    expect(screen.queryByRole('button', { name: 'Nouvelle automatisation' })).toBeNull();
    const toggle = within(rowOf('Rappel J-7')).getByRole('switch') as HTMLButtonElement;
    expect(toggle.disabled).toBe(true);
    await user.click(within(rowOf('Rappel J-7')).getByRole('button', { name: /Actions pour/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Simuler',
      'Historique',
    ]);
    expect(bodiesSentTo(fetchMock, 'POST', `/api/automations/${J7.id}/enable`)).toEqual([]);
  });

  it('speaks English', async () => {
    storeSession();
    await changeLanguage('en');
    try {
      routeFetch(automationsRoutes());
      await renderApp('/admin/automatisations');
      const english = await screen.findByRole('table', { name: 'The school’s automations' });
      expect(
        within(english).getByText('D-7 before the due date · SMS to the main payer'),
      ).toBeTruthy();
      expect(within(english).getAllByText('Paused').length).toBeGreaterThan(0);
      expect(within(english).getByRole('switch', { name: 'Turn on “Rappel J-7”' })).toBeTruthy();
    } finally {
      await changeLanguage('fr');
    }
  });
});
