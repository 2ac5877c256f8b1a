import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { BillingMessages } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/session';
import {
  CURRENT_YEAR_ID,
  NEXT_YEAR_ID,
  SCHOLARSHIP,
  SCHOLARSHIP_ID,
  STUDENT_ID,
  STUDENT_URL,
  page,
  studentRoutes,
} from './student-fixtures';

/** The signed-in member of `storeSession()`. */
const SESSION_USER_ID = '3f9d2b7a-1c4e-4a8b-9e6f-2d1c0b9a8e03';

async function openDialog(fetchRoutes = studentRoutes()) {
  storeSession();
  const fetchMock = routeFetch(fetchRoutes);
  const view = await renderApp(STUDENT_URL);
  await view.user.click(await screen.findByRole('button', { name: 'Nouvelle bourse' }));
  const dialog = screen.getByRole('dialog', { name: 'Nouvelle bourse' });
  return { ...view, fetchMock, dialog };
}

describe('new scholarship', () => {
  it('recommends a percentage for the current year (no « granted at once »)', async () => {
    const { user, dialog, fetchMock } = await openDialog(
      studentRoutes({
        'POST /api/scholarships': () => jsonResponse(201, { ...SCHOLARSHIP, value: 50 }),
      }),
    );
    const year = await within(dialog).findByRole('combobox', { name: 'Année scolaire' });
    expect((year as HTMLSelectElement).value).toBe(CURRENT_YEAR_ID);
    await user.type(within(dialog).getByLabelText('Nom de la bourse'), 'Bourse sociale');
    await user.type(within(dialog).getByLabelText('Pourcentage (1 à 100)'), '50');
    await user.type(within(dialog).getByLabelText('Motif'), 'Situation familiale difficile');
    expect(within(dialog).queryByRole('radio', { name: /Accorder/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Recommander la bourse' }));
    expect(await screen.findByText(/Bourse « Bourse sociale » recommandée/)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/scholarships')).toEqual([
      {
        studentId: STUDENT_ID,
        academicYearId: CURRENT_YEAR_ID,
        name: 'Bourse sociale',
        kind: 'percent',
        value: 50,
        reason: 'Situation familiale difficile',
      },
    ]);
  });

  it('checks the value with the contracts, then sends a fixed amount recommended', async () => {
    const { user, dialog, fetchMock } = await openDialog(
      studentRoutes({ 'POST /api/scholarships': () => jsonResponse(201, SCHOLARSHIP) }),
    );
    await user.type(within(dialog).getByLabelText('Nom de la bourse'), 'Bourse du maire');
    await user.type(within(dialog).getByLabelText('Pourcentage (1 à 100)'), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Recommander la bourse' }));
    expect(within(dialog).getByText(BillingMessages.percentRange)).toBeTruthy();
    expect(within(dialog).getByText('Indiquez un motif (3 caractères au moins).')).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'Montant fixe' }));
    const amount = within(dialog).getByLabelText('Montant (FCFA)');
    await user.clear(amount);
    await user.type(amount, '75 000');
    await user.type(within(dialog).getByLabelText('Motif'), 'Convention avec la mairie');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Année scolaire' }),
      NEXT_YEAR_ID,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Recommander la bourse' }));
    expect(await screen.findByText(/Bourse « Bourse du maire » recommandée/)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/scholarships')).toEqual([
      {
        studentId: STUDENT_ID,
        academicYearId: NEXT_YEAR_ID,
        name: 'Bourse du maire',
        kind: 'fixed',
        value: 75_000,
        reason: 'Convention avec la mairie',
      },
    ]);
  });

  it('shows a refusal of the server in the dialog', async () => {
    const { user, dialog } = await openDialog(
      studentRoutes({
        'POST /api/scholarships': () =>
          jsonResponse(422, { message: BillingMessages.noEnrolmentForYear, code: 'CONFLICT' }),
      }),
    );
    await user.type(within(dialog).getByLabelText('Nom de la bourse'), 'Bourse sociale');
    await user.type(within(dialog).getByLabelText('Pourcentage (1 à 100)'), '20');
    await user.type(within(dialog).getByLabelText('Motif'), 'Situation familiale');
    await user.click(within(dialog).getByRole('button', { name: 'Recommander la bourse' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      BillingMessages.noEnrolmentForYear,
    );
  });
});

describe('deciding a scholarship', () => {
  it('grants a recommended scholarship after confirmation', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentRoutes({
        [`POST /api/scholarships/${SCHOLARSHIP_ID}/decision`]: () => ({
          ...SCHOLARSHIP,
          status: 'granted',
          decidedBy: 'Ama Mensah',
          decidedAt: '2026-11-21T14:05:00.000Z',
        }),
      }),
    );
    const { user } = await renderApp(STUDENT_URL);
    await user.click(
      await screen.findByRole('button', { name: "Accorder la bourse « Bourse d'excellence »" }),
    );
    const dialog = screen.getByRole('dialog', {
      name: "Accorder la bourse « Bourse d'excellence » ?",
    });
    await user.click(within(dialog).getByRole('button', { name: 'Accorder' }));
    expect(await screen.findByText('Bourse accordée.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/scholarships/${SCHOLARSHIP_ID}/decision`)).toEqual(
      [{ decision: 'granted' }],
    );
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/scholarships')).toHaveLength(2));
  });

  it('refuses with a reason, required', async () => {
    storeSession();
    const fetchMock = routeFetch(
      studentRoutes({
        [`POST /api/scholarships/${SCHOLARSHIP_ID}/decision`]: () => ({
          ...SCHOLARSHIP,
          status: 'refused',
          refusalReason: 'Revenus suffisants',
        }),
      }),
    );
    const { user } = await renderApp(STUDENT_URL);
    await user.click(
      await screen.findByRole('button', { name: "Refuser la bourse « Bourse d'excellence »" }),
    );
    const dialog = screen.getByRole('dialog', {
      name: "Refuser la bourse « Bourse d'excellence » ?",
    });
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(within(dialog).getByText(BillingMessages.refusalReason)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `/api/scholarships/${SCHOLARSHIP_ID}/decision`)).toHaveLength(
      0,
    );
    await user.type(within(dialog).getByLabelText('Motif du refus'), 'Revenus suffisants');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser' }));
    expect(await screen.findByText('Bourse refusée.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/scholarships/${SCHOLARSHIP_ID}/decision`)).toEqual(
      [{ decision: 'refused', reason: 'Revenus suffisants' }],
    );
  });

  it('the member who recommended it sees no decision buttons', async () => {
    storeSession();
    routeFetch(
      studentRoutes({
        'GET /api/scholarships': (request) =>
          page([{ ...SCHOLARSHIP, recommendedByUserId: SESSION_USER_ID }], request),
      }),
    );
    await renderApp(STUDENT_URL);
    expect(await screen.findByText(/Vous l’avez recommandée/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Accorder la bourse/ })).toBeNull();
  });
});
