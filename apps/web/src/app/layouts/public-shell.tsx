import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPublicShellHidden } from './shell-visibility';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, useScrollOnNavigate } from './use-scroll-on-navigate';

/** Layout of the public website: skip link, top bar, page, footer (spec §2 "Public shell"). */
export function PublicShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hidden = isPublicShellHidden(pathname);
  useScrollOnNavigate();

  return (
    <div className="flex min-h-dvh flex-col">
      {hidden ? null : (
        <>
          <a
            href={`#${MAIN_CONTENT_ID}`}
            className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
          >
            {t('skipLink')}
          </a>
          <SiteHeader />
        </>
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      {hidden ? null : <SiteFooter />}
    </div>
  );
}
