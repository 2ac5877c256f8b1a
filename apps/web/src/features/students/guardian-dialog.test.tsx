import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { StudentMessages } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';
import {
  FATHER_ID,
  MOTHER_ID,
  noContent,
  SIBLING_ID,
  STUDENT_ID,
  STUDENT_URL,
  studentRoutes,
} from './student-fixtures';

async function openPage() {
  const view = await renderApp(STUDENT_URL);
  await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
  return view;
}

describe('guardians', () => {
  it('creates a guardian from a phone typed « 90 12 34 56 »', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentRoutes({
        'GET /api/guardians': () => ({ items: [], total: 0, page: 1, pageSize: 10 }),
        [`POST /api/students/${STUDENT_ID}/guardians`]: () => jsonResponse(201, {}),
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Ajouter un responsable' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un responsable' });
    await user.click(within(dialog).getByRole('radio', { name: 'Nouveau responsable' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(within(dialog).getByText('Le nom du responsable est obligatoire.')).toBeTruthy();
    expect(within(dialog).getByText("Choisissez le lien avec l'étudiant.")).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Nom complet'), 'Essi Mensah');
    await user.type(within(dialog).getByLabelText('Téléphone'), '90 12 34 56');
    await user.selectOptions(within(dialog).getByLabelText("Lien avec l'étudiant"), 'Autre');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Essi Mensah a été ajouté aux responsables.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/students/${STUDENT_ID}/guardians`)).toEqual([
      {
        fullName: 'Essi Mensah',
        phone: '+22890123456',
        email: null,
        relation: 'other',
        mainPayer: false,
      },
    ]);
  });

  it('links a guardian found by search, and makes another the main payer', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentRoutes({
        'GET /api/guardians': () => ({
          items: [
            {
              id: 'e4c5d6e7-8f9a-4b0c-8d1e-2f3a4b5c6d01',
              fullName: 'Kodjo Amouzou',
              phone: '+22890000001',
              email: null,
              students: [{ id: SIBLING_ID, fullName: 'Ama Mensah Jr', matricule: 'STU-0002' }],
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        }),
        [`POST /api/students/${STUDENT_ID}/guardians`]: () => jsonResponse(201, {}),
        [`PATCH /api/students/${STUDENT_ID}/guardians/${FATHER_ID}`]: () =>
          new Response(null, { status: 204 }),
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Ajouter un responsable' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un responsable' });
    await user.type(within(dialog).getByLabelText('Rechercher un responsable'), 'Kodjo');
    await user.click(await within(dialog).findByRole('radio', { name: /Kodjo Amouzou/ }));
    await user.selectOptions(
      within(dialog).getByLabelText("Lien avec l'étudiant"),
      'Parrain / marraine',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, 'POST', `/api/students/${STUDENT_ID}/guardians`)).toEqual([
      { guardianId: 'e4c5d6e7-8f9a-4b0c-8d1e-2f3a4b5c6d01', relation: 'sponsor', mainPayer: false },
    ]);
    expect(callsTo(fetchMock, 'GET', '/api/guardians').at(-1)?.searchParams.get('search')).toBe(
      'Kodjo',
    );

    await user.click(
      screen.getByRole('button', { name: 'Faire de Yao Mensah le payeur principal' }),
    );
    expect(await screen.findByText('Yao Mensah est maintenant le payeur principal.')).toBeTruthy();
    expect(
      bodiesSentTo(fetchMock, 'PATCH', `/api/students/${STUDENT_ID}/guardians/${FATHER_ID}`),
    ).toEqual([{ mainPayer: true }]);
  });
});

describe('editing and removing a guardian', () => {
  it('sends only what changed: the shared fields and the relation', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentRoutes({
        [`PATCH /api/guardians/${MOTHER_ID}`]: () => ({}),
        [`PATCH /api/students/${STUDENT_ID}/guardians/${MOTHER_ID}`]: noContent,
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Modifier Afi Mensah' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le responsable' });
    expect(
      within(dialog).getByText(
        'Ces coordonnées sont partagées avec les autres étudiants de la famille.',
      ),
    ).toBeTruthy();
    const phone = within(dialog).getByLabelText('Téléphone');
    expect((phone as HTMLInputElement).value).toBe('+228 91 23 45 67');
    await user.clear(phone);
    await user.type(phone, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText(/Ce numéro de téléphone n'est pas valide/)).toBeTruthy();

    await user.clear(phone);
    await user.type(phone, '90 11 22 33');
    await user.selectOptions(
      within(dialog).getByLabelText("Lien avec l'étudiant"),
      'Tuteur / tutrice',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Responsable mis à jour.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/guardians/${MOTHER_ID}`)).toEqual([
      { fullName: 'Afi Mensah', phone: '+22890112233', email: 'afi@exemple.tg' },
    ]);
    expect(
      bodiesSentTo(fetchMock, 'PATCH', `/api/students/${STUDENT_ID}/guardians/${MOTHER_ID}`),
    ).toEqual([{ relation: 'guardian' }]);
  });

  it('puts a phone already taken under the phone field', async () => {
    storeSession();
    routeFetch(
      studentRoutes({
        [`PATCH /api/guardians/${FATHER_ID}`]: () =>
          jsonResponse(409, {
            message: StudentMessages.guardianPhoneTaken,
            code: 'GUARDIAN_PHONE_TAKEN',
          }),
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Modifier Yao Mensah' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le responsable' });
    const phone = within(dialog).getByLabelText('Téléphone');
    await user.clear(phone);
    await user.type(phone, '90 11 22 33');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(StudentMessages.guardianPhoneTaken)).toBeTruthy();
    expect(document.activeElement).toBe(phone);
  });

  it('removes a guardian after confirmation', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentRoutes({
        [`DELETE /api/students/${STUDENT_ID}/guardians/${FATHER_ID}`]: noContent,
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Retirer Yao Mensah des responsables' }));
    const dialog = screen.getByRole('dialog', { name: 'Retirer Yao Mensah ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText('Yao Mensah a été retiré des responsables.')).toBeTruthy();
    expect(
      callsTo(fetchMock, 'DELETE', `/api/students/${STUDENT_ID}/guardians/${FATHER_ID}`),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/api/students/${STUDENT_ID}`)).toHaveLength(2),
    );
  });
});
