import { z } from 'zod';
import { nameSchema, pageOf, pageQuery, pageSizeQuery, reasonSchema } from './common';
import { birthDateFieldSchema } from './birth-date';
import { optionalEmailSchema, optionalPhoneSchema, phoneSchema } from './phone';

export * from './birth-date';

export const studentStatusValues = ['active', 'suspended', 'pending'] as const;
export type StudentStatus = (typeof studentStatusValues)[number];
export const studentStatusLabels: Record<StudentStatus, string> = {
  active: 'Actif',
  suspended: 'Suspendu',
  pending: 'En attente',
};

export const guardianRelationValues = [
  'mother',
  'father',
  'guardian',
  'sponsor',
  'self',
  'other',
] as const;
export type GuardianRelation = (typeof guardianRelationValues)[number];
export const guardianRelationLabels: Record<GuardianRelation, string> = {
  mother: 'Mère',
  father: 'Père',
  guardian: 'Tuteur / tutrice',
  sponsor: 'Parrain / marraine',
  self: 'L’étudiant lui-même',
  other: 'Autre',
};

export const StudentMessages = {
  nameRequired: 'Le nom complet est obligatoire.',
  notFound: 'Étudiant introuvable.',
  guardianNotFound: 'Responsable introuvable.',
  enrolmentNotFound: 'Inscription introuvable.',
  matriculeTaken: 'Ce matricule est déjà attribué à un autre étudiant.',
  guardianPhoneTaken: 'Un autre responsable a déjà ce numéro de téléphone.',
  alreadyLinked: 'Ce responsable est déjà lié à cet étudiant.',
  archived: 'Cet étudiant est archivé.',
  alreadyWithdrawn: 'Cette inscription est déjà retirée.',
  otherLevelThisYear:
    'Cet étudiant est déjà inscrit dans un autre niveau pour cette année. Retirez d’abord cette inscription.',
  levelOfOtherProgramme: 'Ce niveau n’appartient pas au programme choisi.',
} as const;

const matriculePrefix = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9]{0,9}$/, 'Préfixe : 1 à 10 lettres majuscules ou chiffres (ex. STU).');
export { matriculePrefix as matriculePrefixSchema };

export const studentListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(studentStatusValues).optional(),
  programmeId: z.uuid('Programme introuvable.').optional(),
  levelId: z.uuid('Niveau introuvable.').optional(),
  /** The year the programme and level filters refer to; the current year by default. */
  yearId: z.uuid('Année scolaire introuvable.').optional(),
  balance: z.enum(['due', 'overdue', 'clear']).optional(),
  includeArchived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  ...pageQuery,
  pageSize: pageSizeQuery(4),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

export const studentItemSchema = z.object({
  id: z.uuid(),
  matricule: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Date de naissance `YYYY-MM-DD`, when the school knows it. */
  birthDate: z.string().nullable(),
  status: z.enum(studentStatusValues),
  archived: z.boolean(),
  programme: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The level of the enrolment in the selected (or current) year. */
  level: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Outstanding amount over all open invoices. */
  balance: z.number().int(),
  overdue: z.number().int(),
});
export type StudentItem = z.infer<typeof studentItemSchema>;
export const studentListSchema = pageOf(studentItemSchema);

export const studentSummarySchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  suspended: z.number().int(),
  pending: z.number().int(),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;

/** The spec's modal « Ajouter un nouvel étudiant »: Nom complet, Téléphone, Email, Programme, Status. */
export const studentRequestSchema = z.object({
  fullName: nameSchema(StudentMessages.nameRequired),
  phone: optionalPhoneSchema,
  email: optionalEmailSchema,
  /**
   * Date de naissance `YYYY-MM-DD` (1900 to today); empty or null: none. Absent from an update:
   * unchanged.
   */
  birthDate: birthDateFieldSchema,
  programmeId: z
    .uuid('Programme introuvable.')
    .nullish()
    .transform((v) => v ?? null),
  status: z.enum(studentStatusValues, { error: 'Statut invalide.' }).default('active'),
  /** Why the status changes (kept in the status history); optional. */
  statusReason: z.string().trim().max(300).optional(),
});
export type StudentRequest = z.infer<typeof studentRequestSchema>;

export const studentParamsSchema = z.object({ studentId: z.uuid(StudentMessages.notFound) });

export const statusChangeSchema = z.object({
  from: z.enum(studentStatusValues).nullable(),
  to: z.enum(studentStatusValues),
  reason: z.string().nullable(),
  changedBy: z.string(),
  changedAt: z.string(),
});

export const guardianSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
});
export type Guardian = z.infer<typeof guardianSchema>;

