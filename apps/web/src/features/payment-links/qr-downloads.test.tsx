import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { callsTo, headersSentTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { CASH_URL, deskRoutes } from '../cash-desk/cash-desk-fixtures';
import {
  openProgrammes,
  programmesRoutes,
  SIXIEME,
  TROISIEME,
} from '../programmes/programmes-fixtures';

const SHEET_PATH = `/api/levels/${SIXIEME.id}/payment-qr-sheet.pdf`;
const POSTER_PATH = '/api/school/payment-qr.pdf';

const pdf = (filename: string) => () =>
  new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('a class’s sheet of payment QR codes (« Programmes et cursus »)', () => {
  it('downloads the sheet of a level with students, with the session', async () => {
    storeSession();
    const fetchMock = routeFetch(
      programmesRoutes({ [`GET ${SHEET_PATH}`]: pdf('qr-paiement-college-6e-2026-2027.pdf') }),
    );
    const { user } = await openProgrammes();
    const college = screen.getByRole('listitem', { name: 'Collège' });
    // 3e has nobody enrolled: nothing to print.
    expect(
      within(college).queryByRole('button', {
        name: `Télécharger la feuille de QR codes de paiement de Collège ${TROISIEME.name} (PDF)`,
      }),
    ).toBeNull();
    const button = within(college).getByRole('button', {
      name: 'Télécharger la feuille de QR codes de paiement de Collège 6e (PDF)',
    });
    expect(button.textContent).toBe('Feuille de QR codes (PDF)');
    await user.click(button);
    await waitFor(() => expect(saved).toEqual(['qr-paiement-college-6e-2026-2027.pdf']));
    expect(headersSentTo(fetchMock, 'GET', SHEET_PATH)[0]?.get('Authorization')).toBe(
      'Bearer jeton-a',
    );
  });

  it('says the server’s refusal, and shows no sheet to a role without request:payments', async () => {
    storeSession();
    routeFetch(
      programmesRoutes({
        [`GET ${SHEET_PATH}`]: () =>
          jsonResponse(409, {
            message: 'Aucun étudiant n’est inscrit dans ce niveau pour l’année scolaire en cours.',
            code: 'CONFLICT',
          }),
      }),
    );
    const { user, unmount } = await openProgrammes();
    await user.click(
      screen.getByRole('button', {
        name: 'Télécharger la feuille de QR codes de paiement de Collège 6e (PDF)',
      }),
    );
    expect(
      await screen.findByText(
        'Aucun étudiant n’est inscrit dans ce niveau pour l’année scolaire en cours.',
      ),
    ).toBeTruthy();
    unmount();

    storeSession(withPermissions('read:programmes', 'write:programmes'));
    routeFetch(programmesRoutes());
    await openProgrammes();
    expect(screen.queryByRole('button', { name: /feuille de QR codes/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Modifier le niveau/ }).length).toBeGreaterThan(
      0,
    );
  });
});

describe('the counter’s poster (« Caisse »)', () => {
  it('downloads the school’s QR poster from the page’s header', async () => {
    storeSession();
    const fetchMock = routeFetch(
      deskRoutes(null, { [`GET ${POSTER_PATH}`]: pdf('affiche-paiement-ecole.pdf') }),
    );
    const { user } = await renderApp(CASH_URL);
    await screen.findByRole('heading', { level: 1, name: 'Caisse' });
    await user.click(await screen.findByRole('button', { name: "Affiche QR de l'école (PDF)" }));
    await waitFor(() => expect(saved).toEqual(['affiche-paiement-ecole.pdf']));
    expect(callsTo(fetchMock, 'GET', POSTER_PATH)).toHaveLength(1);
  });

  it('is not offered to a supervisor without request:payments', async () => {
    storeSession(withPermissions('supervise:cash_desk', 'read:payments'));
    routeFetch(deskRoutes(null));
    await renderApp(CASH_URL);
    await screen.findByRole('heading', { level: 1, name: 'Caisse' });
    expect(screen.queryByRole('button', { name: "Affiche QR de l'école (PDF)" })).toBeNull();
  });
});
