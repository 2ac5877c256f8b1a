import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { applyLanguage } from './i18n';
import type { Language } from './i18n/language';

/**
 * The client app. `src/boot.ts` imports this module and calls one of the two functions below;
 * nothing runs on import.
 */

/** Takes over the prerendered landing page; resolves once React has hydrated it. */
export function hydrateApp(container: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      container,
      <StrictMode>
        <BrowserRouter>
          <App onReady={resolve} />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}

/** Renders from scratch (any route other than the prerendered one, or English). */
export async function renderApp(container: HTMLElement, language: Language): Promise<void> {
  await applyLanguage(language);
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}
