import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ProgrammeMessages } from '@ecolage/contracts';
import type { Programme } from '@ecolage/contracts';
import { changeLanguage } from '../../i18n';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { renderApp } from '../../test/render-app';
import { jsonResponse } from '../../test/fetch-mock';
import { storeSession, withPermissions } from '../../test/session';
import {
  ARCHIVED,
  COLLEGE,
  francs,
  LYCEE,
  openProgrammes,
  programmesRoutes,
  YEAR_CURRENT,
  YEAR_PAST,
} from './programmes-fixtures';

const card = (name: string) => screen.getByRole('listitem', { name });

describe('« Programmes et cursus »', () => {
  it('lists the years with French dates, the programmes with their fees, and « Aucun niveau ajouté »', async () => {
    storeSession();
    routeFetch(programmesRoutes());
    await openProgrammes();

    expect(screen.getByRole('heading', { level: 1, name: 'Programmes et cursus' })).toBeTruthy();
    const current = await screen.findByRole('listitem', { name: '2026-2027' });
    expect(within(current).getByText('1 oct. 2026 – 31 juil. 2027')).toBeTruthy();
    expect(within(current).getByText('En cours')).toBeTruthy();
    const past = card('2025-2026');
    expect(within(past).queryByText('En cours')).toBeNull();
    expect(
      within(past).getByRole('button', { name: 'Définir 2025-2026 comme année en cours' }),
    ).toBeTruthy();

    const college = card('Collège');
    const sixieme = within(college).getByRole('row', { name: /^6e/ });
    expect(within(sixieme).getByText(francs(25000))).toBeTruthy();
    expect(within(sixieme).getByText(`${francs(30000)} × 10 mois`)).toBeTruthy();
    expect(within(sixieme).getByText('octobre à juillet')).toBeTruthy();
    expect(within(sixieme).getByText(francs(325000))).toBeTruthy();
    expect(within(sixieme).getByText('12 inscrits')).toBeTruthy();
    const troisieme = within(college).getByRole('row', { name: /^3e/ });
    expect(within(troisieme).getByText('3 échéances')).toBeTruthy();
    expect(
      within(troisieme).getByText(`Tranche 2 : ${francs(100000)}, le 15 janvier`),
    ).toBeTruthy();
    expect(within(college).queryByText('Aucun niveau ajouté')).toBeNull();

    expect(within(card('Lycée')).getByText('Aucun niveau ajouté')).toBeTruthy();
    // Archived programmes only on demand.
    expect(screen.queryByRole('heading', { name: ARCHIVED.name })).toBeNull();
  });

  it('creates a programme: a blank name is refused, then it is sent trimmed and shows with no level', async () => {
    storeSession();
    const created: Programme = {
      id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d09',
      name: 'Maternelle',
      archived: false,
      inUse: false,
      levels: [],
    };
    let programmes = [COLLEGE, LYCEE];
    const fetchMock = routeFetch(
      programmesRoutes({
        'GET /api/programmes': () => ({ items: programmes }),
        'POST /api/programmes': () => {
          programmes = [...programmes, created];
          return jsonResponse(201, created);
        },
      }),
    );
    const { user } = await openProgrammes();

    await user.click(screen.getByRole('button', { name: 'Nouveau programme' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouveau programme' });
    const name = within(dialog).getByLabelText('Nom du programme');
    expect(document.activeElement).toBe(name);

    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le programme' }));
    expect(within(dialog).getByText(ProgrammeMessages.programmeNameRequired)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST', '/api/programmes')).toHaveLength(0);

    await user.type(name, 'Maternelle ');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le programme' }));
    expect(await screen.findByText('Programme « Maternelle » créé.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/programmes')).toEqual([{ name: 'Maternelle' }]);
    expect(screen.queryByRole('dialog', { name: 'Nouveau programme' })).toBeNull();
    const maternelle = await screen.findByRole('listitem', { name: 'Maternelle' });
    expect(within(maternelle).getByText('Aucun niveau ajouté')).toBeTruthy();
  });

  it('puts « name already taken » (409) under the name field', async () => {
    storeSession();
    routeFetch(
      programmesRoutes({
        'POST /api/programmes': () =>
          jsonResponse(409, {
            message: ProgrammeMessages.programmeNameTaken,
            code: 'PROGRAMME_NAME_TAKEN',
          }),
      }),
    );
    const { user } = await openProgrammes();
    await user.click(screen.getByRole('button', { name: 'Nouveau programme' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouveau programme' });
    await user.type(within(dialog).getByLabelText('Nom du programme'), 'Collège');
    await user.click(within(dialog).getByRole('button', { name: 'Créer le programme' }));
    expect(await within(dialog).findByText(ProgrammeMessages.programmeNameTaken)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Nom du programme'));
  });

  it('archives a programme in use (the toast says so), then shows and restores it', async () => {
    storeSession();
    const fetchMock = routeFetch(
      programmesRoutes({
        [`DELETE /api/programmes/${COLLEGE.id}`]: () => ({ outcome: 'archived' }),
        [`PATCH /api/programmes/${ARCHIVED.id}`]: () => ({ ...ARCHIVED, archived: false }),
      }),
    );
    const { user } = await openProgrammes();

    await user.click(screen.getByRole('button', { name: 'Archiver le programme Collège' }));
    const dialog = screen.getByRole('dialog', { name: 'Archiver le programme « Collège » ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archiver' }));
    expect(
      await screen.findByText('Programme « Collège » archivé : des inscriptions y font référence.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE', `/api/programmes/${COLLEGE.id}`)).toHaveLength(1);
    // A programme never used is deleted instead: its button says so.
    expect(screen.getByRole('button', { name: 'Supprimer le programme Lycée' })).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Afficher les archivés' }));
    const archived = await screen.findByRole('listitem', { name: 'Cours du soir' });
    expect(within(archived).getByText('Archivé')).toBeTruthy();
    expect(within(archived).queryByRole('button', { name: /Ajouter un niveau/ })).toBeNull();
    await user.click(
      within(archived).getByRole('button', { name: 'Restaurer le programme Cours du soir' }),
    );
    expect(await screen.findByText('Programme « Cours du soir » restauré.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/programmes/${ARCHIVED.id}`)).toEqual([
      { archived: false },
    ]);
    expect(
      callsTo(fetchMock, 'GET', '/api/programmes').some(
        (url) => url.searchParams.get('includeArchived') === 'true',
      ),
    ).toBe(true);
  });

  it('creates a school year and makes another one current after confirmation', async () => {
    storeSession();
    const fetchMock = routeFetch(
      programmesRoutes({
        'POST /api/academic-years': ({ body }) =>
          jsonResponse(201, {
            ...(body as object),
            id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c03',
          }),
        [`PATCH /api/academic-years/${YEAR_PAST.id}`]: () => ({ ...YEAR_PAST, current: true }),
      }),
    );
    const { user } = await openProgrammes();

    await user.click(screen.getByRole('button', { name: 'Nouvelle année scolaire' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle année scolaire' });
    await user.type(within(dialog).getByLabelText('Libellé'), '2027/2028');
    await user.type(within(dialog).getByLabelText('Premier jour'), '2027-10-01');
    await user.type(within(dialog).getByLabelText('Dernier jour'), '2027-09-01');
    await user.click(within(dialog).getByRole('button', { name: 'Créer l’année' }));
    expect(within(dialog).getByText('Libellé attendu : 2026-2027.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/academic-years')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Libellé'));
    await user.type(within(dialog).getByLabelText('Libellé'), '2027-2028');
    await user.click(within(dialog).getByRole('button', { name: 'Créer l’année' }));
    expect(within(dialog).getByText(ProgrammeMessages.yearDates)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Dernier jour'));
    await user.type(within(dialog).getByLabelText('Dernier jour'), '2028-07-31');
    await user.click(within(dialog).getByRole('button', { name: 'Créer l’année' }));
    expect(await screen.findByText('Année scolaire 2027-2028 créée.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/academic-years')).toEqual([
      { label: '2027-2028', startsOn: '2027-10-01', endsOn: '2028-07-31', current: false },
    ]);

    await user.click(
      screen.getByRole('button', { name: 'Définir 2025-2026 comme année en cours' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Passer à l’année 2025-2026 ?' });
    expect(within(confirm).getByText(/au lieu de 2026-2027/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Définir comme année en cours' }));
    expect(await screen.findByText('2025-2026 est maintenant l’année en cours.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/academic-years/${YEAR_PAST.id}`)).toEqual([
      { current: true },
    ]);
  });

  it('shows the lists without any action to a member who may only read programmes', async () => {
    storeSession(withPermissions('read:programmes'));
    const fetchMock = routeFetch(programmesRoutes());
    await openProgrammes();

    await screen.findByRole('listitem', { name: YEAR_CURRENT.label });
    expect(screen.queryByRole('button', { name: 'Nouveau programme' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nouvelle année scolaire' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Ajouter un niveau/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Modifier le niveau/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /comme année en cours/ })).toBeNull();
    // No billing rules without read:settings, and no call for them.
    expect(screen.queryByRole('heading', { name: 'Règles de facturation' })).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/api/billing/settings')).toHaveLength(0);
  });

  it('says when the programmes cannot be loaded, and retries', async () => {
    storeSession();
    let fail = true;
    routeFetch(
      programmesRoutes({
        'GET /api/programmes': () =>
          fail
            ? jsonResponse(500, { message: 'Erreur interne.', code: 'INTERNAL_ERROR' })
            : { items: [LYCEE] },
      }),
    );
    const { user } = await renderApp('/admin/programmes');
    // The query client retries once (after a second) before giving up.
    const alert = await screen.findByText(
      'Impossible de charger les programmes.',
      {},
      { timeout: 4000 },
    );
    fail = false;
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByText('Réessayer'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Lycée' })).toBeTruthy();
  });

  it('speaks English when the reader chose it', async () => {
    storeSession();
    routeFetch(programmesRoutes());
    await changeLanguage('en');
    await renderApp('/admin/programmes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Programmes and courses' }),
    ).toBeTruthy();
    await waitFor(() => expect(within(card('Lycée')).getByText('No level added')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'New programme' })).toBeTruthy();
  });
});
