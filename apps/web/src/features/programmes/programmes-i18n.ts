import { useCallback } from 'react';
import i18next from 'i18next';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { addFrenchStrings } from '../../i18n/add-strings';
import type { ScreenStrings } from '../../i18n/fr';
import { programmesEn } from './strings.en';
import { programmesFr } from './strings.fr';

/**
 * Strings of « Programmes et cursus ». They live with the screen (./strings.fr, ./strings.en)
 * until they join `ScreenStrings` in i18n/fr.ts and the English bundle in i18n/en.ts; meanwhile
 * this module adds them to i18next itself and types their keys (`ProgrammesKey`).
 *
 * French goes in when the screen's chunk loads (`addFrenchStrings`). English is merged into the
 * English bundle once that one exists (the app loads it on demand, only when it is missing:
 * adding ours earlier would make it look loaded).
 */

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<Key extends string> = Key extends `${infer Base}_${PluralSuffix}` ? Base : Key;
type Keys<Tree, Prefix extends string = ''> = {
  [Key in keyof Tree & string]: Tree[Key] extends string
    ? `${Prefix}${WithoutPlural<Key>}`
    : Keys<Tree[Key], `${Prefix}${Key}.`>;
}[keyof Tree & string];

/** Every key of the screen: `programmes.levels.add`, `programmes.years.title`… */
export type ProgrammesKey = Keys<typeof programmesFr>;
export type ProgrammesT = (key: ProgrammesKey, options?: Record<string, string | number>) => string;

addFrenchStrings(programmesFr as unknown as Partial<ScreenStrings>);

function addEnglish(): void {
  if (!i18next.hasResourceBundle('en', 'translation')) return;
  if (i18next.getResource('en', 'translation', 'programmes.title') !== undefined) return;
  i18next.addResourceBundle('en', 'translation', programmesEn, true, false);
}

function watchEnglish(): void {
  addEnglish();
  i18next.store.on('added', (language: string, namespace: string) => {
    if (language === 'en' && namespace === 'translation') addEnglish();
  });
}

if (i18next.isInitialized || i18next.isInitializing) {
  watchEnglish();
} else {
  const onInitialized = () => {
    i18next.off('initialized', onInitialized);
    watchEnglish();
  };
  i18next.on('initialized', onInitialized);
}

/**
 * `t` for the screen's own keys, `shared` for the app's (`ui.cancel`, `common.close`) and the
 * reader's language (for amounts and dates).
 */
export function useProgrammesT(): {
  t: ProgrammesT;
  shared: TFunction;
  language: string;
} {
  const { t, i18n } = useTranslation();
  const text = useCallback<ProgrammesT>(
    (key, options) => (t as unknown as (key: string, options?: object) => string)(key, options),
    [t],
  );
  return { t: text, shared: t, language: i18n.language };
}
