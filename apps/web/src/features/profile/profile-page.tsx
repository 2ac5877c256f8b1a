import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { addFrenchStrings } from '../../i18n/add-strings';
import { profile as profileStrings } from '../../i18n/fr/profile';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { EmailSection, NameSection, PasswordSection } from './account-forms';
import { AvatarSection } from './avatar-section';
import { DeleteAccountSection } from './delete-account';
import { useProfile } from './profile.api';
import type { Profile } from './profile.api';

addFrenchStrings(profileStrings);

/**
 * « Mon profil » (/admin/profiles, every member, spec §2 Profil): photo, name, sign-in e-mail,
 * password, account deletion, each its own form with its own sending state. The page shows the
 * session's copy of the profile at once and the server's as soon as it arrives. The settings
 * chain leads back to « Notifications » (for the members who may open it).
 */
export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  const session = useSession();
  const query = useProfile();
  if (!session) return null; // the guard is redirecting

  const profile: Profile = query.data ?? {
    name: session.user.name,
    email: session.user.email,
    avatarUrl: session.user.avatarUrl,
  };

  return (
    <div className="max-w-3xl space-y-6">
      <header>
        {can('read:settings', session) ? (
          <Link
            to="/admin/notifications"
            aria-label={t('profile.backLabel')}
            className="mb-3 inline-flex min-h-11 items-center gap-1.5 rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <span aria-hidden="true">←</span>
            {t('profile.back')}
          </Link>
        ) : null}
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {t('profile.title')}
        </h1>
        <p className="mt-2 text-base text-slate-700">{t('profile.lead')}</p>
      </header>
      {query.isError ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{t('profile.loadError')}</p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            {t('profile.retry')}
          </Button>
        </div>
      ) : null}
      <AvatarSection profile={profile} />
      <NameSection profile={profile} />
      <EmailSection profile={profile} />
      <PasswordSection email={profile.email} />
      <DeleteAccountSection email={profile.email} />
    </div>
  );
}
