import { z } from 'zod';
import {
  francsSchema,
  isoDaySchema,
  pageOf,
  pageQuery,
  pageSizeQuery,
  reasonSchema,
} from './common';

/**
 * « Comptabilité › Virements »: the payouts of net amounts to the school's bank account, their
 * schedule, and each payout's payments (`/api/accounting/payouts…`, `/api/accounting/payout-settings`).
 */
export const payoutStatusValues = ['pending', 'sending', 'paid', 'failed'] as const;
export type PayoutStatusValue = (typeof payoutStatusValues)[number];
export const payoutStatusLabels: Record<PayoutStatusValue, string> = {
  pending: 'En attente',
  sending: 'En cours',
  paid: 'Payé',
  failed: 'Échoué',
};

/** The status in the address, in French (`?statut=en-attente`). */
export const payoutStatusWords: Record<PayoutStatusValue, string> = {
  pending: 'en-attente',
  sending: 'en-cours',
  paid: 'paye',
  failed: 'echoue',
};

export const payoutsQuerySchema = z.object({
  ...pageQuery,
  pageSize: pageSizeQuery(8),
  status: z.enum(payoutStatusValues, { error: 'Statut inconnu.' }).optional(),
});
export type PayoutsQuery = z.infer<typeof payoutsQuerySchema>;

export const payoutSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: z.enum(payoutStatusValues),
  rail: z.string().nullable(),
  transferId: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  gross: z.number().int(),
  commission: z.number().int(),
  providerFee: z.number().int(),
  net: z.number().int(),
  paymentCount: z.number().int(),
  bankName: z.string().nullable(),
  accountHolder: z.string().nullable(),
  accountMasked: z.string(),
  origin: z.enum(['schedule', 'manual']),
  scheduledFor: z.string(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  valueDate: z.string().nullable(),
  bankReference: z.string().nullable(),
  failedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutsPageSchema = pageOf(payoutSchema);
export type PayoutsPage = z.infer<typeof payoutsPageSchema>;

export const payoutIdParamsSchema = z.object({
  payoutId: z.uuid({ error: 'Virement introuvable.' }),
});

export const payoutLinesQuerySchema = z.object({ ...pageQuery, pageSize: pageSizeQuery(20) });

/** One payment (or refund) a payout covers. */
export const payoutLineSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['payment', 'refund']),
  paymentId: z.uuid(),
  day: z.string(),
  occurredAt: z.string(),
  studentLabel: z.string(),
  provider: z.string(),
  wallet: z.string(),
  gross: z.number().int(),
  commission: z.number().int(),
  providerFee: z.number().int(),
  /** No fee of the provider was in force: `providerFee` 0 means unknown, not free. */
  feeRateMissing: z.boolean(),
  net: z.number().int(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

export const payoutDetailSchema = z.object({
  payout: payoutSchema,
  lines: pageOf(payoutLineSchema),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

const referenceText = (label: string) =>
  z
    .string({ error: `Indiquez ${label}.` })
    .trim()
    .min(3, `Indiquez ${label} (3 caractères au moins).`)
    .max(100, '100 caractères au plus.');

/** « Envoyer »: on the manual rail, the bank's transfer reference the member typed. */
export const sendPayoutRequestSchema = z.object({
  transferId: referenceText('la référence du virement').optional(),
});
export type SendPayoutRequest = z.infer<typeof sendPayoutRequestSchema>;

/** « Marquer payé »: the bank's value date and its reference. */
export const markPayoutPaidRequestSchema = z.object({
  valueDate: isoDaySchema,
  bankReference: referenceText('la référence de la banque'),
});
export type MarkPayoutPaidRequest = z.infer<typeof markPayoutPaidRequestSchema>;

/** « Marquer échoué »: why. */
export const markPayoutFailedRequestSchema = z.object({ reason: reasonSchema });
export type MarkPayoutFailedRequest = z.infer<typeof markPayoutFailedRequestSchema>;

export const payoutScheduleValues = ['daily', 'weekly'] as const;
export type PayoutScheduleValue = (typeof payoutScheduleValues)[number];

/** 1 = lundi … 7 = dimanche (ISO). */
export const payoutWeekdayLabels = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
] as const;

export const payoutSettingsSchema = z.object({
  schedule: z.enum(payoutScheduleValues),
  weekday: z.number().int().min(1).max(7),
  minimumXof: z.number().int(),
  paused: z.boolean(),
  /** « Envoyer » asks for the bank's transfer reference (the manual rail). */
  transferIdTyped: z.boolean(),
  /** Whether the school's bank details are filled in (else no payout leaves). */
  bankDetailsReady: z.boolean(),
  accountMasked: z.string().nullable(),
  /** What the next payout would carry today: pending lines up to the cutoff. */
  pendingNet: z.number().int(),
  pendingCount: z.number().int(),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

export const updatePayoutSettingsRequestSchema = z.object({
  schedule: z.enum(payoutScheduleValues, { error: 'Fréquence : quotidienne ou hebdomadaire.' }),
  weekday: z
    .number({ error: 'Choisissez un jour de la semaine.' })
    .int('Choisissez un jour de la semaine.')
    .min(1, 'Choisissez un jour de la semaine.')
    .max(7, 'Choisissez un jour de la semaine.'),
  minimumXof: francsSchema('Le montant minimum'),
  paused: z.boolean(),
});
export type UpdatePayoutSettingsRequest = z.infer<typeof updatePayoutSettingsRequestSchema>;

/** Defaults when the school never set its schedule. */
export const DEFAULT_PAYOUT_SETTINGS = {
  schedule: 'weekly',
  weekday: 1,
  minimumXof: 1_000,
  paused: false,
} as const satisfies UpdatePayoutSettingsRequest;
