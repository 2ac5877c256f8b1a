import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { bodiesSentTo, routeFetch } from '../../test/api-routes';
import type { Routes } from '../../test/api-routes';
import { storeSession } from '../../test/session';
import { brandScale } from './colour';

const BRANDING = {
  name: 'Collège Les Flamboyants',
  brandColor: '#0E7C3A',
  defaultTheme: 'dark',
  logoUrl: '/api/public/schools/college-les-flamboyants/logo?v=ab12',
  memberTheme: null,
  plan: 'croissance',
};

function brandingServer(overrides: Partial<typeof BRANDING> = {}, routes: Routes = {}) {
  const state = { ...BRANDING, ...overrides };
  const fetchMock = routeFetch({
    'GET /api/school/branding': () => ({ ...state }),
    'PUT /api/profile/theme': (request) => {
      state.memberTheme = (request.body as { theme: null }).theme;
      return new Response(null, { status: 204 });
    },
    ...routes,
  });
  return { state, fetchMock };
}

/** The admin area's root: the element that carries the theme. */
const areaRoot = () => document.querySelector<HTMLElement>('[data-theme]');

describe('the school’s look in the back office', () => {
  it('draws the school’s colour as the brand scale, its theme and its logo', async () => {
    storeSession();
    brandingServer();
    await renderApp('/admin');
    await waitFor(() =>
      expect(areaRoot()?.style.getPropertyValue('--color-brand-600')).toBe('#0E7C3A'),
    );
    const root = areaRoot();
    expect(root?.dataset.theme).toBe('dark');
    // The light steps become dark tints in the dark theme; brand text gets a light tint.
    expect(root?.style.getPropertyValue('--color-brand-50')).toBe(brandScale('#0E7C3A')[950]);
    expect(root?.style.getPropertyValue('--brand-text-dark')).not.toBe('');
    const nav = screen.getByRole('navigation', { name: "Navigation de l'espace école" });
    const sidebar = nav.closest('aside') as HTMLElement;
    const logo = sidebar.querySelector('img');
    expect(logo?.getAttribute('src')).toBe(BRANDING.logoUrl);
  });

  it('follows the school’s light default and keeps the product’s mark without a logo', async () => {
    storeSession();
    brandingServer({ defaultTheme: 'light', logoUrl: null as unknown as string });
    await renderApp('/admin');
    await waitFor(() => expect(areaRoot()?.dataset.theme).toBe('light'));
    expect(areaRoot()?.style.getPropertyValue('--color-brand-50')).toBe(brandScale('#0E7C3A')[50]);
    const sidebar = screen
      .getByRole('navigation', { name: "Navigation de l'espace école" })
      .closest('aside') as HTMLElement;
    expect(sidebar.querySelector('img')).toBeNull();
    expect(sidebar.querySelector('svg')).not.toBeNull();
  });

  it('lets the member choose their own theme from the account menu', async () => {
    storeSession();
    const { fetchMock } = brandingServer();
    const { user } = await renderApp('/admin');
    await waitFor(() => expect(areaRoot()?.dataset.theme).toBe('dark'));
    await user.click(screen.getByRole('button', { name: 'Menu du compte (Ama Mensah)' }));
    const group = screen.getByRole('list', { name: 'Thème' });
    const school = within(group).getByRole('button', { name: "Celui de l'école (Sombre)" });
    await waitFor(() => expect(school.getAttribute('aria-pressed')).toBe('true'));

    await user.click(within(group).getByRole('button', { name: 'Clair' }));
    await waitFor(() => expect(areaRoot()?.dataset.theme).toBe('light'));
    expect(bodiesSentTo(fetchMock, 'PUT', '/api/profile/theme')).toEqual([{ theme: 'light' }]);
    expect(within(group).getByRole('button', { name: 'Clair' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await user.click(within(group).getByRole('button', { name: "Celui de l'école (Sombre)" }));
    await waitFor(() => expect(areaRoot()?.dataset.theme).toBe('dark'));
    expect(bodiesSentTo(fetchMock, 'PUT', '/api/profile/theme')).toEqual([
      { theme: 'light' },
      { theme: null },
    ]);
  });

  it('leaves the public site out of the theme', async () => {
    brandingServer();
    await renderApp('/');
    expect(areaRoot()).toBeNull();
  });
});
