import { getSession } from '../features/auth/session-store';
import { ADMIN_SECTIONS, mayOpenSection } from './admin-sections';
import type { AdminSectionKey } from './admin-sections';
import { lazyPage } from './lazy-page';
import type { LazyPage } from './lazy-page';

/**
 * The admin screens that are built, each its own chunk inside the admin area (they bring the
 * contracts' catalogue, tables, dialogs… that the rest of the area does not need). Sections
 * missing here show « pas encore disponible ».
 */
export const ADMIN_PAGES: Partial<Record<AdminSectionKey, LazyPage>> = {
  students: lazyPage(
    () => import('../features/students/students-page'),
    (module) => module.StudentsPage,
  ),
  student: lazyPage(
    () => import('../features/students/student-page'),
    (module) => module.StudentPage,
  ),
  admissions: lazyPage(
    () => import('../features/admissions/admissions-page'),
    (module) => module.AdmissionsPage,
  ),
  accounting: lazyPage(
    () => import('../features/accounting/accounting-page'),
    (module) => module.AccountingPage,
  ),
  statistics: lazyPage(
    () => import('../features/statistics/statistics-page'),
    (module) => module.StatisticsPage,
  ),
  marketing: lazyPage(
    () => import('../features/marketing/marketing-page'),
    (module) => module.MarketingPage,
  ),
  campaign: lazyPage(
    () => import('../features/marketing/campaigns-detail-page'),
    (module) => module.CampaignPage,
  ),
  automations: lazyPage(
    () => import('../features/automations/automations-page'),
    (module) => module.AutomationsPage,
  ),
  payments: lazyPage(
    () => import('../features/payments/payments-page'),
    (module) => module.PaymentsPage,
  ),
  cashDesk: lazyPage(
    () => import('../features/cash-desk/cash-desk-page'),
    (module) => module.CashDeskPage,
  ),
  programmes: lazyPage(
    () => import('../features/programmes/programmes-page'),
    (module) => module.ProgrammesPage,
  ),
  members: lazyPage(
    () => import('../features/team/team-page'),
    (module) => module.TeamPage,
  ),
  audit: lazyPage(
    () => import('../features/audit/audit-page'),
    (module) => module.AuditPage,
  ),
  profile: lazyPage(
    () => import('../features/profile/profile-page'),
    (module) => module.ProfilePage,
  ),
  general: lazyPage(
    () => import('../features/settings/general-page'),
    (module) => module.GeneralPage,
  ),
  settings: lazyPage(
    () => import('../features/settings/settings-home-page'),
    (module) => module.SettingsHomePage,
  ),
  appearance: lazyPage(
    () => import('../features/settings/appearance-page'),
    (module) => module.AppearancePage,
  ),
  details: lazyPage(
    () => import('../features/settings/details-page'),
    (module) => module.DetailsPage,
  ),
  notifications: lazyPage(
    () => import('../features/settings/notifications-page'),
    (module) => module.NotificationsPage,
  ),
  plan: lazyPage(
    () => import('../features/settings/plan-page'),
    (module) => module.PlanPage,
  ),
  pages: lazyPage(
    () => import('../features/school-pages/school-pages-page'),
    (module) => module.SchoolPagesPage,
  ),
};

/**
 * Loads the screen of `pathname` (an /admin address) when the member may open it, so the first
 * render of the area shows it at once instead of a spinner.
 */
export async function preloadAdminPage(pathname: string): Promise<void> {
  const path = pathname
    .toLowerCase()
    .replace(/^\/admin\/?/, '')
    .replace(/\/+$/, '');
  const section = ADMIN_SECTIONS.find((candidate) => candidate.path === path);
  if (!section || !mayOpenSection(section, getSession()?.permissions ?? [])) return;
  await ADMIN_PAGES[section.key]?.preload();
}
