import { z } from 'zod';

/** Largest amount a single fee, line or invoice may carry: 1 billion francs, far below 2^53. */
export const MAX_FRANCS = 1_000_000_000;

/**
 * A whole number of francs (XOF has no minor unit). Refuses fractions, negatives and strings with
 * French messages; `min` lets a route require a strictly positive amount.
 */
export function francsSchema(label = 'Le montant', min = 0) {
  return z
    .number({ error: `${label} doit être un nombre entier de francs.` })
    .int(`${label} doit être un nombre entier de francs (pas de centimes).`)
    .min(min, min > 0 ? `${label} doit être supérieur à 0.` : `${label} ne peut pas être négatif.`)
    .max(MAX_FRANCS, `${label} ne peut pas dépasser 1 000 000 000 FCFA.`);
}

/** A name typed by a person: trimmed, not empty, bounded. */
export function nameSchema(requiredMessage: string, max = 120) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${max} caractères au plus.`);
}

/**
 * The years every date the API accepts must fall in: a school's dates (school years, due dates,
 * filters, the journal) all do, and a far-future day (9999-12-31) would otherwise reach date
 * arithmetic that has no day after it.
 */
export const DATE_YEARS = { first: 2000, last: 2100 } as const;
export const dateOutOfRangeMessage = `Date hors limites : choisissez une date entre ${DATE_YEARS.first} et ${DATE_YEARS.last}.`;

function withinDateYears(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return year >= DATE_YEARS.first && year <= DATE_YEARS.last;
}

/**
 * A calendar date `YYYY-MM-DD` between 2000 and 2100 (no time zone: a due date is a day in the
 * school's calendar).
 */
export const isoDaySchema = z.iso
  .date({ error: 'Date invalide (format AAAA-MM-JJ attendu).' })
  .refine(withinDateYears, dateOutOfRangeMessage);

/** An instant in ISO 8601 with its offset (`2026-09-01T08:00:00Z`), between 2000 and 2100. */
export const isoInstantSchema = z.iso
  .datetime({ offset: true, error: 'Date invalide (format ISO 8601 attendu).' })
  .refine(withinDateYears, dateOutOfRangeMessage);

export const pageQuery = {
  page: z.coerce.number().int().min(1, 'La page commence à 1.').default(1),
};
export function pageSizeQuery(defaultSize: number) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(100, '100 lignes par page au plus.')
    .default(defaultSize);
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** Answer of a DELETE that erases a record never used, or archives it once history refers to it. */
export const removalOutcomeSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });
export type RemovalOutcome = z.infer<typeof removalOutcomeSchema>;

/** A reason for an irreversible act (void, withdrawal, waiver): required, kept in the journal. */
export const reasonSchema = z
  .string({ error: 'Indiquez un motif.' })
  .trim()
  .min(3, 'Indiquez un motif (3 caractères au moins).')
  .max(500, '500 caractères au plus.');

export const exportFormatSchema = z.enum(['csv', 'xlsx'], { error: 'Format : csv ou xlsx.' });
export type ExportFormat = z.infer<typeof exportFormatSchema>;
