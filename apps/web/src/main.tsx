import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { HydrationOptions } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { applyLanguage } from './i18n';
import type { Language } from './i18n/language';

/**
 * The client app. `src/boot.ts` imports this module and calls one of the two functions below;
 * nothing runs on import. Both load the current page's chunk first, so the first commit already
 * contains it.
 */

/**
 * Takes over the prerendered landing page; resolves once React has hydrated it. A mismatch
 * with the prerendered HTML goes to `onRecoverableError` (React reports it globally by default).
 */
export async function hydrateApp(
  container: HTMLElement,
  options: Pick<HydrationOptions, 'onRecoverableError'> = {},
): Promise<void> {
  await preloadPage(window.location.pathname);
  await new Promise<void>((resolve) => {
    hydrateRoot(
      container,
      <StrictMode>
        <BrowserRouter>
          <App onReady={resolve} />
        </BrowserRouter>
      </StrictMode>,
      options,
    );
  });
}

/** Renders from scratch (any route other than the prerendered one, or English). */
export async function renderApp(container: HTMLElement, language: Language): Promise<void> {
  await Promise.all([applyLanguage(language), preloadPage(window.location.pathname)]);
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser: no long task on slow phones.
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}
