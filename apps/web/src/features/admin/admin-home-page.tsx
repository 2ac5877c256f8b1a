import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { firstName, useSession } from '../auth/session-store';

/**
 * Home of the admin area (spec §2 "Admin dashboard"): greets the member in their school. The
 * dashboard's figures come from the analytics issue; until then nothing is shown rather than
 * invented numbers.
 */
export function AdminHomePage() {
  const { t } = useTranslation();
  const session = useSession();
  useDocumentTitle(t('admin.sections.dashboard'));
  if (!session) return null;

  return (
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
  );
}
