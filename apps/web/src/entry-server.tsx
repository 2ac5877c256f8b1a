import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { preloadPage } from './app/router';

export { appRoutePatterns } from './app/route-patterns';

/**
 * Build-time prerender (see `scripts/prerender-plugin.ts`): the HTML of a route in French, the
 * default language, with the same tree `hydrateApp` in `main.tsx` hydrates.
 */
export async function render(url: string): Promise<string> {
  await preloadPage(url);
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
