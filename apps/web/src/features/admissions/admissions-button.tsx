import { useTranslation } from 'react-i18next';
import { Inbox } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { addFrenchStrings } from '../../i18n/add-strings';
import { admissions } from '../../i18n/fr/admissions';
import { useAdmissionsToExamine } from './admissions.api';

addFrenchStrings(admissions);

/**
 * « Demandes d'inscription (3) » on the students page: the way to the online requests, with how
 * many wait for a decision (none shown while it loads or if it cannot be read).
 */
export function AdmissionsButton() {
  const { t } = useTranslation();
  const toExamine = useAdmissionsToExamine();
  const count = toExamine.data;
  return (
    <ButtonLink
      to="/admin/etudiants/inscriptions"
      variant="secondary"
      aria-label={count ? t('admissions.openCountLabel', { count }) : undefined}
    >
      <Inbox aria-hidden="true" className="size-4" />
      {count ? t('admissions.openCount', { count }) : t('admissions.open')}
    </ButtonLink>
  );
}
