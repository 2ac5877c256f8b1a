import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import type { Routes } from '../../test/api-routes';
import { currentUrl, renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { AFFICHE, campaign, campaignsRoutes, RENTREE, SMS } from './campaigns-fixtures';

const CAPTION = 'Campagnes de l’école';
const table = () => screen.getByRole('table', { name: CAPTION });
const rowOf = (name: string) => {
  const row = within(table())
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

async function openScreen(routes: Routes = campaignsRoutes(), url = '/admin/marketing') {
  const fetchMock = routeFetch(routes);
  const view = await renderApp(url);
  await screen.findByRole('table', { name: CAPTION });
  return { ...view, fetchMock };
}

describe('« Marketing » › KPI cards', () => {
  it('shows the four figures in French with their change in words, « — » without a base', async () => {
    storeSession();
    const { fetchMock } = await openScreen();
    const cards = screen.getByRole('region', { name: 'Indicateurs des campagnes' });
    await within(cards).findByText('12 480');
    const card = (name: string) => {
      const term = within(cards).getByText(name);
      return (term.parentElement?.textContent ?? '').replace(/\s+/g, ' ');
    };
    expect(card('Portée totale')).toContain('En hausse :+24,8 %');
    expect(card('Portée totale')).toContain('par rapport à la période précédente');
    expect(card('Conversions')).toContain('37');
    expect(card('Conversions')).toContain('En baisse :−7,5 %');
    expect(card('Taux d’engagement')).toContain('61,4 %');
    expect(card('Taux d’engagement')).toContain('Stable');
    expect(card('Dépense totale')).toContain('250 000 FCFA');
    expect(card('Dépense totale')).toContain('—');
    expect(card('Dépense totale')).toContain('Pas de période précédente à comparer');
    expect(within(cards).getByText(/Du 23 oct\. 2026 au 21 nov\. 2026/)).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/marketing/kpis').map((url) => url.search)).toEqual([
      '?jours=30',
    ]);
  });

  it('changes the period in the address and asks the server again', async () => {
    storeSession();
    const { user, fetchMock } = await openScreen();
    await user.selectOptions(screen.getByLabelText('Période'), '90');
    await waitFor(() => expect(currentUrl()).toBe('/admin/marketing?jours=90'));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/marketing/kpis').at(-1)?.search).toBe('?jours=90'),
    );
  });
});

