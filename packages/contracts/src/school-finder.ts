import { z } from 'zod';

/**
 * `/form`: a parent without a link finds the school by its name or its city, then pays (the
 * school's pay page) or pre-registers. The search field keeps the spec's form-builder rules
 * (§5), in French: « <Champ> est obligatoire », « … est trop court / trop long ».
 */

/** Letters or digits a search needs: one letter would list the whole table, ten at a time. */
export const SCHOOL_SEARCH_MIN_CHARACTERS = 2;
export const SCHOOL_SEARCH_MAX_LENGTH = 80;
/** Schools shown for one search; more means « précisez ». */
export const SCHOOL_SEARCH_MAX_RESULTS = 10;

export const SchoolFinderMessages = {
  termRequired: 'Nom ou ville de l’école est obligatoire',
  termTooShort: 'Nom ou ville de l’école est trop court',
  termTooLong: 'Nom ou ville de l’école est trop long',
  termInvalid: 'Nom ou ville de l’école contient des caractères non valides',
  tooManySearches:
    'Trop de recherches depuis cette connexion. Réessayez dans quelques minutes, ou adressez-vous à l’école.',
  noMatch:
    'Vérifiez l’orthographe, ou cherchez par la ville. Si votre école n’utilise pas encore Écolage, elle vous indiquera comment payer.',
  moreMatches: `Plus de ${SCHOOL_SEARCH_MAX_RESULTS} écoles correspondent : précisez le nom ou ajoutez la ville.`,
} as const;

/** Control characters and halves of surrogate pairs: nobody types them in a school's name. */
const UNTYPABLE = /[\p{Cc}\p{Cs}]/u;

/** `GET /form?q=…`: the term as typed (a browser form sends a string; anything else is refused). */
export const schoolSearchSchema = z.object({
  q: z
    .string({ error: SchoolFinderMessages.termRequired })
    .trim()
    .min(1, SchoolFinderMessages.termRequired)
    .max(SCHOOL_SEARCH_MAX_LENGTH, SchoolFinderMessages.termTooLong)
    .refine((term) => !UNTYPABLE.test(term), SchoolFinderMessages.termInvalid)
    .refine(
      (term) => (term.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= SCHOOL_SEARCH_MIN_CHARACTERS,
      SchoolFinderMessages.termTooShort,
    ),
});
export type SchoolSearch = z.infer<typeof schoolSearchSchema>;
