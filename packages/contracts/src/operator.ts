import { z } from 'zod';
import { isoDaySchema, pageOf, pageQuery, pageSizeQuery, reasonSchema } from './common';
import { planIdSchema } from './organizations';
import { providerValues, walletValues } from './payments';
import { kycStatusValues, kycSummarySchema } from './settings';

/**
 * The platform operator's console (`/api/operator/...`): Écolage's own staff, a platform-level
 * role (`users.platform_role = 'operator'`), never a school role. They see the schools, their plan,
 * KYC and volumes, the public site's inbox and the providers' fee table — never a school's
 * students, payments, invoices or receipts.
 */
export const platformRoleValues = ['operator'] as const;
export const platformRoleSchema = z.enum(platformRoleValues);
export type PlatformRole = z.infer<typeof platformRoleSchema>;

/**
 * A school's KYC as a whole (settings' rule): a refused document, a kind still to send, every
 * kind validated, else submitted. As a filter, `soumis` means « à examiner »: a document waiting
 * for review, whatever the others.
 */
export const operatorKycStatusSchema = z.enum(kycStatusValues);
export type OperatorKycStatus = z.infer<typeof operatorKycStatusSchema>;

const searchText = z.string().trim().max(100, '100 caractères au plus.').optional();

/** `GET /api/operator/schools?page=&q=&kyc=&plan=&status=` */
export const operatorSchoolsQuerySchema = z.object({
  ...pageQuery,
  pageSize: pageSizeQuery(20),
  q: searchText,
  kyc: operatorKycStatusSchema.optional(),
  plan: planIdSchema.optional(),
  status: z.enum(['active', 'archived']).optional(),
});
export type OperatorSchoolsQuery = z.infer<typeof operatorSchoolsQuerySchema>;

export const operatorSchoolItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  city: z.string().nullable(),
  country: z.string(),
  plan: planIdSchema,
  planSince: z.string(),
  status: z.enum(['active', 'archived']),
  kycStatus: operatorKycStatusSchema,
  membersCount: z.number().int(),
  /** Francs collected (succeeded payments less refunds) since the 1st of this month, Lomé time. */
  collectedThisMonth: z.number().int(),
  /** Francs collected since the 1st of January, Lomé time. */
  collectedThisYear: z.number().int(),
  createdAt: z.string(),
});
export type OperatorSchoolItem = z.infer<typeof operatorSchoolItemSchema>;
export const operatorSchoolsPageSchema = pageOf(operatorSchoolItemSchema);
export type OperatorSchoolsPage = z.infer<typeof operatorSchoolsPageSchema>;

export const operatorPlanTermsSchema = z.object({
  plan: planIdSchema,
  effectiveFrom: z.string(),
  commissionRateBp: z.number().int(),
  feeFreeVolumeXof: z.number().int(),
  subscriptionXof: z.number().int().nullable(),
  subscriptionPeriod: z.enum(['year', 'month']).nullable(),
  memberLimit: z.number().int().nullable(),
  remindersPerMonth: z.number().int().nullable(),
});
export type OperatorPlanTerms = z.infer<typeof operatorPlanTermsSchema>;

/** `GET /api/operator/schools/:id` */
export const operatorSchoolDetailSchema = operatorSchoolItemSchema.extend({
  contact: z.object({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  }),
  /** The terms in force today (null before the school's first terms). */
  planTerms: operatorPlanTermsSchema.nullable(),
  /** The school's KYC: its status and, per kind, the newest upload (or null). */
  kyc: kycSummarySchema,
});
export type OperatorSchoolDetail = z.infer<typeof operatorSchoolDetailSchema>;

export const operatorKycReviewRequestSchema = z
  .object({
    decision: z.enum(['valide', 'refuse'], { error: 'Décision : valide ou refuse.' }),
    reason: reasonSchema.optional(),
  })
  .refine((value) => value.decision !== 'refuse' || value.reason !== undefined, {
    path: ['reason'],
    message: 'Indiquez le motif du refus (3 caractères au moins).',
  });
export type OperatorKycReviewRequest = z.infer<typeof operatorKycReviewRequestSchema>;

/** The console's refusal form: the reason alone (3–500 characters), the decision implied. */
export const operatorKycRefusalSchema = z.object({ reason: reasonSchema });

