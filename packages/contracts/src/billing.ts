import { z } from 'zod';
import { onlinePaymentSettingsSchema } from './payer';
import {
  exportFormatSchema,
  francsSchema,
  isoDaySchema,
  nameSchema,
  pageOf,
  pageQuery,
  pageSizeQuery,
  reasonSchema,
} from './common';
import { matriculePrefixSchema } from './students';

export const invoiceStatusValues = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatusValues)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: 'Brouillon',
  open: 'À payer',
  partially_paid: 'Partiellement payée',
  paid: 'Payée',
  void: 'Annulée',
};

export const invoiceLineKindValues = [
  'registration',
  'tuition',
  'fee',
  'scholarship',
  'sibling_discount',
  'late_fee',
  'late_fee_waiver',
  'coupon',
] as const;
export type InvoiceLineKind = (typeof invoiceLineKindValues)[number];
export const invoiceLineKindLabels: Record<InvoiceLineKind, string> = {
  registration: 'Inscription',
  tuition: 'Scolarité',
  fee: 'Frais',
  scholarship: 'Bourse',
  sibling_discount: 'Réduction fratrie',
  late_fee: 'Pénalité de retard',
  late_fee_waiver: 'Pénalité annulée',
  coupon: 'Coupon',
};

export const BillingMessages = {
  invoiceNotFound: 'Facture introuvable.',
  lineNotFound: 'Ligne de facture introuvable.',
  scholarshipNotFound: 'Bourse introuvable.',
  alreadyVoid: 'Cette facture est déjà annulée.',
  voidPaid: 'Cette facture a reçu des paiements : remboursez-les avant de l’annuler.',
  notDraft: 'Seule une facture en brouillon peut être modifiée ou émise.',
  notLateFee: 'Seule une pénalité de retard peut être annulée ainsi.',
  alreadyWaived: 'Cette pénalité est déjà annulée.',
  alreadyDecided: 'Cette bourse a déjà été décidée.',
  selfDecision:
    'Vous avez recommandé cette bourse : un autre membre (Directeur ou Super administration) doit l’accorder ou la refuser.',
  refusalReason: 'Indiquez le motif du refus (3 caractères au moins).',
  noEnrolmentForYear: 'L’étudiant n’est pas inscrit cette année-là : inscrivez-le d’abord.',
  percentRange: 'Le pourcentage doit être entre 1 et 100.',
} as const;

