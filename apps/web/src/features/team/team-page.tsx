import { useTranslation } from 'react-i18next';
import { addFrenchStrings } from '../../i18n/add-strings';
import { team } from '../../i18n/fr/team';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { MembersSection } from './members-section';
import { RolesSection } from './roles-section';
import { useRoles } from './team.api';

addFrenchStrings(team);

/**
 * « Utilisateurs et rôles » (/admin/utilisateurs, read:members): the members of the school and
 * its roles. Actions follow the role: manage:members (invite, change role, deactivate) and
 * manage:roles (create, edit, delete roles); a Lecteur sees the lists only.
 */
export function TeamPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('team.title'));
  const session = useSession();
  const roles = useRoles();

  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {t('team.title')}
        </h1>
        <p className="mt-2 max-w-3xl text-base text-slate-700">{t('team.lead')}</p>
      </header>
      <MembersSection
        canManage={can('manage:members', session)}
        currentUserId={session?.user.id}
        roles={roles.data}
      />
      <RolesSection canManage={can('manage:roles', session)} roles={roles} />
    </div>
  );
}
