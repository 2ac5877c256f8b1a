import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { changeLanguage } from '../../i18n';
import {
  CURRENT_YEAR_ID,
  fcfa,
  fcfaText,
  LEVEL_5E_ID,
  NEXT_YEAR_ID,
  SIBLING_ID,
  STUDENT,
  STUDENT_ID,
  STUDENT_URL,
  studentRoutes,
} from './student-fixtures';

async function openPage(url = STUDENT_URL) {
  const view = await renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
  return view;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('student page', () => {
  it('shows the student, balances, guardians, enrolments, invoices, scholarships and history', async () => {
    storeSession();
    const fetchMock = routeFetch(studentRoutes());
    await openPage();

    await waitFor(() => expect(document.title).toBe('Kofi Mensah — Écolage'));
    expect(
      within(screen.getByRole('main'))
        .getByRole('link', { name: 'Étudiants' })
        .getAttribute('href'),
    ).toBe('/admin/etudiants');
    expect(screen.getByText('STU-0001')).toBeTruthy();
    expect(screen.getByText('Collège · 6e')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+228 90 12 34 56' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'kofi@exemple.tg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeTruthy();

    const balances = section('Soldes');
    for (const [label, amount] of [
      ['Facturé', 150_000],
      ['Payé', 30_000],
      ['Reste à payer', 120_000],
      ['En retard', 45_000],
    ] as const) {
      const term = within(balances).getByText(label);
      expect(term.nextElementSibling?.textContent).toBe(fcfa(amount));
    }
    expect(fcfa(150_000)).toBe('150\u202f000\u00a0FCFA');

    const guardians = section('Responsables');
    const mother = within(guardians).getByRole('listitem', { name: 'Afi Mensah' });
    expect(within(mother).getByText('Mère')).toBeTruthy();
    expect(within(mother).getByText('Payeur principal')).toBeTruthy();
    expect(within(mother).getByText('+228 91 23 45 67')).toBeTruthy();
    expect(within(mother).getByRole('link', { name: 'Ama Mensah Jr' }).getAttribute('href')).toBe(
      `/admin/etudiants/${SIBLING_ID}`,
    );
    const father = within(guardians).getByRole('listitem', { name: 'Yao Mensah' });
    expect(within(father).getByText('Père')).toBeTruthy();
    expect(within(father).queryByText('Payeur principal')).toBeNull();
    expect(
      within(father).getByRole('button', { name: 'Faire de Yao Mensah le payeur principal' }),
    ).toBeTruthy();

    const enrolments = screen.getByRole('table', { name: "Inscriptions de l'étudiant" });
    const row = within(enrolments).getAllByRole('row')[1];
    expect(row?.textContent).toContain('2026-2027');
    expect(row?.textContent).toContain('En cours');
    expect(row?.textContent).toContain('3 sept. 2026');

    const invoices = await screen.findByRole(
      'table',
      { name: "Factures de l'étudiant" },
      { timeout: 3000 },
    );
    const [, open, draft] = within(invoices).getAllByRole('row');
    expect(within(open!).getByText('ST-2026-0001')).toBeTruthy();
    expect(within(open!).getByText('5 oct. 2026')).toBeTruthy();
    expect(within(open!).getByText('À payer')).toBeTruthy();
    expect(within(open!).getByText('En retard')).toBeTruthy();
    expect(within(draft!).getAllByText('Brouillon')).toHaveLength(2); // number and status
    expect(within(draft!).getAllByText(fcfaText(105_000)).length).toBeGreaterThan(0);

    const scholarship = await screen.findByRole('listitem', { name: "Bourse d'excellence" });
    expect(within(scholarship).getByText('Recommandé')).toBeTruthy();
    expect(within(scholarship).getByText('30 %')).toBeTruthy();
    expect(within(scholarship).getByText(`Déduit à ce jour : ${fcfaText(15_000)}`)).toBeTruthy();

    const history = section('Historique du statut');
    expect(within(history).getByText('En attente → Actif')).toBeTruthy();
    expect(within(history).getByText('Motif : Dossier complet')).toBeTruthy();
    expect(
      within(section('Paiements et reçus')).getByText(
        'Aucun paiement enregistré pour cet étudiant.',
      ),
    ).toBeTruthy();

    expect(callsTo(fetchMock, 'GET', '/api/invoices')[0]?.searchParams.get('studentId')).toBe(
      STUDENT_ID,
    );
    expect(callsTo(fetchMock, 'GET', '/api/scholarships')[0]?.searchParams.get('studentId')).toBe(
      STUDENT_ID,
    );
  });

  it('says « Étudiant introuvable » when the API answers 404 (another school)', async () => {
    storeSession();
    routeFetch(
      studentRoutes({
        [`GET /api/students/${STUDENT_ID}`]: () =>
          jsonResponse(404, { message: 'Étudiant introuvable.', code: 'NOT_FOUND' }),
      }),
    );
    await renderApp(STUDENT_URL);
    expect(await screen.findByText('Étudiant introuvable')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Étudiants' })).toBeTruthy();
  });

  it('hides what the role may not do: a reader sees no action and no invoice', async () => {
    storeSession(withPermissions('read:students'));
    const fetchMock = routeFetch(studentRoutes());
    await openPage();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter un responsable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Inscrire' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Factures' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Paiements et reçus' })).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/invoices')).toEqual([]);
  });

  it('opens the student form on « Modifier »', async () => {
    storeSession();
    routeFetch(studentRoutes());
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier Kofi Mensah' });
    expect(within(dialog).getByDisplayValue('Kofi Mensah')).toBeTruthy();
  });

  it('reads in English when the reader chose it', async () => {
    await changeLanguage('en');
    storeSession();
    routeFetch(studentRoutes());
    await openPage();
    expect(screen.getByRole('heading', { name: 'Guardians' })).toBeTruthy();
    expect(screen.getByText('Mother')).toBeTruthy();
    expect(within(section('Balances')).getByText('150,000 FCFA')).toBeTruthy();
  });
});

describe('enrolling', () => {
  async function enrol(answer: { created: boolean; invoicesIssued: number }) {
    storeSession();
    const fetchMock = routeFetch(
      studentRoutes({
        [`POST /api/students/${STUDENT_ID}/enrolments`]: () =>
          jsonResponse(answer.created ? 201 : 200, {
            enrolment: STUDENT.enrolments[0],
            ...answer,
          }),
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Inscrire' }));
    const dialog = screen.getByRole('dialog', { name: 'Inscrire Kofi Mensah' });
    const year = await within(dialog).findByRole('combobox', { name: 'Année scolaire' });
    expect((year as HTMLSelectElement).value).toBe(CURRENT_YEAR_ID);
    expect(within(year).getByRole('option', { name: '2026-2027 (en cours)' })).toBeTruthy();
    const level = within(dialog).getByRole('combobox', { name: 'Niveau' });
    // Archived levels are not offered.
    expect(within(level).queryByRole('option', { name: 'Ancienne 4e' })).toBeNull();
    await user.selectOptions(year, NEXT_YEAR_ID);
    await user.selectOptions(level, '5e');
    expect(within(dialog).getByText(`Total de l'année : ${fcfaText(475_000)}`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Inscrire' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    return fetchMock;
  }

  it('sends the level and year, then says how many invoices were issued', async () => {
    const fetchMock = await enrol({ created: true, invoicesIssued: 11 });
    expect(bodiesSentTo(fetchMock, 'POST', `/api/students/${STUDENT_ID}/enrolments`)).toEqual([
      { levelId: LEVEL_5E_ID, academicYearId: NEXT_YEAR_ID },
    ]);
    expect(await screen.findByText('Inscription enregistrée : 11 factures émises.')).toBeTruthy();
    // The record, the invoices and the list are asked again.
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `/api/students/${STUDENT_ID}`)).toHaveLength(2),
    );
    expect(callsTo(fetchMock, 'GET', '/api/invoices').length).toBeGreaterThan(1);
  });

  it('says nothing new was billed when the student was already enrolled', async () => {
    await enrol({ created: false, invoicesIssued: 0 });
    expect(await screen.findByText("Déjà inscrit : rien n'a été facturé de nouveau")).toBeTruthy();
  });

  it('withdraws an enrolment with a required reason', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentRoutes({
        [`POST /api/enrolments/${STUDENT.enrolments[0]?.id}/withdraw`]: () => ({
          invoicesVoided: 3,
        }),
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: "Retirer l'inscription 2026-2027 (6e)" }));
    const dialog = screen.getByRole('dialog', { name: "Retirer l'inscription 2026-2027" });
    await user.click(within(dialog).getByRole('button', { name: "Retirer l'inscription" }));
    expect(within(dialog).getByText('Indiquez un motif (3 caractères au moins).')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Motif du retrait'), 'Départ de la famille');
    await user.click(within(dialog).getByRole('button', { name: "Retirer l'inscription" }));
    expect(await screen.findByText('Inscription retirée : 3 factures annulées.')).toBeTruthy();
    expect(
      bodiesSentTo(fetchMock, 'POST', `/api/enrolments/${STUDENT.enrolments[0]?.id}/withdraw`),
    ).toEqual([{ reason: 'Départ de la famille' }]);
  });
});
