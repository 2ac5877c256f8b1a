import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { refreshSession } from '../features/auth/auth-client';
import type { LoginState } from '../features/auth/login-page';
import { sessionEndReason, useSession } from '../features/auth/session-store';

/**
 * Guard of the admin area: without a session, the login page, which brings the reader back here
 * afterwards (`/login?next=/admin/…`). Reacts to the session ending while a page is open (logout,
 * refused refresh, logout in another tab). A session whose access token is known to have expired
 * (a tab reopened the next day) is renewed at once, so a revoked one ends now rather than at the
 * first call. After the member deleted their own account, home.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();

  useEffect(() => {
    if (session?.expiresAt !== undefined && session.expiresAt <= Date.now()) {
      refreshSession(session.accessToken).catch(() => undefined); // offline: keep it for now
    }
  }, [session]);

  // A platform operator without a school has no admin area: their console.
  if (session?.operatorOnly) return <Navigate to="/operateur" replace />;
  if (session) return children;
  if (sessionEndReason() === 'deleted') return <Navigate to="/" replace />;
  if (sessionEndReason() === 'logout') return <Navigate to="/login" replace />;
  const next = `${location.pathname}${location.search}${location.hash}`;
  const state: LoginState | undefined =
    sessionEndReason() === 'expired' ? { notice: 'expired' } : undefined;
  return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace state={state} />;
}
