import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { InvitationMessages, systemRoles } from '@ecolage/contracts';
import { currentUrl, renderApp } from '../../test/render-app';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { storeSession } from '../../test/session';
import { i18n } from '../../i18n';
import {
  conflict,
  FINANCE,
  INVITED,
  listMembers,
  MEMBERS,
  noContent,
  READER,
  roleId,
  rolesAsSeenBy,
  SELF,
  teamRoutes,
} from './team-fixtures';

/** Another Super administration of the school. */
const BOSS = {
  ...FINANCE,
  userId: '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d07',
  name: 'Afi Boko',
  email: 'afi.boko@flamboyants.tg',
  role: { id: roleId('super_admin'), name: 'Super administration' },
};

const table = () => screen.getByRole('table', { name: "Membres de l'école" });
const rowOf = (name: string) => {
  const row = within(table())
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

async function openScreen(url = '/admin/utilisateurs') {
  const view = await renderApp(url);
  await screen.findByRole('table', { name: "Membres de l'école" });
  return view;
}

describe('members list', () => {
  it('shows the members of the API with French dates, « Jamais » and status badges', async () => {
    storeSession();
    const fetchMock = routeFetch(teamRoutes());
    await openScreen();

    expect(screen.getByRole('heading', { level: 1, name: 'Utilisateurs et rôles' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Utilisateurs et rôles — Écolage'));
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Nom', 'Rôle', 'Dernière connexion', 'Statut', 'Actions']);

    const self = rowOf('Ama Mensah');
    expect(within(self).getByText('ama@flamboyants.tg')).toBeTruthy();
    expect(within(self).getByText('(vous)')).toBeTruthy();
    expect(within(self).getByText('Super administration')).toBeTruthy();
    // Times in the school's time zone (Lomé, UTC+0), French format.
    expect(within(self).getByText('21 nov. 2026, 14:05')).toBeTruthy();
    expect(within(self).getByText('Actif')).toBeTruthy();

    expect(within(rowOf('Kossi Lawson')).getByText('Jamais')).toBeTruthy();
    expect(within(rowOf('Essi Dogbé')).getByText('2 mars 2026, 09:30')).toBeTruthy();
    expect(within(rowOf('Essi Dogbé')).getByText('Inactif')).toBeTruthy();
    expect(within(rowOf('Yao Agbeko')).getByText('Invitation en attente')).toBeTruthy();
    expect(within(rowOf('Yao Agbeko')).getByText('Jamais')).toBeTruthy();

    expect(callsTo(fetchMock, 'GET', '/api/members').map((url) => url.search)).toEqual([
      '?page=1&pageSize=10',
    ]);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jeton-a');
  });

  it('searches by name or e-mail as you type: ?q= in the address, the list asked again', async () => {
    storeSession();
    const fetchMock = routeFetch(teamRoutes());
    const { user } = await openScreen('/admin/utilisateurs?statut=actif');

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un membre' }), 'kossi');
    await waitFor(() => expect(currentUrl()).toBe('/admin/utilisateurs?statut=actif&q=kossi'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(rowOf('Kossi Lawson')).toBeTruthy();
    // Typing pauses once: one request for the whole word.
    expect(callsTo(fetchMock, 'GET', '/api/members').map((url) => url.search)).toEqual([
      '?status=active&page=1&pageSize=10',
      '?search=kossi&status=active&page=1&pageSize=10',
    ]);
  });

  it('filters on the status, kept in the address', async () => {
    storeSession();
    const fetchMock = routeFetch(teamRoutes());
    const { user } = await openScreen();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'Inactifs');
    await waitFor(() => expect(currentUrl()).toBe('/admin/utilisateurs?statut=inactif'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', '/api/members').at(-1)?.searchParams.get('status')).toBe(
      'inactive',
    );
  });

  it('says so when nothing matches', async () => {
    storeSession();
    routeFetch(teamRoutes());
    await renderApp('/admin/utilisateurs?q=personne');
    expect(await screen.findByText('Aucun membre trouvé')).toBeTruthy();
    expect(screen.getByText('Essayez de modifier vos filtres ou votre recherche.')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Rechercher un membre' })).toHaveProperty(
      'value',
      'personne',
    );
  });

  it('pages on the server; first/previous and next/last are disabled at the ends', async () => {
    storeSession();
    const many = Array.from({ length: 25 }, (_, index) => ({
      ...FINANCE,
      userId: `7b8c9d0e-1f2a-4b3c-8d4e-${String(index).padStart(12, '0')}`,
      name: `Membre ${index + 1}`,
    }));
    const fetchMock = routeFetch(teamRoutes({ 'GET /api/members': listMembers(many) }));
    const { user } = await openScreen();
    const pager = () => screen.getByRole('navigation', { name: 'Pagination' });
    const button = (name: string) => within(pager()).getByRole('button', { name });

    expect(screen.getByText('1–10 sur 25')).toBeTruthy();
    expect(button('Première page')).toHaveProperty('disabled', true);
    expect(button('Page précédente')).toHaveProperty('disabled', true);
    expect(button('Page suivante')).toHaveProperty('disabled', false);
    expect(button('Page 1').getAttribute('aria-current')).toBe('page');

    await user.click(button('Dernière page'));
    await waitFor(() => expect(screen.getByText('21–25 sur 25')).toBeTruthy());
    await waitFor(() => expect(currentUrl()).toBe('/admin/utilisateurs?page=3'));
    expect(button('Page suivante')).toHaveProperty('disabled', true);
    expect(button('Dernière page')).toHaveProperty('disabled', true);
    expect(button('Première page')).toHaveProperty('disabled', false);
    expect(button('Page 3').getAttribute('aria-current')).toBe('page');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Lignes par page' }), '50');
    await waitFor(() => expect(screen.getByText('1–25 sur 25')).toBeTruthy());
    await waitFor(() => expect(currentUrl()).toBe('/admin/utilisateurs?taille=50'));
    expect(callsTo(fetchMock, 'GET', '/api/members').map((url) => url.search)).toEqual([
      '?page=1&pageSize=10',
      '?page=3&pageSize=10',
      '?page=1&pageSize=50',
    ]);
  });

  it('goes back to the last page when the address asks for one past the end', async () => {
    storeSession();
    routeFetch(teamRoutes());
    await renderApp('/admin/utilisateurs?page=9');
    await waitFor(() => expect(currentUrl()).toBe('/admin/utilisateurs'));
    expect(await screen.findByText('Kossi Lawson')).toBeTruthy();
  });
});

describe('inviting a member', () => {
  it('checks the fields in French, sends the invitation, thanks and refreshes the list', async () => {
    storeSession();
    const invited = {
      ...INVITED,
      userId: '7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d09',
      name: 'Afi Kudjo',
      email: 'afi@flamboyants.tg',
    };
    let members = MEMBERS;
    const fetchMock = routeFetch(
      teamRoutes({
        'GET /api/members': (request) => listMembers(members)(request),
        'POST /api/members/invitations': () => {
          members = [...members, invited];
          return jsonResponse(201, invited);
        },
      }),
    );
    const { user } = await openScreen();

    await user.click(screen.getByRole('button', { name: 'Inviter un membre' }));
    const dialog = screen.getByRole('dialog', { name: 'Inviter un membre' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Nom'));
    const roles = within(dialog).getByRole('combobox', { name: 'Rôle' });
    expect(
      within(roles)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choisir un rôle',
      ...systemRoles.map((role) => role.name),
      'Surveillant',
      'Secrétariat',
    ]);

    await user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    expect(within(dialog).getByText('Le nom est obligatoire.')).toBeTruthy();
    expect(within(dialog).getByText("L'adresse e-mail est obligatoire.")).toBeTruthy();
    expect(within(dialog).getByText('Choisissez un rôle.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Nom'));

    await user.type(within(dialog).getByLabelText('Nom'), '  Afi Kudjo ');
    await user.type(within(dialog).getByLabelText('E-mail'), 'afi@');
    await user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    expect(within(dialog).queryByText('Le nom est obligatoire.')).toBeNull();
    expect(within(dialog).getByText("Format d'e-mail invalide.")).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/members/invitations')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('E-mail'), 'Flamboyants.TG');
    await user.selectOptions(roles, 'Caissier');
    await user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));

    expect(await screen.findByText('Invitation envoyée à afi@flamboyants.tg.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/members/invitations')).toEqual([
      { name: 'Afi Kudjo', email: 'afi@flamboyants.tg', roleId: roleId('cashier') },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Inviter un membre' })).toBeNull();
    expect(await screen.findByText('Afi Kudjo')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/members')).toHaveLength(2);
  });

  it('shows « sending » while the invitation goes, and a member already there under the e-mail', async () => {
    storeSession();
    let answer: (response: Response) => void = () => undefined;
    routeFetch(
      teamRoutes({
        'POST /api/members/invitations': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      }),
    );
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Inviter un membre' }));
    const dialog = screen.getByRole('dialog', { name: 'Inviter un membre' });
    await user.type(within(dialog).getByLabelText('Nom'), 'Kossi Lawson');
    await user.type(within(dialog).getByLabelText('E-mail'), 'finance@flamboyants.tg');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Rôle' }), 'Finance');
    await user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));

    const sending = await within(dialog).findByRole('button', { name: 'Envoi…' });
    expect(sending).toHaveProperty('disabled', true);
    answer(
      jsonResponse(409, {
        message: InvitationMessages.alreadyMember,
        code: 'ALREADY_MEMBER',
      }),
    );
    expect(await within(dialog).findByText(InvitationMessages.alreadyMember)).toBeTruthy();
    expect(within(dialog).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Inviter un membre' })).toBeTruthy();
  });

  it('says inside the dialog when the server cannot take the invitation (route not there yet)', async () => {
    storeSession();
    routeFetch(teamRoutes()); // no invitation route: 404
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Inviter un membre' }));
    const dialog = screen.getByRole('dialog', { name: 'Inviter un membre' });
    await user.type(within(dialog).getByLabelText('Nom'), 'Afi Kudjo');
    await user.type(within(dialog).getByLabelText('E-mail'), 'afi@flamboyants.tg');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Rôle' }), 'Lecteur');
    await user.click(within(dialog).getByRole('button', { name: "Envoyer l'invitation" }));
    // Toasts sit behind a modal dialog (inert): the reason shows in the dialog, typing is kept.
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Ressource introuvable.',
    );
    expect(within(dialog).getByLabelText('Nom')).toHaveProperty('value', 'Afi Kudjo');
  });

  it('closes with Escape and opens empty again', async () => {
    storeSession();
    routeFetch(teamRoutes());
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Inviter un membre' }));
    await user.type(screen.getByLabelText('Nom'), 'Brouillon');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inviter un membre' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Inviter un membre' }));
    expect(screen.getByLabelText('Nom')).toHaveProperty('value', '');
  });
});

describe("changing a member's role and status", () => {
  it('changes the role and says so', async () => {
    storeSession();
    const fetchMock = routeFetch(
      teamRoutes({ [`PATCH /api/members/${FINANCE.userId}`]: noContent }),
    );
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Changer le rôle de Kossi Lawson' }));
    const dialog = screen.getByRole('dialog', { name: 'Changer le rôle de Kossi Lawson' });
    const select = within(dialog).getByRole('combobox', { name: 'Nouveau rôle' });
    expect(select).toHaveProperty('value', roleId('finance'));
    expect(document.activeElement).toBe(select);
    await user.selectOptions(select, 'Comptabilité');
    expect(
      within(dialog).getByText('Export des écritures comptables, rapprochement des paiements'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Rôle de Kossi Lawson : Comptabilité.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/members/${FINANCE.userId}`)).toEqual([
      { roleId: roleId('accounting') },
    ]);
    // Both lists are asked again (member counts move).
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/roles')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', '/api/members')).toHaveLength(2);
  });

  it("shows the server's refusal (409, last Super administration) in a toast", async () => {
    storeSession();
    const message =
      'Impossible : ce membre est le dernier Super administration de l’école. Nommez d’abord un autre Super administration.';
    routeFetch(
      teamRoutes({
        'GET /api/members': listMembers([SELF, BOSS, FINANCE]),
        [`PATCH /api/members/${BOSS.userId}`]: conflict(message),
      }),
    );
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Changer le rôle d’Afi Boko' }));
    const dialog = screen.getByRole('dialog', { name: 'Changer le rôle d’Afi Boko' });
    await user.selectOptions(within(dialog).getByRole('combobox'), 'Lecteur');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
    // Nothing changed: the row still says Super administration.
    expect(within(rowOf('Afi Boko')).getByText('Super administration')).toBeTruthy();
  });

  it('offers a Directeur only the roles he may give, never his own role nor a member above him', async () => {
    const director = systemRoles.find((role) => role.key === 'director')!;
    storeSession({
      permissions: [...director.permissions],
      role: { id: roleId('director'), name: 'Directeur' },
    });
    const me = { ...SELF, role: { id: roleId('director'), name: 'Directeur' } };
    routeFetch(
      teamRoutes({
        'GET /api/members': listMembers([me, BOSS, FINANCE]),
        'GET /api/roles': () => rolesAsSeenBy(director.permissions),
      }),
    );
    const { user } = await openScreen();
    await screen.findByRole('button', { name: 'Changer le rôle de Kossi Lawson' });
    expect(screen.queryByRole('button', { name: 'Changer le rôle d’Ama Mensah' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Changer le rôle d’Afi Boko' })).toBeNull();
    const deactivateBoss = screen.getByRole('button', { name: 'Désactiver Afi Boko' });
    expect(deactivateBoss.getAttribute('aria-disabled')).toBe('true');
    expect(deactivateBoss.getAttribute('title')).toBe(
      'Ce membre a des permissions que vous n’avez pas : vous ne pouvez pas modifier son accès.',
    );
    // Neither Super administration (manage:roles) nor Caissier (operate:cash_desk).
    const givable = ['Directeur', 'Finance', 'Comptabilité', 'Scolarité', 'Lecteur'];
    const optionsOf = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent);
    await user.click(screen.getByRole('button', { name: 'Changer le rôle de Kossi Lawson' }));
    let dialog = screen.getByRole('dialog', { name: 'Changer le rôle de Kossi Lawson' });
    expect(optionsOf(within(dialog).getByRole('combobox'))).toEqual([
      ...givable,
      'Surveillant',
      'Secrétariat',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await user.click(screen.getByRole('button', { name: 'Inviter un membre' }));
    dialog = screen.getByRole('dialog', { name: 'Inviter un membre' });
    expect(optionsOf(within(dialog).getByRole('combobox', { name: 'Rôle' }))).toEqual([
      'Choisir un rôle',
      ...givable,
      'Surveillant',
      'Secrétariat',
    ]);
  });

  it('asks before deactivating, then deactivates', async () => {
    storeSession();
    const fetchMock = routeFetch(
      teamRoutes({ [`PATCH /api/members/${FINANCE.userId}`]: noContent }),
    );
    const { user } = await openScreen();

    await user.click(screen.getByRole('button', { name: 'Désactiver Kossi Lawson' }));
    let dialog = screen.getByRole('dialog', { name: 'Désactiver Kossi Lawson ?' });
    expect(within(dialog).getByText(/ne pourra plus se connecter/)).toBeTruthy();
    // Focus starts on the harmless choice.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog', { name: 'Désactiver Kossi Lawson ?' })).toBeNull();
    expect(callsTo(fetchMock, 'PATCH', `/api/members/${FINANCE.userId}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Désactiver Kossi Lawson' }));
    dialog = screen.getByRole('dialog', { name: 'Désactiver Kossi Lawson ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Compte de Kossi Lawson désactivé.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/members/${FINANCE.userId}`)).toEqual([
      { status: 'inactive' },
    ]);
  });

  it('reactivates an inactive member after confirmation', async () => {
    storeSession();
    const fetchMock = routeFetch(
      teamRoutes({ [`PATCH /api/members/${READER.userId}`]: noContent }),
    );
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Réactiver Essi Dogbé' }));
    const dialog = screen.getByRole('dialog', { name: 'Réactiver Essi Dogbé ?' });
    expect(within(dialog).getByText(/avec le rôle Lecteur/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Réactiver' }));
    expect(await screen.findByText('Compte d’Essi Dogbé réactivé.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/members/${READER.userId}`)).toEqual([
      { status: 'active' },
    ]);
  });

  it('does not offer to deactivate oneself, and says why', async () => {
    storeSession();
    const fetchMock = routeFetch(teamRoutes());
    const { user } = await openScreen();
    const button = screen.getByRole('button', { name: 'Désactiver Ama Mensah' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('title')).toBe('Vous ne pouvez pas désactiver votre propre compte.');
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'PATCH', `/api/members/${SELF.userId}`)).toHaveLength(0);
  });
});

describe('read-only members (Lecteur)', () => {
  it('see the members and roles without any action', async () => {
    const reader = systemRoles.find((role) => role.key === 'reader');
    storeSession({
      permissions: [...(reader?.permissions ?? [])],
      role: { id: roleId('reader'), name: 'Lecteur' },
    });
    routeFetch(teamRoutes());
    await openScreen();
    expect(rowOf('Kossi Lawson')).toBeTruthy();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nom', 'Rôle', 'Dernière connexion', 'Statut']);
    expect(await screen.findByRole('heading', { level: 3, name: 'Finance' })).toBeTruthy();
    for (const name of [
      'Inviter un membre',
      'Nouveau rôle',
      /^Changer le rôle/,
      /^Désactiver/,
      /^Réactiver/,
      /^Modifier/,
      /^Supprimer/,
    ]) {
      expect(screen.queryAllByRole('button', { name })).toEqual([]);
    }
  });
});

describe('in English', () => {
  it('speaks English and formats dates the British way', async () => {
    await i18n.changeLanguage('en');
    const { en } = await import('../../i18n/en');
    i18n.addResourceBundle('en', 'translation', en, true, true);
    storeSession();
    routeFetch(teamRoutes());
    await renderApp('/admin/utilisateurs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users and roles' })).toBeTruthy();
    const members = await screen.findByRole('table', { name: 'Members of the school' });
    expect(within(members).getByText('21 Nov 2026, 14:05')).toBeTruthy();
    expect(within(members).getAllByText('Never')).toHaveLength(2);
    expect(within(members).getByText('Invitation pending')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite a member' })).toBeTruthy();
  });
});
