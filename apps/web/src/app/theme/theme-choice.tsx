import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Moon, School, Sun } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { useSetMemberTheme } from './branding.api';
import type { Theme } from './branding.api';
import type { AdminTheme } from './admin-theme';

const item =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-800 disabled:cursor-wait disabled:opacity-70';

const CHOICES: readonly {
  value: Theme | null;
  key: 'light' | 'dark' | 'school';
  icon: LucideIcon;
}[] = [
  { value: 'light', key: 'light', icon: Sun },
  { value: 'dark', key: 'dark', icon: Moon },
  { value: null, key: 'school', icon: School },
];

/**
 * « Thème » in the account menu: clair, sombre, or the school's (its default, set in
 * « Apparence »). The choice is the member's own, kept by the server for all their schools.
 */
export function ThemeChoice({
  organizationId,
  look,
}: {
  organizationId: string;
  look: AdminTheme;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const setTheme = useSetMemberTheme(organizationId);
  const chosen = look.branding ? look.branding.memberTheme : undefined;
  const schoolTheme = look.branding?.defaultTheme ?? 'dark';

  async function choose(value: Theme | null) {
    try {
      await setTheme.mutateAsync(value);
    } catch (error) {
      notify.error(errorMessage(error, t, t('admin.theme.failed')));
    }
  }

  return (
    <div className="mt-2 border-t border-slate-200 pt-2">
      <h2 id={headingId} className="px-3 py-1 text-xs font-semibold text-slate-600 uppercase">
        {t('admin.theme.title')}
      </h2>
      <ul aria-labelledby={headingId}>
        {CHOICES.map(({ value, key, icon: Icon }) => {
          const current = chosen !== undefined && chosen === value;
          return (
            <li key={key}>
              <button
                type="button"
                aria-pressed={current}
                disabled={setTheme.isPending || !look.branding}
                onClick={() => void choose(value)}
                className={item}
              >
                <Icon aria-hidden="true" className="size-4 text-slate-500" />
                <span className="flex-1">
                  {key === 'school'
                    ? t('admin.theme.school', { theme: t(`admin.theme.${schoolTheme}`) })
                    : t(`admin.theme.${key}`)}
                </span>
                {current ? <Check aria-hidden="true" className="size-4 text-brand-700" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
