import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { currentUrl, renderApp } from '../../test/render-app';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import type { Routes } from '../../test/api-routes';
import { storeSession, withPermissions } from '../../test/session';
import { studentsRoutes } from '../students/students-fixtures';
import { admission, admissionsRoutes, ESSI, YAO } from './admissions-fixtures';

const CAPTION = "Demandes d'inscription";
const table = () => screen.getByRole('table', { name: CAPTION });
const rows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (name: string) => {
  const row = rows().find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};
const listCalls = (mock: ReturnType<typeof routeFetch>) =>
  callsTo(mock, 'GET', '/api/admissions').map((url) => url.search);

async function openScreen(
  routes: Routes = admissionsRoutes(),
  url = '/admin/etudiants/inscriptions',
) {
  const fetchMock = routeFetch(routes);
  const view = await renderApp(url);
  await screen.findByRole('table', { name: CAPTION });
  return { ...view, fetchMock };
}

describe('« Demandes d’inscription »', () => {
  it('lists the requests to examine with their details, and the form’s address to share', async () => {
    storeSession();
    const { fetchMock } = await openScreen();

    expect(screen.getByRole('heading', { level: 1, name: "Demandes d'inscription" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour aux étudiants' }).getAttribute('href')).toBe(
      '/admin/etudiants',
    );
    const address = screen.getByLabelText('Adresse du formulaire') as HTMLInputElement;
    expect(address.value).toBe(`${window.location.origin}/inscription/college-les-flamboyants`);
    expect(address.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Ouvrir le formulaire' }).getAttribute('href')).toBe(
      address.value,
    );

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Nom', 'Programme / niveau', 'Téléphone', 'E-mail', 'Statut', 'Action']);
    expect(rows()).toHaveLength(2);
    const essi = rowOf('Essi Lawson');
    expect(within(essi).getByText('Matricule STU-021')).toBeTruthy();
    expect(within(essi).getByText('Master Droit · M1')).toBeTruthy();
    expect(within(essi).getByRole('link', { name: '+228 90 12 34 56' }).getAttribute('href')).toBe(
      'tel:+22890123456',
    );
    expect(within(essi).getByRole('link', { name: 'essi@exemple.tg' })).toBeTruthy();
    expect(within(essi).getByText('À examiner')).toBeTruthy();
    expect(
      within(essi).getByRole('button', { name: 'Accepter la demande d’Essi Lawson' }),
    ).toBeTruthy();
    expect(
      within(essi).getByRole('button', { name: 'Refuser la demande d’Essi Lawson' }),
    ).toBeTruthy();
    expect(screen.queryByText('Kafui Ameko')).toBeNull();
    expect(listCalls(fetchMock)).toEqual(['?status=submitted&page=1&pageSize=10']);
    expect(screen.getByRole('button', { name: 'À examiner' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows the campaign that brought a request and its « Code promo », held or applied', async () => {
    storeSession();
    await openScreen(
      admissionsRoutes([
        admission(5, {
          fullName: 'Akosua Mensah',
          campaignName: 'Rentrée 2026 — Facebook',
          coupon: { code: 'RENTREE-2026', status: 'reserved', discount: 0 },
        }),
        admission(6, {
          fullName: 'Kofi Boateng',
          coupon: { code: 'BIENVENUE', status: 'applied', discount: 10_000 },
        }),
        admission(7, {
          fullName: 'Efua Owusu',
          coupon: { code: 'PERIME', status: 'released', discount: 0 },
        }),
      ]),
    );
    const akosua = rowOf('Akosua Mensah');
    expect(within(akosua).getByText('Campagne : Rentrée 2026 — Facebook')).toBeTruthy();
    expect(within(akosua).getByText('Code promo RENTREE-2026 (réservé)')).toBeTruthy();
    expect(
      within(rowOf('Kofi Boateng')).getByText(/^Code promo BIENVENUE : −10\s000\sFCFA$/),
    ).toBeTruthy();
    expect(within(rowOf('Kofi Boateng')).queryByText(/^Campagne/)).toBeNull();
    expect(within(rowOf('Efua Owusu')).getByText('Code promo PERIME (non appliqué)')).toBeTruthy();
  });

  it('copies the form’s address', async () => {
    storeSession();
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: "Copier l'adresse" }));
    expect(await screen.findByText('Adresse du formulaire copiée.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/inscription/college-les-flamboyants`,
    );
  });

  it('accepts after confirmation, then says how many invoices were issued', async () => {
    storeSession();
    const { user, fetchMock } = await openScreen();
    await user.click(
      within(rowOf('Essi Lawson')).getByRole('button', {
        name: 'Accepter la demande d’Essi Lawson',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Accepter la demande d’Essi Lawson ?' });
    expect(dialog.textContent).toContain(
      "Essi Lawson devient étudiant actif en Master Droit, M1, pour l'année en cours.",
    );
    // Focus starts on Annuler: an Enter out of habit accepts nothing.
    expect(document.activeElement?.textContent).toBe('Annuler');
    expect(callsTo(fetchMock, 'POST', `/api/admissions/${ESSI.id}/accept`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accepter et inscrire' }));
    expect(
      await screen.findByText(
        'Essi Lawson est inscrit : 11 factures émises, lien de paiement envoyé.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `/api/admissions/${ESSI.id}/accept`)).toHaveLength(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server’s refusal when a request was already decided', async () => {
    storeSession();
    const routes = admissionsRoutes();
    routes[`POST /api/admissions/${YAO.id}/accept`] = () =>
      jsonResponse(409, { message: 'Cette demande a déjà été traitée.', code: 'CONFLICT' });
    const { user } = await openScreen(routes);
    await user.click(screen.getByRole('button', { name: 'Accepter la demande de Yao Dossou' }));
    await user.click(screen.getByRole('button', { name: 'Accepter et inscrire' }));
    expect(await screen.findByText('Cette demande a déjà été traitée.')).toBeTruthy();
  });

  it('refuses with a required reason, sent to the server', async () => {
    storeSession();
    const { user, fetchMock } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Refuser la demande de Yao Dossou' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuser la demande de Yao Dossou' });
    expect(dialog.textContent).toContain('Le motif est envoyé au candidat par SMS et par e-mail.');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Motif du refus' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Indiquez un motif (3 caractères au moins).')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `/api/admissions/${YAO.id}/refuse`)).toHaveLength(0);

    await user.type(reason, 'Plus de place en L1');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser la demande' }));
    expect(
      await screen.findByText('Demande de Yao Dossou refusée ; le candidat est prévenu.'),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/admissions/${YAO.id}/refuse`)).toEqual([
      { reason: 'Plus de place en L1' },
    ]);
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('shows decided requests by status, kept in the address, with who decided and why', async () => {
    storeSession();
    const { user, fetchMock } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Refusée' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/etudiants/inscriptions?statut=refusees'));
    await waitFor(() => expect(rowOf('Kafui Ameko')).toBeTruthy());
    const kafui = rowOf('Kafui Ameko');
    expect(within(kafui).getByText('Refusée', { selector: 'span' })).toBeTruthy();
    expect(within(kafui).getByText('Motif : Dossier incomplet')).toBeTruthy();
    expect(within(kafui).getByText(/^Par Ama Mensah, le /)).toBeTruthy();
    expect(within(kafui).queryByRole('button')).toBeNull();
    expect(listCalls(fetchMock).at(-1)).toBe('?status=refused&page=1&pageSize=10');
  });

  it('pages through many requests with the page in the address', async () => {
    storeSession();
    const many = Array.from({ length: 12 }, (_, index) => admission(index + 10));
    const { user, fetchMock } = await openScreen(admissionsRoutes(many));
    expect(rows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/etudiants/inscriptions?page=2'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(listCalls(fetchMock).at(-1)).toBe('?status=submitted&page=2&pageSize=10');
  });

  it('lets a reader see the requests but not decide', async () => {
    storeSession(withPermissions('read:students'));
    await openScreen();
    expect(rows()).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Accepter/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Refuser/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).toBeNull();
  });

  it('speaks English too', async () => {
    storeSession();
    await openScreen();
    await changeLanguage('en');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registration requests' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: "Accept Essi Lawson's request" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'To review' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});

describe('the students page', () => {
  it('leads to the requests with how many wait', async () => {
    storeSession();
    routeFetch({ ...studentsRoutes(), ...admissionsRoutes() });
    await renderApp('/admin/etudiants');
    const link = await screen.findByRole('link', {
      name: "Demandes d'inscription : 2 à examiner",
    });
    expect(link.getAttribute('href')).toBe('/admin/etudiants/inscriptions');
    expect(link.textContent).toBe("Demandes d'inscription (2)");
  });
});