export const invoiceListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  studentId: z.uuid('Étudiant introuvable.').optional(),
  status: z.enum(invoiceStatusValues).optional(),
  yearId: z.uuid('Année scolaire introuvable.').optional(),
  overdue: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceItemSchema = z.object({
  id: z.uuid(),
  /** `ST-2026-0001`; null while a draft. */
  number: z.string().nullable(),
  student: z.object({ id: z.uuid(), fullName: z.string(), matricule: z.string() }),
  label: z.string(),
  dueOn: z.string(),
  status: z.enum(invoiceStatusValues),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  overdue: z.boolean(),
  issuedAt: z.string().nullable(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;
export const invoiceListSchema = pageOf(invoiceItemSchema);

export const invoiceLineSchema = z.object({
  id: z.uuid(),
  kind: z.enum(invoiceLineKindValues),
  label: z.string(),
  amount: z.number().int(),
  createdAt: z.string(),
  /** For a late fee: already waived. */
  waived: z.boolean(),
  reason: z.string().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceDetailSchema = invoiceItemSchema.extend({
  academicYear: z.object({ id: z.uuid(), label: z.string() }).nullable(),
  lines: z.array(invoiceLineSchema),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceParamsSchema = z.object({ invoiceId: z.uuid(BillingMessages.invoiceNotFound) });
export const invoiceLineParamsSchema = invoiceParamsSchema.extend({
  lineId: z.uuid(BillingMessages.lineNotFound),
});

export const invoiceRequestSchema = z.object({
  studentId: z.uuid('Étudiant introuvable.'),
  label: nameSchema('Le libellé de la facture est obligatoire.', 120),
  dueOn: isoDaySchema,
  lines: z
    .array(
      z.object({
        label: nameSchema('Le libellé de la ligne est obligatoire.', 120),
        amount: francsSchema('Le montant de la ligne', 1),
      }),
      { error: 'Ajoutez au moins une ligne.' },
    )
    .min(1, 'Ajoutez au moins une ligne.')
    .max(50, '50 lignes au plus.'),
  /** Issue at once (a number is assigned) or keep as a draft. */
  issue: z.boolean().default(true),
});
export type InvoiceRequest = z.infer<typeof invoiceRequestSchema>;

export const voidInvoiceRequestSchema = z.object({ reason: reasonSchema });
export const waiveLineRequestSchema = z.object({ reason: reasonSchema });

export const balanceExportQuerySchema = z.object({ format: exportFormatSchema.default('csv') });

export const scholarshipStatusValues = ['recommended', 'granted', 'refused'] as const;
export type ScholarshipStatus = (typeof scholarshipStatusValues)[number];
export const scholarshipStatusLabels: Record<ScholarshipStatus, string> = {
  recommended: 'Recommandé',
  granted: 'Accordé',
  refused: 'Refusé',
};

export const scholarshipListQuerySchema = z.object({
  /** Student's name or matricule, or the scholarship's name. */
  q: z.string().trim().max(100).optional(),
  studentId: z.uuid('Étudiant introuvable.').optional(),
  status: z.enum(scholarshipStatusValues).optional(),
  /** The student's programme. */
  programmeId: z.uuid('Programme introuvable.').optional(),
  yearId: z.uuid('Année scolaire introuvable.').optional(),
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});

export const scholarshipSchema = z.object({
  id: z.uuid(),
  student: z.object({ id: z.uuid(), fullName: z.string(), matricule: z.string() }),
  programme: z.string().nullable(),
  academicYear: z.object({ id: z.uuid(), label: z.string() }),
  name: z.string(),
  kind: z.enum(['percent', 'fixed']),
  /** Percent (1–100) or francs, according to `kind`. */
  value: z.number().int(),
  /** Francs actually deducted on the year's invoices so far. */
  amountApplied: z.number().int(),
  reason: z.string(),
  status: z.enum(scholarshipStatusValues),
  recommendedBy: z.string(),
  /** The recommending member (null for demo data): that member may not decide. */
  recommendedByUserId: z.uuid().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Why it was refused (status refused). */
  refusalReason: z.string().nullable(),
  /** Its effect: the invoices it took something off, with the discount line. */
  invoices: z.array(
    z.object({
      id: z.uuid(),
      number: z.string().nullable(),
      label: z.string(),
      dueOn: z.string(),
      /** The invoice's total after every line (the discount included). */
      total: z.number().int(),
      balance: z.number().int(),
      lineLabel: z.string(),
      /** Francs taken off this invoice by the scholarship (positive). */
      discount: z.number().int(),
    }),
  ),
  createdAt: z.string(),
});
export type Scholarship = z.infer<typeof scholarshipSchema>;
export const scholarshipListSchema = pageOf(scholarshipSchema);

export const scholarshipRequestSchema = z
  .object({
    studentId: z.uuid('Étudiant introuvable.'),
    academicYearId: z.uuid('Année scolaire introuvable.').optional(),
    name: nameSchema('Le nom de la bourse est obligatoire.', 80),
    kind: z.enum(['percent', 'fixed'], { error: 'Type de bourse invalide.' }),
    value: francsSchema('La valeur', 1),
    /** Creating is recommending: a member with grant:scholarships, not the recommender, decides. */
    reason: reasonSchema,
  })
  .refine((body) => body.kind !== 'percent' || body.value <= 100, {
    message: BillingMessages.percentRange,
    path: ['value'],
  });
export type ScholarshipRequest = z.infer<typeof scholarshipRequestSchema>;

export const scholarshipParamsSchema = z.object({
  scholarshipId: z.uuid(BillingMessages.scholarshipNotFound),
});
export const scholarshipDecisionRequestSchema = z
  .object({
    decision: z.enum(['granted', 'refused'], { error: 'Décision invalide.' }),
    /** Required for a refusal; shown in the list. */
    reason: z.string().trim().max(500, '500 caractères au plus.').optional(),
  })
  .refine((body) => body.decision !== 'refused' || (body.reason ?? '').length >= 3, {
    message: BillingMessages.refusalReason,
    path: ['reason'],
  });
export type ScholarshipDecisionRequest = z.infer<typeof scholarshipDecisionRequestSchema>;

const percent = z
  .number({ error: BillingMessages.percentRange })
  .int('Le pourcentage doit être un nombre entier.')
  .min(0, 'Le pourcentage ne peut pas être négatif.')
  .max(100, BillingMessages.percentRange);

export const billingSettingsSchema = z
  .object({
    matriculePrefix: matriculePrefixSchema,
    /** Day of the month a monthly instalment falls due (1–28). */
    monthlyDueDay: z.number().int().min(1, 'Jour entre 1 et 28.').max(28, 'Jour entre 1 et 28.'),
    siblingDiscount: z.object({
      enabled: z.boolean(),
      secondChildPercent: percent,
      thirdChildPercent: percent,
    }),
    lateFee: z.object({
      enabled: z.boolean(),
      graceDays: z.number().int().min(0, 'Délai de grâce invalide.').max(365),
      kind: z.enum(['fixed', 'percent']),
      /** Francs per period, or percent of the invoice's balance per period. */
      value: francsSchema('La pénalité'),
      /** Most a single invoice can carry in late fees, in francs (0: no cap). */
      cap: francsSchema('Le plafond'),
    }),
    /** Online payment rules (absent in older clients: defaults). */
    onlinePayment: onlinePaymentSettingsSchema.default({ partialAllowed: false, minimumAmount: 0 }),
  })
  .refine((s) => s.lateFee.kind !== 'percent' || s.lateFee.value <= 100, {
    message: BillingMessages.percentRange,
    path: ['lateFee', 'value'],
  });
export type BillingSettings = z.infer<typeof billingSettingsSchema>;
