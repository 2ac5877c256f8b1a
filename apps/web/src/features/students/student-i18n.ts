import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n, TOptions } from 'i18next';
import type { FrancsLocale } from '@ecolage/money';
import { addFrenchStrings } from '../../i18n/add-strings';
import type { ScreenStrings } from '../../i18n/fr';
import { studentDetail } from './student-detail-strings';
import { studentDetailEn } from './student-detail-strings-en';

/**
 * Translation of a student's page. Its strings (./student-detail-strings, English in
 * ./student-detail-strings-en) are added to the app's i18next instance under `studentDetail.`;
 * `useStudentT()` reads them with typed keys.
 */

type PluralBase<Key extends string> = Key extends `${infer Base}_${'one' | 'other'}` ? Base : Key;
type Leaves<T> = {
  [Key in keyof T & string]: T[Key] extends string ? PluralBase<Key> : `${Key}.${Leaves<T[Key]>}`;
}[keyof T & string];

/** A key of the page's strings, without the `studentDetail.` prefix. */
export type StudentDetailKey = Leaves<(typeof studentDetail)['studentDetail']>;

/** Adds the French strings; called when the page's chunk loads. */
export function addStudentDetailStrings(): void {
  addFrenchStrings(studentDetail as unknown as Partial<ScreenStrings>);
}

/**
 * English arrives as its own bundle when the reader picks it; the page's strings are added to it
 * then (and only then: adding them earlier would make i18next think English is loaded).
 */
function ensureEnglish(i18n: I18n): void {
  if (
    i18n.hasResourceBundle('en', 'translation') &&
    i18n.getResource('en', 'translation', 'studentDetail.title') === undefined
  ) {
    i18n.addResourceBundle('en', 'translation', studentDetailEn, true, false);
  }
}

type LooseT = (key: string, options?: TOptions) => string;

/**
 * The page's translate function (`st('guardians.title')`), the app's own `t` for shared keys,
 * and the reader's language for amounts and dates.
 */
export function useStudentT() {
  const { t, i18n } = useTranslation();
  if (i18n.language.startsWith('en')) ensureEnglish(i18n);
  const st = useCallback(
    (key: StudentDetailKey, options?: TOptions) =>
      (t as unknown as LooseT)(`studentDetail.${key}`, options),
    [t],
  );
  const locale: FrancsLocale = i18n.language.startsWith('en') ? 'en' : 'fr';
  return { st, t, language: i18n.language, locale };
}
