import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button';
import { notify } from '../../components/ui/toaster';
import { LanguageSwitcher } from '../../app/layouts/language-switcher';
import { LogoMark } from '../../app/layouts/logo';
import { useLogout } from '../auth/auth.api';
import type { Session } from '../auth/session-store';
import { OPERATOR_ROOT, operatorPaths } from './operator-paths';

const MAIN_ID = 'contenu-operateur';

const tabs = [
  // « Écoles » is also the tab of a school's page.
  {
    to: operatorPaths.schools,
    key: 'schools',
    matches: (path: string) =>
      path === OPERATOR_ROOT || path.startsWith(`${OPERATOR_ROOT}/ecoles/`),
  },
  {
    to: operatorPaths.messages,
    key: 'messages',
    matches: (path: string) => path === operatorPaths.messages,
  },
  {
    to: operatorPaths.subscribers,
    key: 'subscribers',
    matches: (path: string) => path === operatorPaths.subscribers,
  },
  { to: operatorPaths.fees, key: 'fees', matches: (path: string) => path === operatorPaths.fees },
] as const;

/**
 * The console's own frame: Écolage's mark, the sections as tabs (links: each has its address),
 * who is signed in, the language, a way back to their school when they have one, and log out.
 */
export function OperatorLayout({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const path = useLocation().pathname.replace(/\/+$/, '').toLowerCase() || '/';

  async function logOut() {
    await logout.mutateAsync();
    notify.success(t('auth.session.loggedOut'));
    void navigate('/login', { replace: true });
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-[60] rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('admin.skipLink')}
      </a>
      <header className="border-b border-slate-800 bg-slate-900 text-white">
        <div className="mx-auto flex max-w-[1296px] flex-wrap items-center gap-3 px-4 py-3 sm:px-6 lg:px-8">
          <Link
            to={operatorPaths.schools}
            className="inline-flex min-h-11 items-center gap-2 font-bold tracking-tight"
          >
            <LogoMark className="size-8" />
            <span>{t('operator.brand')}</span>
          </Link>
          <div className="ml-auto flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-300">
              {t('operator.account.signedInAs', { name: session.user.name })}
            </span>
            <LanguageSwitcher />
            {session.operatorOnly ? null : (
              <ButtonLink to="/admin" variant="inverse" size="sm">
                {t('operator.account.schoolSpace')}
              </ButtonLink>
            )}
            <Button
              variant="inverse"
              size="sm"
              onClick={() => void logOut()}
              disabled={logout.isPending}
            >
              <LogOut aria-hidden="true" className="size-4" />
              {t('operator.account.logout')}
            </Button>
          </div>
        </div>
        <nav
          aria-label={t('operator.nav.label')}
          className="mx-auto max-w-[1296px] overflow-x-auto px-4 sm:px-6 lg:px-8"
        >
          <ul className="flex gap-1">
            {tabs.map((tab) => (
              <li key={tab.key}>
                <Link
                  to={tab.to}
                  aria-current={tab.matches(path) ? 'page' : undefined}
                  className="inline-flex min-h-11 items-center border-b-4 border-transparent px-3 text-sm font-semibold whitespace-nowrap text-slate-300 hover:text-white aria-[current=page]:border-brand-400 aria-[current=page]:text-white"
                >
                  {t(`operator.nav.${tab.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto max-w-[1296px] px-4 py-6 focus:outline-none sm:px-6 sm:py-8 lg:px-8"
      >
        <Outlet />
      </main>
    </div>
  );
}

/** A signed-in person without the operator role: the console is not theirs. */
export function OperatorDenied({ session }: { session: Session }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-6 py-12">
      <h1 className="text-2xl font-extrabold text-brand-950">{t('operator.denied.title')}</h1>
      <p className="text-slate-700">{t('operator.denied.body')}</p>
      <p>
        <ButtonLink to={session.operatorOnly ? '/' : '/admin'}>
          {t('operator.denied.back')}
        </ButtonLink>
      </p>
    </main>
  );
}
