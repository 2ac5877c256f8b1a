import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Providers } from './providers';
import { AppRoutes } from './router';

/** Calls `onReady` once the tree has committed (after hydration, when hydrating). */
function ReadySignal({ onReady }: { onReady: (() => void) | undefined }) {
  useEffect(() => {
    onReady?.();
  }, [onReady]);
  return null;
}

/** The whole app below the router: the caller picks BrowserRouter, MemoryRouter or StaticRouter. */
export function App({ onReady, queryClient }: { onReady?: () => void; queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <AppRoutes />
      <ReadySignal onReady={onReady} />
    </Providers>
  );
}
