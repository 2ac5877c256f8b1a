import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets `document.title` for the current page: `"<page> — Écolage"`, or the brand title alone
 * for the home page (`title` omitted).
 */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  const full = title ? `${title} — ${t('meta.titleSuffix')}` : t('meta.home');
  useEffect(() => {
    document.title = full;
  }, [full]);
}