describe('« Marketing » › Campagnes', () => {
  it('lists the campaigns: name, channel, status badge, money, period, conversions, ROI', async () => {
    storeSession();
    const { fetchMock } = await openScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Marketing' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Campagnes' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Nom',
      'Canal',
      'Statut',
      'Budget',
      'Dépense',
      'Période',
      'Conversions',
      'ROI',
      'Action',
    ]);
    const rentree = rowOf(RENTREE.name);
    expect(within(rentree).getByText('Facebook')).toBeTruthy();
    expect(within(rentree).getByText('Actif')).toBeTruthy();
    expect(within(rentree).getByText('150 000 FCFA')).toBeTruthy();
    expect(within(rentree).getByText('60 000 FCFA')).toBeTruthy();
    expect(within(rentree).getByText('1 août → 30 sept. 2026')).toBeTruthy();
    expect(within(rentree).getByText('12')).toBeTruthy();
    expect(within(rentree).getByText('dont 5 inscrits')).toBeTruthy();
    expect(within(rentree).getByText('2,5x')).toBeTruthy();
    const affiche = rowOf(AFFICHE.name);
    expect(within(affiche).getByText('En pause')).toBeTruthy();
    expect(within(affiche).getByText('Affiche / QR')).toBeTruthy();
    expect(within(affiche).getByText('Pas de ROI sans dépense')).toBeTruthy();
    expect(within(rowOf(SMS.name)).getByText('Complète')).toBeTruthy();
    expect(within(rentree).getByRole('link', { name: RENTREE.name }).getAttribute('href')).toBe(
      `/admin/marketing/campagnes/${RENTREE.id}`,
    );
    expect(callsTo(fetchMock, 'GET', '/api/marketing/campaigns').map((url) => url.search)).toEqual([
      '?page=1&pageSize=10&archived=false',
    ]);
  });

  it('keeps search, filters, archived and page in the address and asks the server', async () => {
    storeSession();
    const many = Array.from({ length: 12 }, (_, index) => campaign(index + 10));
    const { user, fetchMock } = await openScreen(campaignsRoutes([...many, AFFICHE]));
    expect(within(table()).getAllByRole('row')).toHaveLength(11);

    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/marketing?page=2'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(4));

    await user.selectOptions(screen.getByLabelText('Statut'), 'paused');
    await waitFor(() => expect(currentUrl()).toBe('/admin/marketing?statut=en-pause'));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', '/api/marketing/campaigns').at(-1)?.search).toBe(
      '?page=1&pageSize=10&archived=false&status=paused',
    );

    await user.selectOptions(screen.getByLabelText('Canal'), 'sms');
    await waitFor(() => expect(currentUrl()).toBe('/admin/marketing?statut=en-pause&canal=sms'));
    expect(await screen.findByText('Aucune campagne ne correspond')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/marketing'));

    await user.type(screen.getByLabelText('Rechercher une campagne'), 'Affiches{Enter}');
    await waitFor(() => expect(currentUrl()).toBe('/admin/marketing?q=Affiches'));
    await user.click(screen.getByLabelText('Afficher les campagnes archivées'));
    await waitFor(() => expect(currentUrl()).toBe('/admin/marketing?q=Affiches&archivees=oui'));
    expect(callsTo(fetchMock, 'GET', '/api/marketing/campaigns').at(-1)?.search).toBe(
      '?page=1&pageSize=10&archived=true&q=Affiches',
    );
  });

  it('reads its state from the address, and a tab change keeps only the period', async () => {
    storeSession();
    const { user, fetchMock } = await openScreen(
      campaignsRoutes(),
      '/admin/marketing?jours=7&statut=actif&canal=facebook',
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Statut').value).toBe('active');
    expect(screen.getByLabelText<HTMLSelectElement>('Canal').value).toBe('facebook');
    expect(callsTo(fetchMock, 'GET', '/api/marketing/campaigns').at(-1)?.search).toBe(
      '?page=1&pageSize=10&archived=false&status=active&channel=facebook',
    );
    await user.click(screen.getByRole('tab', { name: 'Coupons' }));
    await waitFor(() => expect(currentUrl()).toBe('/admin/marketing?onglet=coupons&jours=7'));
    expect(screen.getByRole('tab', { name: 'Coupons' }).getAttribute('aria-selected')).toBe('true');
    // Arrow keys move between the tabs.
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(currentUrl()).toBe('/admin/marketing?onglet=bourses&jours=7'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Bourses' }));
  });

  it('explains an empty school and offers « Nouvelle Campagne »', async () => {
    storeSession();
    routeFetch(campaignsRoutes([]));
    await renderApp('/admin/marketing');
    expect(await screen.findByText('Aucune campagne pour l’instant')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Nouvelle Campagne' })).toHaveLength(2);
  });

  it('hides « Nouvelle Campagne » and the changes from a member who may only read', async () => {
    storeSession(withPermissions('read:marketing'));
    const { user } = await openScreen();
    expect(screen.queryByRole('button', { name: 'Nouvelle Campagne' })).toBeNull();
    await user.click(
      within(rowOf(RENTREE.name)).getByRole('button', { name: `Actions pour « ${RENTREE.name} »` }),
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Voir la campagne',
    ]);
  });
});

describe('« Nouvelle Campagne »', () => {
  it('says what is missing on each field, in French, before sending anything', async () => {
    storeSession();
    const { user, fetchMock } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Nouvelle Campagne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Campagne' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer la campagne' }));

    expect(await within(dialog).findByText('Le nom de la campagne est obligatoire.')).toBeTruthy();
    expect(within(dialog).getByText('Choisissez le canal de la campagne.')).toBeTruthy();
    expect(
      within(dialog).getByText('Indiquez le budget (0 si la campagne ne coûte rien).'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Indiquez le dernier jour de la campagne.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Nom de la campagne/));

    await user.type(within(dialog).getByLabelText(/Nom de la campagne/), 'Rentrée SMS');
    await user.selectOptions(within(dialog).getByLabelText(/Canal/), 'sms');
    await user.type(within(dialog).getByLabelText(/Budget/), '-5000');
    const start = within(dialog).getByLabelText(/Début/);
    await user.clear(start);
    await user.type(start, '2026-09-10');
    await user.type(within(dialog).getByLabelText(/Fin/), '2026-09-01');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la campagne' }));

    expect(await within(dialog).findByText('Le budget ne peut pas être négatif.')).toBeTruthy();
    expect(
      within(dialog).getByText('La date de fin doit être postérieure ou égale à la date de début.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Rédigez le message envoyé aux destinataires.')).toBeTruthy();
    expect(within(dialog).getByText('Choisissez les destinataires de la campagne.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/marketing/campaigns')).toHaveLength(0);
  });

  it('sends an SMS campaign with its audience and {lien}, counts the SMS, opens its page', async () => {
    storeSession();
    const { user, fetchMock } = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Nouvelle Campagne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Campagne' });
    await user.type(within(dialog).getByLabelText(/Nom de la campagne/), 'Rentrée SMS');
    await user.selectOptions(within(dialog).getByLabelText(/Canal/), 'sms');
    await user.type(within(dialog).getByLabelText(/Budget/), '20 000');
    const start = within(dialog).getByLabelText(/Début/);
    await user.clear(start);
    await user.type(start, '2026-09-01');
    await user.type(within(dialog).getByLabelText(/Fin/), '2026-09-30');
    await user.selectOptions(within(dialog).getByLabelText(/Destinataires/), 'guardians');
    await user.type(within(dialog).getByLabelText(/Message/), 'Inscriptions ouvertes : ');
    await user.click(within(dialog).getByRole('button', { name: 'Insérer {lien}' }));
    expect(within(dialog).getByText(/1 SMS/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Créer la campagne' }));

    expect(await screen.findByText('Campagne « Rentrée SMS » créée.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', '/api/marketing/campaigns')).toEqual([
      {
        name: 'Rentrée SMS',
        channel: 'sms',
        budget: 20_000,
        spend: 0,
        startsOn: '2026-09-01',
        endsOn: '2026-09-30',
        destination: 'pre_registration',
        subject: '',
        body: 'Inscriptions ouvertes : {lien}',
        audience: 'guardians',
      },
    ]);
    await waitFor(() => expect(currentUrl()).toBe(`/admin/marketing/campagnes/${campaign(90).id}`));
  });

  it('shows the server’s refusal on its field', async () => {
    storeSession();
    const refusal = {
      message: 'Données invalides.',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'name', message: 'Une campagne de l’école porte déjà ce nom.' }],
    };
    const { user } = await openScreen(campaignsRoutes(undefined, { refuseCreate: refusal }));
    await user.click(screen.getByRole('button', { name: 'Nouvelle Campagne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle Campagne' });
    await user.type(within(dialog).getByLabelText(/Nom de la campagne/), RENTREE.name);
    await user.selectOptions(within(dialog).getByLabelText(/Canal/), 'facebook');
    await user.type(within(dialog).getByLabelText(/Budget/), '150000');
    await user.type(within(dialog).getByLabelText(/Fin/), '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la campagne' }));

    const message = await within(dialog).findByText('Une campagne de l’école porte déjà ce nom.');
    const name = within(dialog).getByLabelText(/Nom de la campagne/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
  });
});