/** `GET /api/operator/contact-messages` and `/newsletter-subscribers`: newest first. */
export const operatorInboxQuerySchema = z.object({
  ...pageQuery,
  pageSize: pageSizeQuery(20),
  q: searchText,
});
export type OperatorInboxQuery = z.infer<typeof operatorInboxQuerySchema>;

export const operatorContactMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type OperatorContactMessage = z.infer<typeof operatorContactMessageSchema>;
export const operatorContactMessagesPageSchema = pageOf(operatorContactMessageSchema);

export const operatorSubscriberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  source: z.string(),
  createdAt: z.string(),
  unsubscribedAt: z.string().nullable(),
});
export type OperatorSubscriber = z.infer<typeof operatorSubscriberSchema>;
export const operatorSubscribersPageSchema = pageOf(operatorSubscriberSchema);

/** The wallets each provider carries (as the payments' routing does): a rate names one of them. */
export const providerFeeWallets: Record<
  (typeof providerValues)[number],
  readonly (typeof walletValues)[number][]
> = {
  paygate: ['YAS_TG', 'MOOV_TG'],
  fedapay: ['YAS_TG', 'MOOV_TG', 'CARD'],
  mtn: ['MTN'],
  orange: ['ORANGE'],
  wave: ['WAVE'],
};

/** A provider's merchant fee from a date: `percentBp` basis points (150 = 1,5 %) + fixed francs. */
export const providerFeeRateSchema = z.object({
  id: z.uuid(),
  provider: z.enum(providerValues),
  /** null: every wallet of this provider. */
  wallet: z.enum(walletValues).nullable(),
  percentBp: z.number().int(),
  fixedXof: z.number().int(),
  effectiveFrom: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** null for the defaults the migration wrote. */
  createdBy: z.string().nullable(),
});
export type ProviderFeeRate = z.infer<typeof providerFeeRateSchema>;

/** `GET /api/operator/provider-fees`: the rates in force today, then every rate ever entered. */
export const providerFeesResponseSchema = z.object({
  current: z.array(providerFeeRateSchema),
  history: z.array(providerFeeRateSchema),
});
export type ProviderFeesResponse = z.infer<typeof providerFeesResponseSchema>;

/** `POST /api/operator/provider-fees`: a new rate from a day (today or later, Lomé time). */
export const providerFeeRateRequestSchema = z.object({
  provider: z.enum(providerValues, { error: 'Choisissez un opérateur.' }),
  wallet: z.enum(walletValues, { error: 'Moyen de paiement inconnu.' }).nullable(),
  percentBp: z
    .number({ error: 'Le pourcentage doit être un nombre entier de points de base.' })
    .int('Le pourcentage doit être un nombre entier de points de base.')
    .min(0, 'Le pourcentage ne peut pas être négatif.')
    .max(10_000, 'Le pourcentage ne peut pas dépasser 100 % (10 000 points de base).'),
  fixedXof: z
    .number({ error: 'Les frais fixes doivent être un nombre entier de francs.' })
    .int('Les frais fixes doivent être un nombre entier de francs.')
    .min(0, 'Les frais fixes ne peuvent pas être négatifs.')
    .max(100_000, 'Les frais fixes ne peuvent pas dépasser 100 000 FCFA.'),
  effectiveFrom: isoDaySchema,
  note: z.string().trim().max(300, '300 caractères au plus.').optional(),
});
export type ProviderFeeRateRequest = z.infer<typeof providerFeeRateRequestSchema>;

export const OperatorMessages = {
  operatorOnly: 'Cette page est réservée à l’équipe Écolage (opérateur de la plateforme).',
  noSchool:
    'Ce compte n’est membre d’aucune école : ouvrez la console opérateur ou connectez-vous avec un compte d’école.',
  schoolNotFound: 'École introuvable.',
  kycDocumentNotFound: 'Document introuvable pour cette école.',
  contactMessageNotFound: 'Message introuvable.',
  feeRateInPast: 'Un nouveau taux s’applique à partir d’aujourd’hui ou d’une date à venir.',
  feeWalletMismatch: 'Ce moyen de paiement ne passe pas par cet opérateur.',
  feeRateExists: 'Un taux existe déjà pour cet opérateur, ce moyen de paiement et cette date.',
} as const;
