import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const MAIN_CONTENT_ID = 'contenu';

/** How long to wait for a `#section` of a page whose chunk is still loading. */
const HASH_TARGET_TIMEOUT_MS = 5000;

/**
 * After a client-side navigation: scroll to the URL's `#section` once it exists (the page may
 * still be loading), else to the top on a page change, moving focus to the main content so
 * screen readers start there. The first render is left alone: the browser has placed the reader.
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash, key } = useLocation();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    const firstRender = previousPath.current === null;
    const pathChanged = !firstRender && previousPath.current !== pathname;
    previousPath.current = pathname;
    if (firstRender) return;

    if (!hash) {
      if (pathChanged) {
        window.scrollTo?.(0, 0);
        document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
      }
      return;
    }

    const id = decodeURIComponent(hash.slice(1));
    const deadline = performance.now() + HASH_TARGET_TIMEOUT_MS;
    let frame = 0;
    const scrollWhenPresent = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView?.();
      else if (performance.now() < deadline) frame = requestAnimationFrame(scrollWhenPresent);
    };
    scrollWhenPresent();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash, key]);
}
