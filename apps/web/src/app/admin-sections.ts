import type { Permission } from '@ecolage/contracts';
import type { Translation } from '../i18n/fr';

export type AdminSectionKey = keyof Translation['admin']['sections'];

export interface AdminSection {
  key: AdminSectionKey;
  /** Path under /admin (spec §2 route table; `joumal` is spelled so). '' is the dashboard. */
  path: string;
  /**
   * What the member's role needs to open it: one permission, or a list of which any one will do
   * (the cash desk opens for its cashiers and for those who supervise them); null: every member.
   */
  permission: Permission | readonly Permission[] | null;
  /** Where the sidebar lists it: the main list, the « Paramètres » dropdown, or nowhere. */
  menu: 'main' | 'settings' | null;
}

/** Every admin route of the spec, in sidebar order, with the permission that opens it. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { key: 'dashboard', path: '', permission: null, menu: 'main' },
  { key: 'students', path: 'etudiants', permission: 'read:students', menu: 'main' },
  // The online pre-registration requests, opened from the list.
  { key: 'admissions', path: 'etudiants/inscriptions', permission: 'read:students', menu: null },
  // A student's page, opened from the list.
  { key: 'student', path: 'etudiants/:studentId', permission: 'read:students', menu: null },
  { key: 'payments', path: 'paiements', permission: 'read:payments', menu: 'main' },
  {
    key: 'cashDesk',
    path: 'caisse',
    permission: ['operate:cash_desk', 'supervise:cash_desk'],
    menu: 'main',
  },
  { key: 'statistics', path: 'statistiques', permission: 'read:statistics', menu: 'main' },
  { key: 'marketing', path: 'marketing', permission: 'read:marketing', menu: 'main' },
  // A campaign's page (results, tracking links, QR code, sending), opened from « Campagnes ».
  {
    key: 'campaign',
    path: 'marketing/campagnes/:campaignId',
    permission: 'read:marketing',
    menu: null,
  },
  { key: 'automations', path: 'automatisations', permission: 'read:automations', menu: 'main' },
  { key: 'general', path: 'general', permission: 'read:settings', menu: 'settings' },
  { key: 'members', path: 'utilisateurs', permission: 'read:members', menu: 'settings' },
  { key: 'accounting', path: 'comptabilite', permission: 'read:accounting', menu: 'settings' },
  { key: 'programmes', path: 'programmes', permission: 'read:programmes', menu: 'settings' },
  { key: 'audit', path: 'joumal', permission: 'read:audit', menu: 'settings' },
  // Reached from the settings hub (Général) and the account menu, not from the sidebar.
  { key: 'settings', path: 'parametres', permission: 'read:settings', menu: null },
  { key: 'appearance', path: 'appearance', permission: 'read:settings', menu: null },
  { key: 'details', path: 'details', permission: 'read:settings', menu: null },
  // Every member has their own notification settings (the school's part needs read:settings).
  { key: 'notifications', path: 'notifications', permission: null, menu: null },
  { key: 'plan', path: 'formule', permission: 'read:settings', menu: null },
  // The school's public pages: address, intro, wallets, pre-registration, QR codes.
  { key: 'pages', path: 'pages', permission: 'read:settings', menu: null },
  { key: 'profile', path: 'profiles', permission: null, menu: null },
];

/** The absolute path of a section: `/admin` or `/admin/<path>`. */
export function adminPath(section: Pick<AdminSection, 'path'>): string {
  return section.path ? `/admin/${section.path}` : '/admin';
}

/** Whether a member holding `permissions` may open `section` (any one of a list will do). */
export function mayOpenSection(
  section: Pick<AdminSection, 'permission'>,
  permissions: readonly Permission[],
): boolean {
  const { permission } = section;
  if (permission === null) return true;
  if (typeof permission === 'string') return permissions.includes(permission);
  return permission.some((one) => permissions.includes(one));
}

/** The sections of `menu` that a member holding `permissions` may open. */
export function visibleSections(
  menu: 'main' | 'settings',
  permissions: readonly Permission[],
): AdminSection[] {
  return ADMIN_SECTIONS.filter(
    (section) => section.menu === menu && mayOpenSection(section, permissions),
  );
}
