import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, firstName, useSession } from '../auth/session-store';

// The cards and the table bring the payments' strings, badges and table: a chunk of their own,
// so the admin area (every other page) does not carry them.
const DashboardPanels = lazy(async () => {
  const module = await import('../dashboard/dashboard-panels');
  return { default: module.DashboardPanels };
});

function PanelsFallback() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-40 items-center justify-center">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
      />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}

/**
 * « Tableau de bord » (/admin, spec §2): the greeting in the member's school, then what their
 * role may see: the four figures of the day (read:statistics) and the recent payments
 * (read:payments). Others see the greeting alone.
 */
export function AdminHomePage() {
  const { t } = useTranslation();
  const session = useSession();
  useDocumentTitle(t('admin.sections.dashboard'));
  // A session whose token had already expired on arrival is being renewed by the guard: the
  // figures wait for the new token rather than asking with a dead one (or none, if refused).
  const [openedAt] = useState(Date.now);
  if (!session) return null;
  const renewing = session.expiresAt !== undefined && session.expiresAt <= openedAt;
  const showFigures = !renewing && can('read:statistics', session);
  const showPayments = !renewing && can('read:payments', session);

  return (
    <div className="space-y-8">
      <section aria-labelledby="accueil-titre">
        <h1
          id="accueil-titre"
          className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl"
        >
          {t('admin.home.greeting', { name: firstName(session.user.name) })}
        </h1>
        <p className="mt-2 text-base text-slate-700">
          {t('admin.home.school', { school: session.organization.name })}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {t('admin.home.role', { role: session.role.name })}
        </p>
      </section>
      {showFigures || showPayments ? (
        <Suspense fallback={<PanelsFallback />}>
          <DashboardPanels showFigures={showFigures} showPayments={showPayments} />
        </Suspense>
      ) : null}
    </div>
  );
}
