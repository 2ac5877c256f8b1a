import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { App } from '../app/app';
import { createQueryClient } from '../app/providers';
import { preloadPage } from '../app/router';

/** Renders the whole app (providers, shell, routes, toasts) at `path`, like a first visit. */
export async function renderApp(path = '/') {
  await preloadPage(path);
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <App queryClient={createQueryClient()} />
    </MemoryRouter>,
  );
  return { user, ...view };
}
