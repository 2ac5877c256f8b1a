import { Navigate, Route, Routes, useLocation } from 'react-router';
import { addFrenchStrings } from '../../i18n/add-strings';
import { operator } from '../../i18n/fr/operator';
import { studentDetail } from '../../i18n/fr/student-detail';
import { ui } from '../../i18n/fr/ui';
import { sessionEndReason, useSession } from '../auth/session-store';
import { InboxPage } from './inbox-page';
import { OperatorDenied, OperatorLayout } from './operator-layout';
import { ProviderFeesPage } from './provider-fees-page';
import { SchoolPage } from './school-page';
import { SchoolsPage } from './schools-page';

// The console's strings, the shared pieces' (pager, dialogs) and the reason form's.
addFrenchStrings(ui, operator, studentDetail);

/**
 * The platform operator's console, `/operateur/*`: its own chunk and its own layout (not the
 * school's admin shell). Without a session, the login page brings the reader back here; a
 * session without the operator role is told the console is not theirs (the server refuses its
 * calls all the same: OPERATOR_ONLY).
 */
export function OperatorArea() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    if (sessionEndReason() === 'logout') return <Navigate to="/login" replace />;
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (session.platformRole !== 'operator') return <OperatorDenied session={session} />;
  return (
    <Routes>
      <Route element={<OperatorLayout session={session} />}>
        <Route index element={<SchoolsPage />} />
        <Route path="ecoles/:schoolId" element={<SchoolPage />} />
        <Route path="messages" element={<InboxPage kind="contact-messages" />} />
        <Route path="newsletter" element={<InboxPage kind="newsletter-subscribers" />} />
        <Route path="frais" element={<ProviderFeesPage />} />
        <Route path="*" element={<Navigate to="/operateur" replace />} />
      </Route>
    </Routes>
  );
}
