import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';

/**
 * Build-time prerender (see `scripts/prerender-plugin.ts`): the HTML of a route in French, the
 * default language, with the same tree `hydrateApp` in `main.tsx` hydrates.
 */
export function render(url: string): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
