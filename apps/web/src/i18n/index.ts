import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { deName } from '@ecolage/contracts';
import { formatFrancs, isFrancs } from '@ecolage/money';
import { fr } from './fr';
import type { FrenchStrings } from './fr';
import { DEFAULT_LANGUAGE, LANGUAGES, storeLanguage } from './language';
import type { Language } from './language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: FrenchStrings };
  }
}

/**
 * One i18next instance for the app. French is bundled and initialised synchronously (so the
 * prerendered landing page and the first client render agree); English is fetched as a separate
 * chunk the first time someone picks it.
 */
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  resources: { fr: { translation: fr } },
  partialBundledLanguages: true,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
});

// « {{name, de}} » in a French string: « de Kofi », « d’Adjoa » (`deName`, one rule for the app).
i18n.services.formatter?.add('de', (value: unknown, language: string | undefined) =>
  language?.startsWith('fr') ? deName(String(value)) : String(value),
);

// « {{minimum, money}} »: an amount in francs as the reader's language writes it (« 10 000 FCFA »,
// « 10,000 FCFA »): the parameters of the error codes (`errors.*`) are plain numbers.
i18n.services.formatter?.add('money', (value: unknown, language: string | undefined) => {
  const amount = Number(value);
  if (!isFrancs(amount)) return String(value);
  return formatFrancs(amount, language?.startsWith('en') ? 'en' : 'fr');
});

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
i18n.on('languageChanged', syncDocumentLanguage);

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  if (language === 'en') {
    const { en } = await import('./en');
    i18n.addResourceBundle('en', 'translation', en);
  }
}

/** Switches the UI language, remembers the choice on this device and updates `<html lang>`. */
export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  storeLanguage(language);
}

/** Applies a stored choice at start-up without writing it back. */
export async function applyLanguage(language: Language): Promise<void> {
  if (language === i18n.language) return;
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
}

export { i18n };
