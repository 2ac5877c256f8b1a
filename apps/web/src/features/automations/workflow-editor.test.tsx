import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { RouteRequest } from '../../test/api-routes';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';
import { L1_ID, LICENCE_ID } from '../students/students-fixtures';
import { automationsRoutes, J7, workflow } from './automations-fixtures';

async function openEditor(extra = {}) {
  storeSession();
  const fetchMock = routeFetch(automationsRoutes(undefined, { extra }));
  const view = await renderApp('/admin/automatisations');
  await screen.findByRole('table', { name: 'Automatisations de l’école' });
  await view.user.click(screen.getByRole('button', { name: 'Nouvelle automatisation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nouvelle automatisation' });
  const template = within(dialog).getByLabelText(/^Message/) as HTMLTextAreaElement;
  return { ...view, fetchMock, dialog, template };
}

/** Replaces the template's text at once (typing braces with user-event is a special syntax). */
function setTemplate(template: HTMLTextAreaElement, text: string) {
  fireEvent.change(template, { target: { value: text } });
}

describe('the workflow editor', () => {
  it('refuses an unknown placeholder as it is typed, listing the allowed ones', async () => {
    const { dialog, template } = await openEditor();

    setTemplate(template, 'Bonjour {parent}, payez {montant} via {lien}.');

    const alert = await within(dialog).findByText(/^Variable inconnue : \{parent\}\./);
    expect(alert.textContent).toContain(
      'Variables possibles pour ce déclencheur : {eleve}, {eleve_complet}, {matricule}',
    );
    expect(alert.textContent).toContain('{lien}');
    expect(template.getAttribute('aria-invalid')).toBe('true');

    // Another trigger allows other placeholders: {montant_paye} is a payment's.
    setTemplate(template, 'Merci, {montant_paye} reçu.');
    expect(await within(dialog).findByText(/^Variable inconnue : \{montant_paye\}/)).toBeTruthy();
    await within(dialog).findByRole('option', { name: 'Paiement reçu' });
    fireEvent.change(within(dialog).getByLabelText('Déclencheur'), {
      target: { value: 'payment_succeeded' },
    });
    await waitFor(() => expect(within(dialog).queryByText(/Variable inconnue/)).toBeNull());
  });

  it('counts the SMS: parts, characters, GSM-7, what would force UCS-2, more than 3 parts', async () => {
    const { dialog, template } = await openEditor();

    setTemplate(template, 'Bonjour, à payer avant le {echeance}.');
    expect(
      within(dialog).getByText('1 SMS · 37/160 caractères (GSM-7)', { exact: false }),
    ).toBeTruthy();

    setTemplate(template, 'Reçu : voilà votre leçon « Maths » à régler.');
    const warning = within(dialog).getByText(/n’existent pas dans l’alphabet GSM-7/);
    expect(warning.textContent).toContain('« ç », « « », « » »');
    expect(warning.textContent).toContain('ç → c');
    expect(within(dialog).getByText(/\(GSM-7\)/)).toBeTruthy();

    setTemplate(template, 'Rappel de paiement pour {eleve}. '.repeat(16));
    expect(within(dialog).getByText(/^4 SMS · /)).toBeTruthy();
    expect(within(dialog).getByText(/^Ce SMS fera 4 parties/)).toBeTruthy();
  });

  it('inserts a placeholder chip at the cursor', async () => {
    const { user, dialog, template } = await openEditor();
    setTemplate(template, 'Bonjour , merci.');
    template.setSelectionRange(8, 8);

    await user.click(within(dialog).getByRole('button', { name: /^Insérer \{responsable\}/ }));

    expect(template.value).toBe('Bonjour {responsable}, merci.');
    await waitFor(() => expect(document.activeElement).toBe(template));
  });

  it('offers only the chosen programme’s levels', async () => {
    const { user, dialog } = await openEditor();
    const level = within(dialog).getByLabelText('Niveau') as HTMLSelectElement;
    expect(level.disabled).toBe(true);
    await within(dialog).findByRole('option', { name: 'Licence Informatique' });

    await user.selectOptions(within(dialog).getByLabelText('Programme'), LICENCE_ID);

    expect(level.disabled).toBe(false);
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les niveaux', 'L1', 'L2']);
    await user.selectOptions(within(dialog).getByLabelText('Programme'), '');
    expect(level.disabled).toBe(true);
  });

  it('creates the workflow paused, then opens its simulation', async () => {
    const created = workflow(9, { name: 'Rappel J-3' });
    const { user, dialog, template, fetchMock } = await openEditor({
      'POST /api/automations': () => created,
      [`POST /api/automations/${created.id}/enable`]: () => ({ ...created, enabled: true }),
    });
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Rappel J-3');
    const days = within(dialog).getByLabelText(/Jours avant l’échéance/);
    await user.clear(days);
    await user.type(days, '3');
    await within(dialog).findByRole('option', { name: 'Licence Informatique' });
    await user.selectOptions(within(dialog).getByLabelText('Programme'), LICENCE_ID);
    await user.selectOptions(within(dialog).getByLabelText('Niveau'), L1_ID);
    await user.type(within(dialog).getByLabelText('Solde minimum dû (FCFA)'), '10000');
    setTemplate(
      template,
      'Bonjour {responsable}, {montant} pour {eleve} avant le {echeance} : {lien}',
    );
    expect(
      await within(dialog).findByText('Bonjour Ama Mensah, rappel : 45 000 FCFA pour Afi M.'),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et simuler' }));

    expect(await screen.findByText('« Rappel J-3 » est créée (En pause).')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/automations')).toEqual([
      {
        name: 'Rappel J-3',
        trigger: 'invoice_due_in',
        params: { days: 3 },
        conditions: { programmeId: LICENCE_ID, levelId: L1_ID, minimumBalance: 10000 },
        action: {
          channel: 'sms',
          recipients: 'main_payer',
          staffRoleIds: [],
          template: 'Bonjour {responsable}, {montant} pour {eleve} avant le {echeance} : {lien}',
        },
        enabled: false,
      },
    ]);
    const simulation = await screen.findByRole('dialog', { name: 'Simuler « Rappel J-3 »' });
    expect(bodiesSentTo(fetchMock, 'POST', '/api/automations/simulate')).toEqual([
      { workflowId: created.id },
    ]);
    expect(within(simulation).getByRole('button', { name: 'Activer' })).toBeTruthy();
  });

  it('changes a workflow with PUT, its switch left alone', async () => {
    storeSession();
    const puts: unknown[] = [];
    const fetchMock = routeFetch(
      automationsRoutes(undefined, {
        extra: {
          [`PUT /api/automations/${J7.id}`]: ({ body }: RouteRequest) => {
            puts.push(body);
            return { ...J7, name: 'Rappel J-8' };
          },
        },
      }),
    );
    const { user } = await renderApp('/admin/automatisations');
    await screen.findByRole('table', { name: 'Automatisations de l’école' });
    await user.click(screen.getByRole('button', { name: 'Actions pour « Rappel J-7 »' }));
    await user.click(screen.getByRole('menuitem', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier « Rappel J-7 »' });
    const name = within(dialog).getByLabelText(/^Nom/);
    await user.clear(name);
    await user.type(name, 'Rappel J-8');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('« Rappel J-8 » est enregistrée.')).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      name: 'Rappel J-8',
      trigger: 'invoice_due_in',
      params: { days: 7 },
    });
    expect(puts[0]).not.toHaveProperty('enabled');
    expect(callsTo(fetchMock, 'POST', '/api/automations')).toHaveLength(0);
  });
});
