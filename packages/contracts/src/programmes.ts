import { z } from 'zod';
import { francsSchema, isoDaySchema, nameSchema } from './common';

/** The fixed name of a level's registration fee (spec §3). */
export const REGISTRATION_FEE_LABEL = 'Inscription';

/** Months billed by default: October to July (a Togolese school year). */
export const DEFAULT_BILLED_MONTHS = [10, 11, 12, 1, 2, 3, 4, 5, 6, 7] as const;

export const monthNames = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

export const ProgrammeMessages = {
  programmeNameRequired: 'Le nom du programme est obligatoire.',
  levelNameRequired: 'Le nom du niveau est obligatoire.',
  programmeNameTaken: 'Un programme porte déjà ce nom.',
  levelNameTaken: 'Ce programme a déjà un niveau de ce nom.',
  programmeNotFound: 'Programme introuvable.',
  levelNotFound: 'Niveau introuvable.',
  yearNotFound: 'Année scolaire introuvable.',
  yearLabelTaken: 'Cette année scolaire existe déjà.',
  yearDates: 'La fin de l’année doit être après son début.',
  noCurrentYear:
    'Aucune année scolaire en cours : créez-en une dans « Programmes et cursus » avant d’inscrire.',
  programmeArchived: 'Ce programme est archivé.',
  levelArchived: 'Ce niveau est archivé : choisissez un niveau actif.',
  monthsRequired: 'Choisissez au moins un mois facturé.',
  scheduleRequired: 'Ajoutez au moins une échéance à la grille de frais.',
  invalidDueDay: 'Ce jour n’existe pas dans ce mois.',
} as const;

export const academicYearSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  current: z.boolean(),
});
export type AcademicYear = z.infer<typeof academicYearSchema>;

export const academicYearListSchema = z.object({ items: z.array(academicYearSchema) });

const yearFields = {
  label: z
    .string({ error: 'Le libellé est obligatoire (ex. 2026-2027).' })
    .trim()
    .regex(/^\d{4}-\d{4}$/, 'Libellé attendu : 2026-2027.'),
  startsOn: isoDaySchema,
  endsOn: isoDaySchema,
};

export const createAcademicYearRequestSchema = z
  .object({ ...yearFields, current: z.boolean().default(false) })
  .refine((year) => year.endsOn > year.startsOn, {
    message: ProgrammeMessages.yearDates,
    path: ['endsOn'],
  });
export type CreateAcademicYearRequest = z.infer<typeof createAcademicYearRequestSchema>;

export const updateAcademicYearRequestSchema = z
  .object({
    label: yearFields.label.optional(),
    startsOn: isoDaySchema.optional(),
    endsOn: isoDaySchema.optional(),
    /** Only `true`: making a year current makes the previous one not current. */
    current: z.literal(true).optional(),
  })
  .refine((year) => !year.startsOn || !year.endsOn || year.endsOn > year.startsOn, {
    message: ProgrammeMessages.yearDates,
    path: ['endsOn'],
  });
export type UpdateAcademicYearRequest = z.infer<typeof updateAcademicYearRequestSchema>;

export const academicYearParamsSchema = z.object({ yearId: z.uuid('Année scolaire introuvable.') });

/** One due item of an explicit fee schedule; its date repeats every school year (month and day). */
export const feeScheduleItemSchema = z
  .object({
    label: nameSchema('Le libellé de l’échéance est obligatoire.', 80),
    amount: francsSchema('Le montant de l’échéance', 1),
    dueMonth: z
      .number({ error: 'Mois invalide.' })
      .int('Mois invalide.')
      .min(1, 'Mois invalide.')
      .max(12, 'Mois invalide.'),
    dueDay: z
      .number({ error: 'Jour invalide.' })
      .int('Jour invalide.')
      .min(1, 'Jour invalide.')
      .max(31, 'Jour invalide.'),
  })
  .refine((item) => item.dueDay <= daysInMonth(item.dueMonth), {
    message: ProgrammeMessages.invalidDueDay,
    path: ['dueDay'],
  });
