import { useEffect } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import type { InitialEntry } from 'react-router';
import { App } from '../app/app';
import { createQueryClient } from '../app/providers';
import { preloadPage } from '../app/router';

let lastUrl = '';

/** Records where the router is, for `currentUrl()`. */
function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    lastUrl = `${pathname}${search}${hash}`;
  }, [pathname, search, hash]);
  return null;
}

/** The path, query and hash the app shows now (in the last `renderApp`). */
export function currentUrl(): string {
  return lastUrl;
}

/**
 * Renders the whole app (providers, shell, routes, toasts) at `entry` (a path, or a location
 * with router state), like a first visit.
 */
export async function renderApp(entry: InitialEntry = '/', options: { user?: UserEvent } = {}) {
  const pathname = typeof entry === 'string' ? entry.split(/[?#]/)[0] : (entry.pathname ?? '/');
  await preloadPage(pathname || '/');
  const user = options.user ?? userEvent.setup();
  lastUrl = '';
  const view = render(
    <MemoryRouter initialEntries={[entry]}>
      <App queryClient={createQueryClient()} />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { user, ...view };
}
