import { lazy, Suspense } from 'react';
import type { ComponentType, JSX } from 'react';
import { useTranslation } from 'react-i18next';

function PageFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

export interface LazyPage {
  (): JSX.Element;
  /** Loads the page's chunk; once done, the page renders synchronously (no fallback). */
  preload(): Promise<void>;
}

/**
 * A code-split page. Rendered after `preload()` (first render of the app, prerender, hydration)
 * it appears in the same commit as the shell: no spinner, no layout shift, and the same markup
 * on the server and the client. Reached by client-side navigation it suspends with a spinner.
 */
export function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;

  function preload(): Promise<void> {
    loading ??= load().then(
      (module) => {
        Loaded = pick(module);
      },
      (error: unknown) => {
        loading = undefined; // a later navigation tries again
        throw error;
      },
    );
    return loading;
  }

  const Suspended = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });

  function Page() {
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<PageFallback />}>
        <Suspended />
      </Suspense>
    );
  }
  return Object.assign(Page, { preload });
}
