import { z } from 'zod';

/**
 * A student's « Date de naissance »: a calendar day `YYYY-MM-DD`, from 1900-01-01 up to the
 * school's today (the ages of « Statistiques », the age beside the student's name). Shared by the
 * student modal, the API, the import and the pre-registration form.
 */

export const FIRST_BIRTH_DATE = '1900-01-01';

export const BirthDateMessages = {
  invalid: 'Date de naissance invalide.',
  future: 'La date de naissance ne peut pas être dans le futur.',
  tooOld: 'La date de naissance ne peut pas être avant le 1er janvier 1900.',
} as const;

/** True for a real calendar day written `YYYY-MM-DD` (no 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * What is wrong with a birth date `YYYY-MM-DD` on the school's `today`, in French; null when it is
 * fine.
 */
export function birthDateProblem(day: string, today: string): string | null {
  if (!isCalendarDay(day)) return BirthDateMessages.invalid;
  if (day < FIRST_BIRTH_DATE) return BirthDateMessages.tooOld;
  if (day > today) return BirthDateMessages.future;
  return null;
}

/**
 * The latest calendar day anywhere on Earth right now (UTC+14): the contract refuses what is in
 * the future for every school; the server then checks the school's own day.
 */
export function latestTodayOnEarth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * A birth date as a person writes it: `AAAA-MM-JJ` or `JJ/MM/AAAA` (also `JJ-MM-AAAA`,
 * `JJ.MM.AAAA`), as `YYYY-MM-DD`; null when it is neither or not a real day.
 */
export function readBirthDate(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const parts = iso ? [iso[1], iso[2], iso[3]] : french ? [french[3], french[2], french[1]] : null;
  if (!parts) return null;
  const [year = '', month = '', date = ''] = parts;
  const day = `${year}-${month.padStart(2, '0')}-${date.padStart(2, '0')}`;
  return isCalendarDay(day) ? day : null;
}

/** Age in whole years on `today` (both `YYYY-MM-DD`): 12 the day of the 12th birthday. */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/**
 * The request field: `YYYY-MM-DD`, or empty / null to say « none ». Refused: another format, a day
 * that does not exist, before 1900, after today (anywhere).
 */
export const birthDateFieldSchema = z
  .string({ error: BirthDateMessages.invalid })
  .trim()
  .max(10, BirthDateMessages.invalid)
  .transform((text, context) => {
    if (text === '') return null;
    const problem = birthDateProblem(text, latestTodayOnEarth());
    if (problem) {
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return text;
  })
  .nullish();
