import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { Bell, Building2, Globe, Palette, Sparkles, UserRound, Users } from 'lucide-react';
import { ADMIN_SECTIONS, adminPath, mayOpenSection } from '../../app/admin-sections';
import type { AdminSectionKey } from '../../app/admin-sections';
import { useSession } from '../auth/session-store';
import { SettingsPage } from './settings-ui';

type CardKey =
  'appearance' | 'details' | 'notifications' | 'pages' | 'plan' | 'members' | 'profile';

interface HubCard {
  key: CardKey;
  icon: LucideIcon;
}

const ORGANISATION: readonly HubCard[] = [
  { key: 'appearance', icon: Palette },
  { key: 'details', icon: Building2 },
  { key: 'notifications', icon: Bell },
  { key: 'pages', icon: Globe },
  { key: 'plan', icon: Sparkles },
];
const ACCOUNT: readonly HubCard[] = [
  { key: 'members', icon: Users },
  { key: 'profile', icon: UserRound },
];

/** The admin section of a card, if the route table has it (« Pages » comes with its screen). */
function sectionOf(key: CardKey) {
  return ADMIN_SECTIONS.find((section) => section.key === (key as AdminSectionKey));
}

/**
 * « Général » (/admin/general, spec §2): the settings hub. Organisation — Apparence, Détails de
 * l'organisation, Notifications, Pages, Formule; Compte — Équipe, Mon Profil. Each card is a
 * link to its screen, shown only when the member's role may open it.
 */
export function GeneralPage() {
  const { t } = useTranslation();
  const session = useSession();
  const permissions = session?.permissions ?? [];

  function visible(cards: readonly HubCard[]) {
    return cards.flatMap((card) => {
      const section = sectionOf(card.key);
      return section && mayOpenSection(section, permissions) ? [{ ...card, section }] : [];
    });
  }

  const groups = [
    { title: t('settings.hub.organisation'), cards: visible(ORGANISATION) },
    { title: t('settings.hub.account'), cards: visible(ACCOUNT) },
  ].filter((group) => group.cards.length > 0);

  return (
    <SettingsPage title={t('settings.hub.title')} lead={t('settings.hub.lead')}>
      {groups.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
            {group.title}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.cards.map(({ key, icon: Icon, section }) => (
              <li key={key}>
                <Link
                  to={adminPath(section)}
                  className="flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50"
                >
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">
                      {t(`settings.hub.titles.${key}`)}
                    </span>
                    <span className="mt-1 block text-sm text-slate-600">
                      {t(`settings.hub.cards.${key}`)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </SettingsPage>
  );
}