export const studentGuardianSchema = guardianSchema.extend({
  relation: z.enum(guardianRelationValues),
  mainPayer: z.boolean(),
  /** Other students of the school this guardian is linked to (the family). */
  otherStudents: z.array(z.object({ id: z.uuid(), fullName: z.string(), matricule: z.string() })),
});
export type StudentGuardian = z.infer<typeof studentGuardianSchema>;

export const enrolmentSchema = z.object({
  id: z.uuid(),
  academicYear: z.object({ id: z.uuid(), label: z.string() }),
  programme: z.object({ id: z.uuid(), name: z.string() }),
  level: z.object({ id: z.uuid(), name: z.string() }),
  status: z.enum(['active', 'withdrawn']),
  enrolledAt: z.string(),
  withdrawnAt: z.string().nullable(),
  withdrawalReason: z.string().nullable(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const studentDetailSchema = studentItemSchema.extend({
  createdAt: z.string(),
  statusHistory: z.array(statusChangeSchema),
  guardians: z.array(studentGuardianSchema),
  enrolments: z.array(enrolmentSchema),
  balances: z.object({
    billed: z.number().int(),
    paid: z.number().int(),
    due: z.number().int(),
    overdue: z.number().int(),
  }),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const guardianParamsSchema = z.object({
  guardianId: z.uuid(StudentMessages.guardianNotFound),
});
export const studentGuardianParamsSchema = studentParamsSchema.extend(guardianParamsSchema.shape);

export const guardianFieldsSchema = z.object({
  fullName: nameSchema('Le nom du responsable est obligatoire.'),
  phone: phoneSchema,
  email: optionalEmailSchema,
});
export type GuardianFields = z.infer<typeof guardianFieldsSchema>;

/** Links a guardian to a student: an existing one (`guardianId`) or a new one (its fields). */
export const linkGuardianRequestSchema = z.union([
  z.object({
    guardianId: z.uuid(StudentMessages.guardianNotFound),
    relation: z.enum(guardianRelationValues, { error: 'Lien de parenté invalide.' }),
    mainPayer: z.boolean().default(false),
  }),
  guardianFieldsSchema.extend({
    relation: z.enum(guardianRelationValues, { error: 'Lien de parenté invalide.' }),
    mainPayer: z.boolean().default(false),
  }),
]);
export type LinkGuardianRequest = z.infer<typeof linkGuardianRequestSchema>;

export const updateGuardianLinkRequestSchema = z
  .object({
    relation: z.enum(guardianRelationValues, { error: 'Lien de parenté invalide.' }).optional(),
    mainPayer: z.literal(true).optional(),
  })
  .refine((body) => body.relation !== undefined || body.mainPayer !== undefined, {
    message: 'Rien à modifier.',
  });

export const guardianListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});
export const guardianItemSchema = guardianSchema.extend({
  students: z.array(z.object({ id: z.uuid(), fullName: z.string(), matricule: z.string() })),
});
export type GuardianItem = z.infer<typeof guardianItemSchema>;
export const guardianListSchema = pageOf(guardianItemSchema);

export const enrolRequestSchema = z.object({
  levelId: z.uuid('Niveau introuvable.'),
  /** The current school year when absent. */
  academicYearId: z.uuid('Année scolaire introuvable.').optional(),
});
export type EnrolRequest = z.infer<typeof enrolRequestSchema>;
export const enrolResponseSchema = z.object({
  enrolment: enrolmentSchema,
  /** False when the student was already enrolled there: nothing was billed again. */
  created: z.boolean(),
  invoicesIssued: z.number().int(),
});

/**
 * `POST /api/enrolments`: « Nouvel Étudiant » with a programme chosen — the student, enrolled in
 * one of its levels for a school year (the current one when absent), with the enrolment's
 * invoices, all at once.
 */
export const newStudentEnrolmentSchema = studentRequestSchema.extend({
  levelId: z.uuid('Choisissez un niveau.'),
  academicYearId: z.uuid('Année scolaire introuvable.').optional(),
});
export type NewStudentEnrolment = z.infer<typeof newStudentEnrolmentSchema>;
export const newStudentEnrolmentResponseSchema = z.object({
  student: studentItemSchema,
  enrolment: enrolmentSchema,
  invoicesIssued: z.number().int(),
});
export type NewStudentEnrolmentResponse = z.infer<typeof newStudentEnrolmentResponseSchema>;

export const enrolmentParamsSchema = z.object({
  enrolmentId: z.uuid(StudentMessages.enrolmentNotFound),
});
export const withdrawRequestSchema = z.object({ reason: reasonSchema });
export const withdrawResponseSchema = z.object({ invoicesVoided: z.number().int() });
