import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Check,
  ChevronDown,
  LoaderCircle,
  LogOut,
  School,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { notify } from '../../components/ui/toaster';
import { ApiClientError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { useLogout, useSwitchSchool } from '../../features/auth/auth.api';
import type { Session } from '../../features/auth/session-store';
import { MemberAvatar } from './member-avatar';
import { TopBarPopover } from './top-bar-popover';
import { moveFocusWithArrows, usePopover } from './use-popover';
import { ThemeChoice } from '../theme/theme-choice';
import type { AdminTheme } from '../theme/admin-theme';

const item =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-800 disabled:cursor-wait disabled:opacity-70';

/**
 * The avatar menu of the top bar: who is signed in and where, « Mon profil », the member's other
 * schools (choosing one switches the session to it), « Se déconnecter ». A disclosure: the button
 * says whether it is open, focus goes to the first item, arrow keys move between items, Escape
 * and the backdrop close it.
 */
export function AccountMenu({ session, theme }: { session: Session; theme?: AdminTheme }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const popover = usePopover();
  const { open, close, panelRef } = popover;
  const schoolsId = useId();
  const switchSchool = useSwitchSchool();
  const logout = useLogout();
  const [target, setTarget] = useState<string | null>(null);
  const { user, organization, role, memberships } = session;

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [open, panelRef]);

  async function chooseSchool(organizationId: string, name: string) {
    if (organizationId === organization.id) {
      close();
      return;
    }
    setTarget(organizationId);
    try {
      await switchSchool.mutateAsync(organizationId);
    } catch (error) {
      // A refused refresh ends the session: the guard takes the reader to the login page.
      if (!(error instanceof ApiClientError && error.status === 401)) {
        const failed = t('admin.account.switchFailed');
        // The refusal's code in the reader's language (the server's sentence for French).
        notify.error(error instanceof ApiClientError ? errorMessage(error, t, failed) : failed);
      }
      return;
    } finally {
      setTarget(null);
    }
    close(false);
    notify.success(t('admin.account.switched', { school: name }));
    // The new school's role may not open the current page.
    void navigate('/admin');
  }

  async function logOut() {
    close(false);
    await logout.mutateAsync();
    notify.success(t('auth.session.loggedOut'));
    void navigate('/login', { replace: true });
  }

  return (
    <TopBarPopover
      popover={popover}
      buttonClassName="inline-flex min-h-11 items-center gap-1 rounded-full p-1 text-slate-700 hover:bg-slate-100 sm:pr-2"
      button={
        <>
          <MemberAvatar name={user.name} avatarUrl={user.avatarUrl} />
          <ChevronDown aria-hidden="true" className="hidden size-4 sm:block" />
          <span className="sr-only">
            {t('admin.account.button')} ({user.name})
          </span>
        </>
      }
      backdropTestId="account-backdrop"
      panelClassName="max-h-[calc(100dvh-5rem)] overflow-y-auto p-2"
      panelProps={{ onKeyDown: moveFocusWithArrows }}
    >
      <div className="flex items-center gap-3 px-3 py-3">
        <MemberAvatar name={user.name} avatarUrl={user.avatarUrl} className="size-11 text-base" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{user.name}</p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
          <p className="truncate text-xs text-slate-600">
            {t('admin.account.role', { role: role.name, school: organization.name })}
          </p>
        </div>
      </div>
      <ul className="border-t border-slate-200 pt-2">
        <li>
          <Link to="/admin/profiles" onClick={() => close(false)} className={item}>
            <UserRound aria-hidden="true" className="size-4 text-slate-500" />
            {t('admin.account.profile')}
          </Link>
        </li>
        {session.platformRole === 'operator' ? (
          <li>
            <Link to="/operateur" onClick={() => close(false)} className={item}>
              <ShieldCheck aria-hidden="true" className="size-4 text-slate-500" />
              {t('admin.account.operatorConsole')}
            </Link>
          </li>
        ) : null}
      </ul>
      {theme ? <ThemeChoice organizationId={organization.id} look={theme} /> : null}
      {memberships.length > 1 ? (
        <div className="mt-2 border-t border-slate-200 pt-2">
          <h2 id={schoolsId} className="px-3 py-1 text-xs font-semibold text-slate-600 uppercase">
            {t('admin.account.schools')}
          </h2>
          <ul aria-labelledby={schoolsId}>
            {memberships.map((membership) => {
              const current = membership.organizationId === organization.id;
              const pending = target === membership.organizationId;
              return (
                <li key={membership.organizationId}>
                  <button
                    type="button"
                    aria-current={current ? 'true' : undefined}
                    disabled={switchSchool.isPending}
                    onClick={() =>
                      void chooseSchool(membership.organizationId, membership.organizationName)
                    }
                    className={item}
                  >
                    {pending ? (
                      <LoaderCircle
                        aria-hidden="true"
                        className="size-4 animate-spin text-slate-500"
                      />
                    ) : (
                      <School aria-hidden="true" className="size-4 text-slate-500" />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">
                        {membership.organizationName}
                      </span>
                      <span className="block truncate text-xs text-slate-600">
                        {membership.roleName}
                      </span>
                    </span>
                    {current ? (
                      <>
                        <Check aria-hidden="true" className="size-4 text-brand-700" />
                        <span className="sr-only">{t('admin.account.current')}</span>
                      </>
                    ) : null}
                    {pending ? (
                      <span className="sr-only">{t('admin.account.switching')}</span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <div className="mt-2 border-t border-slate-200 pt-2">
        <button
          type="button"
          onClick={() => void logOut()}
          disabled={logout.isPending}
          className={item}
        >
          <LogOut aria-hidden="true" className="size-4 text-slate-500" />
          {t('admin.account.logout')}
        </button>
      </div>
    </TopBarPopover>
  );
}
