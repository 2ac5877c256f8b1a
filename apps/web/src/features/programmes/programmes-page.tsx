import { useTranslation } from 'react-i18next';
import { addFrenchStrings } from '../../i18n/add-strings';
import { programmes } from '../../i18n/fr/programmes';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { AcademicYearsSection } from './academic-years-section';
import { BillingSettingsSection } from './billing-settings-section';
import { ProgrammesSection } from './programmes-section';

addFrenchStrings(programmes);

/**
 * « Programmes et cursus » (/admin/programmes, read:programmes): the academic years, the
 * programmes with their levels and fee grids (write:programmes to change them), and the
 * school's billing rules (read:settings to see them, manage:settings to change them).
 */
export function ProgrammesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('programmes.title'));
  const session = useSession();
  const canWrite = can('write:programmes', session);

  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {t('programmes.title')}
        </h1>
        <p className="mt-2 max-w-3xl text-base text-slate-700">{t('programmes.lead')}</p>
      </header>
      <AcademicYearsSection canWrite={canWrite} />
      <ProgrammesSection canWrite={canWrite} canPrintQr={can('request:payments', session)} />
      {can('read:settings', session) ? (
        <BillingSettingsSection canManage={can('manage:settings', session)} />
      ) : null}
    </div>
  );
}
