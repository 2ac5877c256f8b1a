import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import {
  Banknote,
  BookOpen,
  Calculator,
  ChartColumn,
  ChevronDown,
  CreditCard,
  GraduationCap,
  LayoutDashboard,
  Megaphone,
  ScrollText,
  Settings,
  SlidersHorizontal,
  Users,
  Workflow,
  X,
} from 'lucide-react';
import type { Permission } from '@ecolage/contracts';
import { adminPath, visibleSections } from '../admin-sections';
import type { AdminSectionKey } from '../admin-sections';
import { LogoMark } from './logo';

export const ADMIN_NAV_ID = 'navigation-espace-ecole';

const ICONS: Partial<Record<AdminSectionKey, LucideIcon>> = {
  dashboard: LayoutDashboard,
  students: GraduationCap,
  payments: CreditCard,
  cashDesk: Banknote,
  statistics: ChartColumn,
  marketing: Megaphone,
  automations: Workflow,
  general: SlidersHorizontal,
  members: Users,
  accounting: Calculator,
  programmes: BookOpen,
  audit: ScrollText,
};

const linkBase =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors';
const linkIdle = 'text-slate-700 hover:bg-slate-100 hover:text-slate-900';
const linkActive = 'bg-brand-50 text-brand-800 font-semibold';

function isUnder(pathname: string, path: string): boolean {
  const current = pathname.toLowerCase().replace(/\/+$/, '');
  return current === path || current.startsWith(`${path}/`);
}

export interface AdminSidebarProps {
  permissions: readonly Permission[];
  schoolName: string;
  /** The school's logo (« Apparence »); the product's mark when it has none. */
  logoUrl?: string | null;
  /** Open as a drawer (below 1024 px; always shown above). */
  open: boolean;
  /** Close button, backdrop. */
  onClose: () => void;
  /** A link was followed. */
  onNavigate: () => void;
}

/**
 * Sidebar of the admin area (spec §2): the dashboard (exact match), the main sections and the
 * « Paramètres » dropdown, each link shown only when the member's role may open it. Below
 * 1024 px it is a drawer opened from the top bar; hidden, it is out of the tab order.
 */
export function AdminSidebar({
  permissions,
  schoolName,
  logoUrl = null,
  open,
  onClose,
  onNavigate,
}: AdminSidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const settingsId = useId();
  const navRef = useRef<HTMLElement>(null);
  const main = visibleSections('main', permissions);
  const settings = visibleSections('settings', permissions);

  // The dropdown opens by itself on its own pages, and stays as the reader left it elsewhere.
  const inSettings = settings.some((section) => isUnder(pathname, adminPath(section)));
  const [settingsOpen, setSettingsOpen] = useState(inSettings);
  const [wasInSettings, setWasInSettings] = useState(inSettings);
  if (inSettings !== wasInSettings) {
    setWasInSettings(inSettings);
    if (inSettings) setSettingsOpen(true);
  }

  useEffect(() => {
    if (open) navRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `${linkBase} ${isActive ? linkActive : linkIdle}`;

  return (
    <>
      {open ? (
        <div
          aria-hidden="true"
          onClick={onClose}
          className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden"
        />
      ) : null}
      <aside
        id={ADMIN_NAV_ID}
        className={`fixed inset-y-0 left-0 z-50 flex w-72 flex-col border-r border-slate-200 bg-white transition-[translate,visibility] duration-200 motion-reduce:transition-none lg:sticky lg:top-0 lg:z-auto lg:h-dvh lg:w-64 lg:shrink-0 lg:translate-x-0 ${open ? 'translate-x-0' : 'max-lg:invisible max-lg:-translate-x-full'}`}
      >
        <div className="flex h-16 items-center justify-between gap-2 border-b border-slate-200 px-4">
          <Link
            to="/admin"
            aria-label={t('admin.nav.home')}
            className="flex min-w-0 items-center gap-2 rounded-lg"
          >
            {logoUrl ? (
              <img
                src={logoUrl}
                alt=""
                className="size-9 shrink-0 rounded-md bg-[#fff] object-contain p-0.5"
              />
            ) : (
              <LogoMark className="size-8 shrink-0" />
            )}
            <span className="min-w-0">
              <span className="block text-base leading-tight font-extrabold text-brand-900">
                Écolage
              </span>
              <span className="block truncate text-xs text-slate-600">{schoolName}</span>
            </span>
          </Link>
          <button
            type="button"
            onClick={onClose}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('admin.nav.close')}</span>
          </button>
        </div>
        <nav ref={navRef} aria-label={t('admin.nav.label')} className="flex-1 overflow-y-auto p-3">
          <ul className="space-y-1">
            {main.map((section) => {
              const Icon = ICONS[section.key];
              return (
                <li key={section.key}>
                  <NavLink
                    to={adminPath(section)}
                    end={section.path === ''}
                    onClick={onNavigate}
                    className={linkClass}
                  >
                    {Icon ? <Icon aria-hidden="true" className="size-5 shrink-0" /> : null}
                    {t(`admin.sections.${section.key}`)}
                  </NavLink>
                </li>
              );
            })}
            {settings.length > 0 ? (
              <li>
                <button
                  type="button"
                  aria-expanded={settingsOpen}
                  aria-controls={settingsId}
                  onClick={() => setSettingsOpen((value) => !value)}
                  className={`${linkBase} w-full ${inSettings ? 'text-brand-800' : linkIdle}`}
                >
                  <Settings aria-hidden="true" className="size-5 shrink-0" />
                  <span className="flex-1 text-left">{t('admin.nav.settings')}</span>
                  <ChevronDown
                    aria-hidden="true"
                    className={`size-4 transition-transform ${settingsOpen ? 'rotate-180' : ''}`}
                  />
                </button>
                <ul id={settingsId} hidden={!settingsOpen} className="mt-1 space-y-1 pl-4">
                  {settings.map((section) => {
                    const Icon = ICONS[section.key];
                    return (
                      <li key={section.key}>
                        <NavLink to={adminPath(section)} onClick={onNavigate} className={linkClass}>
                          {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0" /> : null}
                          {t(`admin.sections.${section.key}`)}
                        </NavLink>
                      </li>
                    );
                  })}
                </ul>
              </li>
            ) : null}
          </ul>
        </nav>
      </aside>
    </>
  );
}
