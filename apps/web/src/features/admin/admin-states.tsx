import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Compass, Construction, ShieldX } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { mayOpenSection } from '../../app/admin-sections';
import type { AdminSection } from '../../app/admin-sections';
import { ButtonLink } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../auth/session-store';

function AdminState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center sm:py-16">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-extrabold tracking-tight text-brand-950">{title}</h1>
      <p className="mt-3 max-w-xl text-slate-700">{children}</p>
      <ButtonLink to="/admin" variant="secondary" className="mt-8">
        {t('admin.states.backHome')}
      </ButtonLink>
    </div>
  );
}

/**
 * A page of the route table (spec §2): `page` when it is built, else a « not available yet »
 * notice; « Accès refusé » when the member's role may not open it (the server refuses its data
 * with 403 all the same).
 */
export function AdminSectionPage({
  section,
  page: Page,
}: {
  section: AdminSection;
  page?: ComponentType | undefined;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const title = t(`admin.sections.${section.key}`);
  if (!mayOpenSection(section, session?.permissions ?? [])) {
    return (
      <AdminState icon={ShieldX} title={t('admin.states.forbiddenTitle')}>
        {t('admin.states.forbidden', { role: session?.role.name ?? '', page: title })}
      </AdminState>
    );
  }
  if (Page) return <Page />;
  return (
    <AdminState icon={Construction} title={title}>
      {t('admin.states.unavailable')}
    </AdminState>
  );
}

/** An /admin/… address that is not in the route table. */
export function AdminNotFoundPage() {
  const { t } = useTranslation();
  return (
    <AdminState icon={Compass} title={t('admin.states.notFoundTitle')}>
      {t('admin.states.notFound')}
    </AdminState>
  );
}
