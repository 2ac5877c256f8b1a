import './styles.css';
import { pageModuleFor, pageModules } from './app/page-modules';
import { readStoredLanguage } from './i18n/language';

/**
 * Entry script, kept tiny on purpose. At build time the landing page is prerendered into
 * index.html (French), so a visitor on `/` reads and scrolls it with no JavaScript at all; the
 * app (React, router, i18next, TanStack Query…) is fetched and hydrates at the visitor's first
 * sign of intent (pointer, touch, key, focus, scroll). A click on a button or a form submission
 * made while it loads is held and replayed once the page is live; links work natively all along.
 * Any other route, or a reader who chose English, gets a normal client render straight away.
 */

const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'scroll',
  'wheel',
] as const;

type Replay = () => void;

/** Starts fetching the current page's chunk alongside the app bundle instead of after it. */
function fetchCurrentPage(): void {
  pageModules[pageModuleFor(window.location.pathname)]().catch(() => undefined);
}

function hydrateOnIntent(container: HTMLElement): void {
  const replays: Replay[] = [];
  let loading = false;

  function onClick(event: MouseEvent) {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !container.contains(button)) return;
    if (button.type === 'submit' && button.form) return; // its submit event is held instead
    event.preventDefault();
    event.stopPropagation(); // React must not also replay it while hydrating
    replays.push(() => button.click());
    start();
  }

  function onSubmit(event: SubmitEvent) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !container.contains(form)) return;
    event.preventDefault();
    event.stopPropagation();
    const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
    replays.push(() => (submitter ? form.requestSubmit(submitter) : form.requestSubmit()));
    start();
  }

  function watchIntent(on: boolean) {
    for (const type of INTENT_EVENTS) {
      if (on) window.addEventListener(type, start, { capture: true, passive: true });
      else window.removeEventListener(type, start, { capture: true });
    }
  }

  function holdActions(on: boolean) {
    if (on) {
      document.addEventListener('click', onClick, true);
      document.addEventListener('submit', onSubmit, true);
    } else {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
    }
  }

  function start() {
    if (loading) return;
    loading = true;
    watchIntent(false);
    fetchCurrentPage();
    import('./main')
      .then(({ hydrateApp }) => hydrateApp(container))
      .then(
        () => {
          holdActions(false);
          for (const replay of replays.splice(0)) replay();
        },
        (error: unknown) => {
          // Offline or a failed chunk: try again at the next interaction.
          console.error(error);
          loading = false;
          watchIntent(true);
        },
      );
  }

  holdActions(true);
  watchIntent(true);
}

function renderNow(container: HTMLElement): void {
  container.replaceChildren();
  document.documentElement.removeAttribute('data-boot');
  const language = readStoredLanguage();
  fetchCurrentPage();
  import('./main')
    .then(({ renderApp }) => renderApp(container, language))
    .catch((error: unknown) => console.error(error));
}

const container = document.getElementById('root');
if (container) {
  const prerendered = container.dataset.prerendered === window.location.pathname;
  if (prerendered && readStoredLanguage() === 'fr') hydrateOnIntent(container);
  else renderNow(container);
}
