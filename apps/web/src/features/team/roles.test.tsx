import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AccessMessages, permissionCatalogue } from '@ecolage/contracts';
import type { RoleItem } from '@ecolage/contracts';
import { renderApp } from '../../test/render-app';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { storeSession } from '../../test/session';
import { conflict, noContent, roleId, ROLES, teamRoutes } from './team-fixtures';

const card = (name: string) => screen.getByRole('listitem', { name });

async function openScreen() {
  const view = await renderApp('/admin/utilisateurs');
  await screen.findByRole('heading', { level: 3, name: 'Super administration' });
  return view;
}

describe('roles panel', () => {
  it('lists each role with its description, real member count, grouped permissions and base-role badge', async () => {
    storeSession();
    routeFetch(teamRoutes());
    const { user } = await openScreen();

    const finance = card('Finance');
    expect(within(finance).getByText('Rôle de base')).toBeTruthy();
    expect(
      within(finance).getByText('Gestion des finances et des paiements, émission des factures'),
    ).toBeTruthy();
    expect(within(finance).getByText('1 membre')).toBeTruthy();
    expect(within(card('Secrétariat')).getByText('2 membres')).toBeTruthy();
    expect(within(card('Surveillant')).getByText('Aucun membre')).toBeTruthy();
    expect(within(card('Surveillant')).queryByText('Rôle de base')).toBeNull();

    // Groups at a glance; the labels of the catalogue when unfolded.
    expect(
      within(finance).getByText(
        'Étudiants · Programmes · Factures · Paiements · Marketing · Automatisations · Comptabilité · Statistiques',
      ),
    ).toBeTruthy();
    await user.click(within(finance).getByText('Voir ses 18 permissions'));
    expect(within(finance).getByText('Rembourser un paiement')).toBeTruthy();
    expect(within(finance).getByText('Émettre des factures, remises et bourses')).toBeTruthy();
    expect(within(card('Surveillant')).getByText('Voir sa permission')).toBeTruthy();
  });

  it('creates a role: blank name refused, permissions as grouped checkboxes with « select all »', async () => {
    storeSession();
    const created: RoleItem = {
      id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a03',
      name: 'Intendance',
      description: 'Achats et caisse',
      permissions: ['read:students', 'write:students', 'import:students', 'read:payments'],
      memberCount: 0,
      system: false,
      assignable: true,
    };
    const fetchMock = routeFetch(
      teamRoutes({ 'POST /api/roles': () => jsonResponse(201, created) }),
    );
    const { user } = await openScreen();

    await user.click(screen.getByRole('button', { name: 'Nouveau rôle' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouveau rôle' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Nom du rôle'));

    // One fieldset per group of the catalogue, in its order.
    const groups = within(dialog)
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')?.textContent);
    expect(groups).toEqual(['Permissions', ...Object.keys(permissionCatalogue)]);

    const students = within(dialog).getByRole('group', { name: 'Étudiants' });
    const selectAll = within(students).getByRole('checkbox', {
      name: 'Tout sélectionner : Étudiants',
    });
    await user.click(selectAll);
    const boxes = within(students)
      .getAllByRole('checkbox')
      .filter((box) => box !== selectAll);
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true]);
    expect(within(dialog).getByText('3 permissions choisies')).toBeTruthy();

    // Unticking one leaves the group box « mixed ».
    await user.click(within(students).getByRole('checkbox', { name: /^Importer des étudiants/ }));
    expect((selectAll as HTMLInputElement).checked).toBe(false);
    expect((selectAll as HTMLInputElement).indeterminate).toBe(true);
    await user.click(selectAll);
    expect((selectAll as HTMLInputElement).indeterminate).toBe(false);
    expect(boxes.every((box) => (box as HTMLInputElement).checked)).toBe(true);

    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Voir les paiements et les reçus' }),
    );

    await user.type(within(dialog).getByLabelText('Nom du rôle'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le rôle' }));
    expect(within(dialog).getByText('Le nom du rôle est obligatoire.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Nom du rôle'));
    expect(callsTo(fetchMock, 'POST', '/api/roles')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Nom du rôle'), 'Intendance ');
    expect(within(dialog).queryByText('Le nom du rôle est obligatoire.')).toBeNull();
    await user.type(within(dialog).getByLabelText('Description'), 'Achats et caisse');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le rôle' }));

    expect(await screen.findByText('Rôle « Intendance » créé.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/roles')).toEqual([
      {
        name: 'Intendance',
        description: 'Achats et caisse',
        permissions: ['read:students', 'write:students', 'import:students', 'read:payments'],
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Nouveau rôle' })).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/roles')).toHaveLength(2));
  });

  it('grants only the permissions the member holds himself', async () => {
    // A custom role that manages roles without holding everything.
    storeSession({
      permissions: ['read:members', 'manage:roles', 'read:students', 'read:payments'],
      role: { id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a09', name: 'Délégué' },
    });
    const fetchMock = routeFetch(
      teamRoutes({ 'POST /api/roles': () => jsonResponse(201, ROLES[0]) }),
    );
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Nouveau rôle' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouveau rôle' });
    expect(
      within(dialog).getByText(
        'Les permissions que vous n’avez pas vous-même ne peuvent pas être accordées.',
      ),
    ).toBeTruthy();
    const box = (name: string) =>
      within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box('Rembourser un paiement').disabled).toBe(true);
    expect(box('Voir les paiements et les reçus').disabled).toBe(false);
    expect(box('Tout sélectionner : Paramètres').disabled).toBe(true);
    // « Select all » of a group takes only what the member holds.
    await user.click(box('Tout sélectionner : Paiements'));
    expect(within(dialog).getByText('1 permission choisie')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Nom du rôle'), 'Consultation');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le rôle' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, 'POST', '/api/roles')).toEqual([
        { name: 'Consultation', description: '', permissions: ['read:payments'] },
      ]),
    );
  });

  it('puts a name already taken (409) under the name field', async () => {
    storeSession();
    routeFetch(
      teamRoutes({ 'POST /api/roles': conflict(AccessMessages.roleNameTaken, 'ROLE_NAME_TAKEN') }),
    );
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Nouveau rôle' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouveau rôle' });
    await user.type(within(dialog).getByLabelText('Nom du rôle'), 'Finance');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le rôle' }));
    expect(await within(dialog).findByText(AccessMessages.roleNameTaken)).toBeTruthy();
    expect(within(dialog).getByLabelText('Nom du rôle').getAttribute('aria-invalid')).toBe('true');
  });

  it('says a name already taken (ROLE_NAME_TAKEN) in English to an English reader', async () => {
    const { changeLanguage } = await import('../../i18n');
    await changeLanguage('en');
    storeSession();
    routeFetch(
      teamRoutes({ 'POST /api/roles': conflict(AccessMessages.roleNameTaken, 'ROLE_NAME_TAKEN') }),
    );
    const { user } = await renderApp('/admin/utilisateurs');
    await user.click(await screen.findByRole('button', { name: 'New role' }));
    const dialog = screen.getByRole('dialog', { name: 'New role' });
    await user.type(within(dialog).getByLabelText('Role name'), 'Finance');
    await user.click(within(dialog).getByRole('button', { name: 'Create the role' }));
    expect(
      await within(dialog).findByText('A role already has this name in your school.'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Role name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByText(AccessMessages.roleNameTaken)).toBeNull();
  });

  it('edits a role with its current values; a refusal for Super administration shows in the dialog', async () => {
    storeSession();
    const surveillant = ROLES.find((role) => role.name === 'Surveillant') as RoleItem;
    const fetchMock = routeFetch(
      teamRoutes({
        [`PATCH /api/roles/${surveillant.id}`]: () => ({ ...surveillant, name: 'Surveillance' }),
        [`PATCH /api/roles/${roleId('super_admin')}`]: conflict(
          AccessMessages.superAdminPermissions,
        ),
      }),
    );
    const { user } = await openScreen();

    await user.click(screen.getByRole('button', { name: 'Modifier le rôle Surveillant' }));
    let dialog = screen.getByRole('dialog', { name: 'Modifier le rôle « Surveillant »' });
    const name = within(dialog).getByLabelText('Nom du rôle');
    expect(name).toHaveProperty('value', 'Surveillant');
    expect(within(dialog).getByLabelText('Description')).toHaveProperty(
      'value',
      'Contrôle des présences',
    );
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'Voir les étudiants, leurs responsables et inscriptions',
      }),
    ).toHaveProperty('checked', true);
    await user.clear(name);
    await user.type(name, 'Surveillance');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Rôle « Surveillance » enregistré.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/roles/${surveillant.id}`)).toEqual([
      {
        name: 'Surveillance',
        description: 'Contrôle des présences',
        permissions: ['read:students'],
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Modifier le rôle Super administration' }));
    dialog = screen.getByRole('dialog', { name: 'Modifier le rôle « Super administration »' });
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Tout sélectionner : Marketing' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      AccessMessages.superAdminPermissions,
    );
  });

  it('deletes only a role nobody holds that is not a base role, after confirmation', async () => {
    storeSession();
    const unused = ROLES.find((role) => role.name === 'Surveillant') as RoleItem;
    const fetchMock = routeFetch(teamRoutes({ [`DELETE /api/roles/${unused.id}`]: noContent }));
    const { user } = await openScreen();

    const system = screen.getByRole('button', { name: 'Supprimer le rôle Finance' });
    expect(system.getAttribute('aria-disabled')).toBe('true');
    expect(system.getAttribute('title')).toBe('Les rôles de base ne peuvent pas être supprimés.');
    await user.click(system);
    expect(screen.queryByRole('dialog')).toBeNull();

    const inUse = screen.getByRole('button', { name: 'Supprimer le rôle Secrétariat' });
    expect(inUse.getAttribute('aria-disabled')).toBe('true');
    expect(inUse.getAttribute('title')).toBe(
      'Ce rôle est attribué à 2 membres : attribuez-leur un autre rôle avant de le supprimer.',
    );

    const free = screen.getByRole('button', { name: 'Supprimer le rôle Surveillant' });
    expect(free.getAttribute('aria-disabled')).toBeNull();
    await user.click(free);
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le rôle « Surveillant » ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Rôle « Surveillant » supprimé.')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', `/api/roles/${unused.id}`)).toHaveLength(1);
  });
});
