import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu } from 'lucide-react';
import { useSession } from '../../features/auth/session-store';
import { AccountMenu } from './account-menu';
import { ADMIN_NAV_ID, AdminSidebar } from './admin-sidebar';
import { AdminSearch } from './admin-search';
import { NotificationsMenu } from './notifications-menu';
import { MAIN_CONTENT_ID, useScrollOnNavigate } from './use-scroll-on-navigate';
import { useAdminTheme } from '../theme/admin-theme';

/** Tailwind's `lg`: from there the sidebar is always shown. */
const WIDE_SCREEN = '(min-width: 64rem)';

/**
 * Layout of the admin area (spec §2 "Admin layout"): skip link, sidebar, top bar with the search
 * box, the notifications bell and the avatar menu, then the page. Rendered behind the session
 * guard; the public header and footer are not part of it.
 */
export function AdminShell() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useScrollOnNavigate();
  const look = useAdminTheme(session);

  // A navigation closes the drawer (focus then goes to the new page).
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setNavOpen(false);
  }

  /** Closes the drawer; focus goes back to its toggle once the page is no longer inert. */
  const closeNav = useCallback(() => {
    returnFocus.current = true;
    setNavOpen(false);
  }, []);

  useEffect(() => {
    if (!navOpen) {
      if (returnFocus.current) toggleRef.current?.focus();
      returnFocus.current = false;
      return;
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') closeNav();
    }
    // Widened past 1024 px, the sidebar is no longer a drawer.
    const wide = window.matchMedia(WIDE_SCREEN);
    function onWiden() {
      if (wide.matches) setNavOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    wide.addEventListener('change', onWiden);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWiden);
    };
  }, [navOpen, closeNav]);

  if (!session) return null; // the guard is redirecting

  return (
    <div data-theme={look.theme} style={look.style} className="min-h-dvh bg-slate-50 lg:flex">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-[60] rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('admin.skipLink')}
      </a>
      <AdminSidebar
        permissions={session.permissions}
        schoolName={look.branding?.name ?? session.organization.name}
        logoUrl={look.branding?.logoUrl ?? null}
        open={navOpen}
        onClose={closeNav}
        onNavigate={() => setNavOpen(false)}
      />
      {/* While the drawer is open, the page behind it is out of reach (as behind a dialog). */}
      <div inert={navOpen} className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:gap-4 sm:px-4 lg:px-8">
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={navOpen}
            aria-controls={ADMIN_NAV_ID}
            onClick={() => setNavOpen(true)}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            <Menu aria-hidden="true" className="size-6" />
            <span className="sr-only">{t('admin.nav.open')}</span>
          </button>
          <AdminSearch />
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <NotificationsMenu />
            <AccountMenu session={session} theme={look} />
          </div>
        </header>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-8"
        >
          <div className="mx-auto max-w-[1296px]">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
