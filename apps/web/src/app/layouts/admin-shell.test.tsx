import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AdminSectionPage } from '../../features/admin/admin-states';
import { ADMIN_SECTIONS } from '../admin-sections';
import { currentUrl, renderApp } from '../../test/render-app';
import { jsonResponse, stubFetch } from '../../test/fetch-mock';
import { routeFetch } from '../../test/api-routes';
import {
  SCHOOL_A,
  SCHOOL_B,
  sessionAnswer,
  storeSession,
  withPermissions,
} from '../../test/session';
import { SESSION_STORAGE_KEY } from '../../features/auth/session-store';

const sidebar = () => screen.getByRole('navigation', { name: "Navigation de l'espace école" });
const linkNames = () =>
  within(sidebar())
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

const TWO_SCHOOLS = [
  {
    organizationId: SCHOOL_A.id,
    organizationName: SCHOOL_A.name,
    organizationSlug: SCHOOL_A.slug,
    roleName: 'Super administration',
  },
  {
    organizationId: SCHOOL_B.id,
    organizationName: SCHOOL_B.name,
    organizationSlug: SCHOOL_B.slug,
    roleName: 'Finance',
  },
];

describe('admin shell: sidebar', () => {
  it('lists every section of the spec for a member allowed everything', async () => {
    storeSession();
    const { user } = await renderApp('/admin/general');
    expect(linkNames()).toEqual([
      ['Tableau de bord', '/admin'],
      ['Étudiants', '/admin/etudiants'],
      ['Paiements', '/admin/paiements'],
      ['Caisse', '/admin/caisse'],
      ['Statistiques', '/admin/statistiques'],
      ['Marketing', '/admin/marketing'],
      ['Automatisations', '/admin/automatisations'],
      ['Général', '/admin/general'],
      ['Utilisateurs', '/admin/utilisateurs'],
      ['Comptabilité', '/admin/comptabilite'],
      ['Programmes', '/admin/programmes'],
      ["Journal d'audit", '/admin/joumal'],
    ]);
    // On one of its pages, the « Paramètres » dropdown is open; it folds and unfolds.
    const settings = within(sidebar()).getByRole('button', { name: 'Paramètres' });
    expect(settings.getAttribute('aria-expanded')).toBe('true');
    await user.click(settings);
    expect(settings.getAttribute('aria-expanded')).toBe('false');
    expect(within(sidebar()).queryByRole('link', { name: 'Général' })).toBeNull();
  });

  it('hides the links the role may not open', async () => {
    storeSession(withPermissions('read:students', 'read:payments', 'read:audit'));
    await renderApp('/admin');
    expect(linkNames()).toEqual([
      ['Tableau de bord', '/admin'],
      ['Étudiants', '/admin/etudiants'],
      ['Paiements', '/admin/paiements'],
    ]);
    const settings = within(sidebar()).getByRole('button', { name: 'Paramètres' });
    expect(settings.getAttribute('aria-expanded')).toBe('false');
  });

  it('drops the « Paramètres » dropdown when none of its pages is allowed', async () => {
    storeSession(withPermissions('read:students'));
    await renderApp('/admin');
    expect(within(sidebar()).queryByRole('button', { name: 'Paramètres' })).toBeNull();
  });

  it('marks the current page; the dashboard link matches /admin exactly', async () => {
    storeSession();
    await renderApp('/admin/etudiants');
    const nav = sidebar();
    expect(within(nav).getByRole('link', { name: 'Étudiants' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(nav).getByRole('link', { name: 'Tableau de bord' }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('opens as a drawer on small screens and closes with Escape', async () => {
    storeSession();
    const { user } = await renderApp('/admin');
    const toggle = screen.getByRole('button', { name: 'Ouvrir la navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBe(
      sidebar().closest('aside'),
    );
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(
      within(sidebar()).getByRole('link', { name: 'Tableau de bord' }),
    );
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('admin shell: pages', () => {
  it('says honestly that a page is not available yet', async () => {
    storeSession();
    // Every section of the route table is built now: the notice is drawn for a section without
    // its page.
    render(
      <MemoryRouter>
        <AdminSectionPage section={ADMIN_SECTIONS.find((one) => one.key === 'marketing')!} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Marketing' })).toBeTruthy();
    expect(screen.getByText("Cette page n'est pas encore disponible.")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Marketing — Écolage'));
  });

  it('refuses a page the role may not open', async () => {
    storeSession(withPermissions('read:students'));
    await renderApp('/admin/marketing');
    expect(screen.getByRole('heading', { level: 1, name: 'Accès refusé' })).toBeTruthy();
    expect(
      screen.getByText(/Votre rôle \(Caissier\) ne permet pas d'ouvrir la page « Marketing »/),
    ).toBeTruthy();
  });

  it('answers an unknown admin address inside the shell', async () => {
    storeSession();
    await renderApp('/admin/inconnue');
    expect(screen.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
    expect(sidebar()).toBeTruthy();
  });
});

describe('admin shell: top bar', () => {
  // The search box: admin-search.test.tsx.
  it('toggles the notifications dropdown; backdrop and Escape close it', async () => {
    storeSession();
    // The bell's items: notifications-menu.test.tsx.
    routeFetch({
      'GET /api/notifications': () => ({ items: [], total: 0, page: 1, pageSize: 10, unread: 0 }),
    });
    const { user } = await renderApp('/admin');
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    await user.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(bell.getAttribute('aria-controls')).toBe(panel.id);
    expect(await within(panel).findByText('Aucune notification')).toBeTruthy();
    expect(document.activeElement).toBe(panel);

    await user.click(bell); // the bell toggles it shut…
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();

    await user.click(bell);
    await user.click(screen.getByTestId('notifications-backdrop')); // …so does the backdrop
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    await user.click(bell);
    await user.keyboard('{Escape}'); // …and Escape, focus back on the bell
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });
});

describe('admin shell: account menu', () => {
  it('shows who is signed in, « Mon profil » and no school list for a single school', async () => {
    storeSession();
    const { user } = await renderApp('/admin');
    const button = screen.getByRole('button', { name: 'Menu du compte (Ama Mensah)' });
    expect(within(button).getByText('AM')).toBeTruthy();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(
      button.getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    expect(within(panel).getByText('Ama Mensah')).toBeTruthy();
    expect(within(panel).getByText('ama@flamboyants.tg')).toBeTruthy();
    expect(within(panel).queryByText('Mes écoles')).toBeNull();
    const profile = within(panel).getByRole('link', { name: 'Mon profil' });
    expect(document.activeElement).toBe(profile);

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(
      within(panel).getByRole('button', { name: 'Se déconnecter' }),
    );

    await user.click(profile);
    await waitFor(() => expect(currentUrl()).toBe('/admin/profiles'));
    // The profile screen is a chunk of its own, loaded on the way.
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the photo when the member has one', async () => {
    storeSession({
      user: {
        id: '3f9d2b7a-1c4e-4a8b-9e6f-2d1c0b9a8e03',
        name: 'Ama Mensah',
        email: 'ama@flamboyants.tg',
        avatarUrl: '/api/avatars/ama.webp',
      },
    });
    await renderApp('/admin');
    const button = screen.getByRole('button', { name: 'Menu du compte (Ama Mensah)' });
    expect(button.querySelector('img')?.getAttribute('src')).toBe('/api/avatars/ama.webp');
  });

  it('switches to another school of the member and replaces the session', async () => {
    storeSession({ accessToken: 'jeton-a', memberships: TWO_SCHOOLS });
    const fetchMock = stubFetch(() =>
      Promise.resolve(
        jsonResponse(
          200,
          sessionAnswer({
            access_token: 'jeton-ecole-b',
            organization: SCHOOL_B,
            role: { id: '5c4b3a29-1807-4f6e-9d5c-4b3a29180706', name: 'Finance' },
            permissions: ['read:students', 'read:payments'],
            memberships: TWO_SCHOOLS,
          }),
        ),
      ),
    );
    const { user } = await renderApp('/admin/marketing');
    await user.click(screen.getByRole('button', { name: 'Menu du compte (Ama Mensah)' }));
    const current = screen.getByRole('button', { name: /Collège Les Flamboyants/ });
    expect(current.getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByRole('button', { name: /Institut Lumière de Kara/ }));

    expect(
      await screen.findByText('Vous êtes maintenant sur Institut Lumière de Kara.'),
    ).toBeTruthy();
    // (The shell also asks for the school's branding: the switch is the one call to its path.)
    const [input, init] =
      fetchMock.mock.calls.find(([called]) => String(called) === '/api/auth/switch-school') ?? [];
    expect(String(input)).toBe('/api/auth/switch-school');
    expect(JSON.parse(String(init?.body))).toEqual({ organizationId: SCHOOL_B.id });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jeton-a');

    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored).toMatchObject({
      accessToken: 'jeton-ecole-b',
      organization: { id: SCHOOL_B.id },
      role: { name: 'Finance' },
      permissions: ['read:students', 'read:payments'],
    });
    await waitFor(() => expect(currentUrl()).toBe('/admin'));
    expect(screen.getByText("Bienvenue dans l'espace d’Institut Lumière de Kara.")).toBeTruthy();
    expect(within(sidebar()).queryByRole('link', { name: 'Statistiques' })).toBeNull();
  });

  it("shows the server's message when the switch is refused", async () => {
    storeSession({ memberships: TWO_SCHOOLS });
    stubFetch(() =>
      Promise.resolve(
        jsonResponse(404, {
          message: 'Aucune école ne correspond à cette demande.',
          code: 'NOT_FOUND',
        }),
      ),
    );
    const { user } = await renderApp('/admin');
    await user.click(screen.getByRole('button', { name: 'Menu du compte (Ama Mensah)' }));
    await user.click(screen.getByRole('button', { name: /Institut Lumière de Kara/ }));
    expect(await screen.findByText('Aucune école ne correspond à cette demande.')).toBeTruthy();
    expect(
      JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').organization.id,
    ).toBe(SCHOOL_A.id);
  });

  it('logs out: calls the server, clears local storage, opens the login page', async () => {
    storeSession({ accessToken: 'jeton-a' });
    const fetchMock = stubFetch(() => Promise.resolve(new Response(null, { status: 204 })));
    const { user } = await renderApp('/admin/marketing');
    await user.click(screen.getByRole('button', { name: 'Menu du compte (Ama Mensah)' }));
    await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/auth/logout');
    expect(await screen.findByText('Vous êtes déconnecté.')).toBeTruthy();
  });

  it('closes with Escape and gives focus back to its button', async () => {
    storeSession();
    const { user } = await renderApp('/admin');
    const button = screen.getByRole('button', { name: 'Menu du compte (Ama Mensah)' });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
