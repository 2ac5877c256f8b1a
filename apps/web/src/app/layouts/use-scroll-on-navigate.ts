import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const MAIN_CONTENT_ID = 'contenu';

/**
 * After a client-side navigation: scroll to the `#section` of the URL if there is one, else to the
 * top, and move focus to the main content on a page change so screen readers start there. The
 * first render is left alone: the browser has already placed the reader.
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash, key } = useLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    const pathChanged = previousPath.current !== null && previousPath.current !== pathname;
    const firstRender = previousPath.current === null;
    previousPath.current = pathname;
    if (firstRender) return;

    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView?.();
    } else if (pathChanged) {
      window.scrollTo?.(0, 0);
    }
    if (pathChanged && !target) {
      document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    }
  }, [pathname, hash, key]);
}
