import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StudentItem } from '@ecolage/contracts';
import { renderApp } from '../../test/render-app';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { storeSession } from '../../test/session';
import {
  AFI,
  KOSSI,
  L1_ID,
  LICENCE_ID,
  listStudents,
  student,
  STUDENTS,
  studentsRoutes,
  YEAR_ID,
} from './students-fixtures';

const rowOf = (name: string) => {
  const table = screen.getByRole('table', { name: 'Étudiants de l’école' });
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

async function openScreen() {
  const view = await renderApp('/admin/etudiants');
  await screen.findByText('Afi Kudjo');
  return view;
}

describe('« Nouvel Étudiant »', () => {
  it('checks the form, creates and enrols the student, thanks with the matricule and refreshes', async () => {
    storeSession();
    let students = STUDENTS;
    const created: StudentItem = student(12, {
      fullName: 'Yawa Mensah',
      phone: '+22890123456',
      programme: { id: LICENCE_ID, name: 'Licence Informatique' },
      level: { id: L1_ID, name: 'L1' },
      balance: 175_000,
      status: 'pending',
    });
    const fetchMock = routeFetch(
      studentsRoutes({
        'GET /api/students': (request) => listStudents(students)(request),
        'POST /api/enrolments': () => {
          students = [...students, created];
          return jsonResponse(201, { student: created, enrolment: {}, invoicesIssued: 11 });
        },
      }),
    );
    const { user } = await openScreen();

    await user.click(screen.getByRole('button', { name: 'Nouvel Étudiant' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un nouvel étudiant' });
    const name = within(dialog).getByLabelText('Nom complet');
    expect(document.activeElement).toBe(name);
    expect(within(dialog).queryByLabelText('Motif du changement de statut')).toBeNull();

    await user.type(within(dialog).getByLabelText('Téléphone'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Le nom complet est obligatoire.')).toBeTruthy();
    expect(within(dialog).getByText(/Ce numéro de téléphone n'est pas valide/)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(callsTo(fetchMock, 'POST', '/api/students')).toHaveLength(0);

    await user.type(name, '  Yawa Mensah ');
    const phone = within(dialog).getByLabelText('Téléphone');
    await user.clear(phone);
    await user.type(phone, '90 12 34 56');
    const birthDate = within(dialog).getByLabelText('Date de naissance');
    expect(birthDate).toHaveProperty('type', 'date');
    fireEvent.change(birthDate, { target: { value: '2014-05-12' } });
    const programme = within(dialog).getByRole('combobox', { name: 'Programme' });
    await within(programme).findByRole('option', { name: 'Licence Informatique' });
    await user.selectOptions(programme, 'Licence Informatique');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Statut' }),
      'En attente',
    );
    // A programme chosen: the student is enrolled in one of its levels, for the current year.
    const level = within(dialog).getByRole('combobox', { name: /^Niveau/ });
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choisissez un niveau…', 'L1', 'L2']);
    expect(within(dialog).getByRole('combobox', { name: 'Année scolaire' })).toHaveProperty(
      'value',
      YEAR_ID,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Choisissez un niveau.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/enrolments')).toHaveLength(0);
    await user.selectOptions(level, 'L1');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(
      await screen.findByText('Étudiant ajouté (STU-012) et inscrit : ses factures sont émises'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/students')).toHaveLength(0);
    expect(bodiesSentTo(fetchMock, 'POST', '/api/enrolments')).toEqual([
      {
        fullName: 'Yawa Mensah',
        phone: '+22890123456',
        email: null,
        birthDate: '2014-05-12',
        programmeId: LICENCE_ID,
        status: 'pending',
        levelId: L1_ID,
        academicYearId: YEAR_ID,
      },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Ajouter un nouvel étudiant' })).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/students/summary')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', '/api/students')).toHaveLength(2);

    // « Annuler » closes; the next opening starts from an empty form.
    await user.click(screen.getByRole('button', { name: 'Nouvel Étudiant' }));
    const again = screen.getByRole('dialog', { name: 'Ajouter un nouvel étudiant' });
    expect(within(again).getByLabelText('Nom complet')).toHaveProperty('value', '');
    await user.click(within(again).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog', { name: 'Ajouter un nouvel étudiant' })).toBeNull();
  });

  it('shows the server’s refusals under their fields', async () => {
    storeSession();
    routeFetch(
      studentsRoutes({
        'POST /api/students': () =>
          jsonResponse(400, {
            message: 'Données invalides.',
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'email', message: 'Cette adresse est déjà utilisée.' }],
          }),
      }),
    );
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Nouvel Étudiant' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un nouvel étudiant' });
    await user.type(within(dialog).getByLabelText('Nom complet'), 'Yawa Mensah');
    await user.type(within(dialog).getByLabelText('Email'), 'yawa@exemple.tg');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Cette adresse est déjà utilisée.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Email'));
  });
});

describe('row actions', () => {
  it('« Modifier » fills the form; a status change asks for a reason, sent with the PATCH', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentsRoutes({
        [`PATCH /api/students/${AFI.id}`]: () => ({ ...AFI, status: 'suspended' }),
      }),
    );
    const { user } = await openScreen();
    await user.click(
      within(rowOf('Afi Kudjo')).getByRole('button', { name: 'Modifier Afi Kudjo' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Modifier Afi Kudjo' });
    expect(within(dialog).getByLabelText('Nom complet')).toHaveProperty('value', 'Afi Kudjo');
    expect(within(dialog).getByLabelText('Téléphone')).toHaveProperty('value', '+228 90 12 34 56');
    expect(within(dialog).getByLabelText('Email')).toHaveProperty('value', 'afi@exemple.tg');
    expect(within(dialog).queryByLabelText('Motif du changement de statut')).toBeNull();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Statut' }), 'Suspendu');
    await user.type(within(dialog).getByLabelText('Motif du changement de statut'), 'Impayés');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Étudiant modifié')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/students/${AFI.id}`)).toEqual([
      {
        fullName: 'Afi Kudjo',
        phone: '+22890123456',
        email: 'afi@exemple.tg',
        birthDate: null,
        programmeId: LICENCE_ID,
        status: 'suspended',
        statusReason: 'Impayés',
      },
    ]);
  });

  it('« Supprimer » asks first; a student with invoices is archived, and the toast says so', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentsRoutes({
        [`DELETE /api/students/${KOSSI.id}`]: () => ({ outcome: 'archived' }),
      }),
    );
    const { user } = await openScreen();
    await user.click(
      within(rowOf('Kossi Ayité')).getByRole('button', { name: 'Supprimer Kossi Ayité' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Supprimer cet étudiant ?' });
    expect(within(dialog).getByText(/Kossi Ayité \(STU-002\) sera supprimé/)).toBeTruthy();
    // Focus starts on Annuler: an Enter out of habit deletes nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(callsTo(fetchMock, 'DELETE', `/api/students/${KOSSI.id}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Étudiant archivé : il a des factures')).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', `/api/students/${KOSSI.id}`)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Supprimer cet étudiant ?' })).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/students')).toHaveLength(2));
  });
});