export type FeeScheduleItem = z.infer<typeof feeScheduleItemSchema>;

/** Days in a month of a leap year: 29 February is allowed and billed on the 28th otherwise. */
export function daysInMonth(month: number): number {
  return [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

export const feeModeValues = ['monthly', 'schedule'] as const;
export type FeeMode = (typeof feeModeValues)[number];

const levelFields = z.object({
  name: nameSchema(ProgrammeMessages.levelNameRequired, 80),
  registrationFee: francsSchema('Les frais d’inscription'),
  feeMode: z.enum(feeModeValues, { error: 'Mode de frais invalide.' }).default('monthly'),
  monthlyFee: francsSchema('La mensualité').default(0),
  billedMonths: z
    .array(z.number().int().min(1).max(12), { error: ProgrammeMessages.monthsRequired })
    .max(12)
    .default([...DEFAULT_BILLED_MONTHS]),
  schedule: z.array(feeScheduleItemSchema).max(24, '24 échéances au plus.').default([]),
});

function checkLevel(level: z.infer<typeof levelFields>, context: z.RefinementCtx) {
  if (level.feeMode === 'monthly' && level.billedMonths.length === 0) {
    context.addIssue({
      code: 'custom',
      message: ProgrammeMessages.monthsRequired,
      path: ['billedMonths'],
    });
  }
  if (new Set(level.billedMonths).size !== level.billedMonths.length) {
    context.addIssue({ code: 'custom', message: 'Un mois est en double.', path: ['billedMonths'] });
  }
  if (level.feeMode === 'schedule' && level.schedule.length === 0) {
    context.addIssue({
      code: 'custom',
      message: ProgrammeMessages.scheduleRequired,
      path: ['schedule'],
    });
  }
}

export const levelRequestSchema = levelFields.superRefine(checkLevel);
export type LevelRequest = z.infer<typeof levelRequestSchema>;

export const levelSchema = z.object({
  id: z.uuid(),
  programmeId: z.uuid(),
  name: z.string(),
  registrationFee: z.number().int(),
  feeMode: z.enum(feeModeValues),
  monthlyFee: z.number().int(),
  billedMonths: z.array(z.number().int()),
  schedule: z.array(
    z.object({
      label: z.string(),
      amount: z.number().int(),
      dueMonth: z.number().int(),
      dueDay: z.number().int(),
    }),
  ),
  /** What one student is billed for a whole year in this level, registration included. */
  yearTotal: z.number().int(),
  archived: z.boolean(),
  /** Enrolments refer to it: it can be archived, not deleted. */
  inUse: z.boolean(),
  enrolledCount: z.number().int(),
});
export type Level = z.infer<typeof levelSchema>;

export const programmeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  archived: z.boolean(),
  inUse: z.boolean(),
  levels: z.array(levelSchema),
});
export type Programme = z.infer<typeof programmeSchema>;

export const programmeListQuerySchema = z.object({
  includeArchived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export const programmeListSchema = z.object({ items: z.array(programmeSchema) });

export const programmeRequestSchema = z.object({
  name: nameSchema(ProgrammeMessages.programmeNameRequired),
});
export type ProgrammeRequest = z.infer<typeof programmeRequestSchema>;

export const updateProgrammeRequestSchema = z
  .object({
    name: nameSchema(ProgrammeMessages.programmeNameRequired).optional(),
    /** `false` brings an archived programme back. */
    archived: z.literal(false).optional(),
  })
  .refine((body) => body.name !== undefined || body.archived !== undefined, {
    message: 'Rien à modifier.',
  });

export const programmeParamsSchema = z.object({ programmeId: z.uuid('Programme introuvable.') });
export const levelParamsSchema = z.object({ levelId: z.uuid('Niveau introuvable.') });
export const updateLevelRequestSchema = levelFields
  .extend({ archived: z.literal(false).optional() })
  .superRefine(checkLevel);