describe('The « Action » menu', () => {
  it('edits in the same dialog, filled', async () => {
    storeSession();
    const { user, fetchMock } = await openScreen();
    await user.click(
      within(rowOf(RENTREE.name)).getByRole('button', { name: `Actions pour « ${RENTREE.name} »` }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la campagne' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Nom de la campagne/).value).toBe(
      RENTREE.name,
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>(/Budget/).value).toBe('150\u202F000');
    const spend = within(dialog).getByLabelText(/Dépense/);
    await user.clear(spend);
    await user.type(spend, '90000');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(`Campagne « ${RENTREE.name} » enregistrée.`)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PUT', `/api/marketing/campaigns/${RENTREE.id}`)).toEqual([
      expect.objectContaining({ spend: 90_000, budget: 150_000, channel: 'facebook' }),
    ]);
  });

  it('pauses from the keyboard, resumes, duplicates and archives after a confirmation', async () => {
    storeSession();
    const { user, fetchMock } = await openScreen();
    const menuButton = within(rowOf(RENTREE.name)).getByRole('button', {
      name: `Actions pour « ${RENTREE.name} »`,
    });
    menuButton.focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Voir la campagne',
      'Modifier',
      'Mettre en pause',
      'Dupliquer',
      'Archiver',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByText(`« ${RENTREE.name} » est en pause.`)).toBeTruthy();
    const actions = `/api/marketing/campaigns/${RENTREE.id}/actions`;
    expect(bodiesSentTo(fetchMock, 'POST', actions)).toEqual([{ action: 'pause' }]);
    await waitFor(() => expect(within(rowOf(RENTREE.name)).getByText('En pause')).toBeTruthy());

    await user.click(
      within(rowOf(AFFICHE.name)).getByRole('button', { name: `Actions pour « ${AFFICHE.name} »` }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Reprendre' }));
    expect(await screen.findByText(`« ${AFFICHE.name} » a repris.`)).toBeTruthy();

    await user.click(
      within(rowOf(RENTREE.name)).getByRole('button', { name: `Actions pour « ${RENTREE.name} »` }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Dupliquer' }));
    expect(await screen.findByText(`Copie créée : « ${RENTREE.name} (copie) ».`)).toBeTruthy();

    await user.click(
      within(rowOf(SMS.name)).getByRole('button', { name: `Actions pour « ${SMS.name} »` }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Archiver' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archiver la campagne ?' });
    expect(bodiesSentTo(fetchMock, 'POST', `/api/marketing/campaigns/${SMS.id}/actions`)).toEqual(
      [],
    );
    await user.click(within(confirm).getByRole('button', { name: 'Archiver' }));
    expect(await screen.findByText(`« ${SMS.name} » est archivée.`)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/marketing/campaigns/${SMS.id}/actions`)).toEqual([
      { action: 'archive' },
    ]);
    await waitFor(() => expect(screen.queryByText(SMS.name)).toBeNull());
  });
});
