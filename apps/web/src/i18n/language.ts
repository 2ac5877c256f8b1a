/**
 * The reader's language choice, kept in local storage. This module must stay free of i18next:
 * the boot script reads it before any library is loaded.
 */
export const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'fr';
export const LANGUAGE_STORAGE_KEY = 'ecolage.lang';

export function isLanguage(value: unknown): value is Language {
  return value === 'fr' || value === 'en';
}

/** French unless the reader chose English on this device; the browser's language is ignored. */
export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE; // storage disabled (private mode, blocked cookies)
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then lasts for this visit only.
  }
}
