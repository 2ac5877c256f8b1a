import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n';
import { LANGUAGES } from '../../i18n/language';
import { notify } from '../../components/ui/toaster';

/** FR/EN toggle; the choice is remembered on this device and sets `<html lang>`. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;

  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={`inline-flex rounded-lg border border-slate-300 bg-white p-0.5 ${className}`}
    >
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          aria-label={t(`language.${language}`)}
          onClick={() => {
            changeLanguage(language).catch(() => notify.error(t('common.networkError')));
          }}
          className="min-h-9 min-w-11 rounded-md px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-600 aria-pressed:text-white"
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
