import { z } from 'zod';
import { isoDaySchema, pageQuery } from './common';
import { paymentChannelValues, paymentMethodValues } from './payments';

/**
 * « Comptabilité » › « Paiements » (`GET /api/accounting/settlements`): one line per payment or
 * refund with what the school is owed for it (gross, the platform's commission, the provider's
 * fee, net) and where it stands with the payouts (spec §2, §3 « Transfer row », §4). Sorted by
 * any column, filtered, 8 lines a page, with the totals of every filtered line.
 */

/**
 * Where a line stands with respect to the payouts to the school's bank account (its French words:
 * accounting-payouts' `settlementStatusLabels`).
 */
export const settlementStatusValues = ['pending', 'in_payout', 'paid', 'at_desk'] as const;
export type SettlementStatusValue = (typeof settlementStatusValues)[number];

export const settlementKindValues = ['payment', 'refund'] as const;
export type SettlementKindValue = (typeof settlementKindValues)[number];

/** The columns the table sorts by (spec §4: every header sorts). */
export const settlementSortValues = [
  'date',
  'student',
  'gross',
  'commission',
  'fee',
  'net',
  'status',
  'transfer',
] as const;
export type SettlementSortValue = (typeof settlementSortValues)[number];
export const settlementSortDirections = ['asc', 'desc'] as const;
export type SettlementSortDirection = (typeof settlementSortDirections)[number];

/** The spec's 8 lines a page. */
export const SETTLEMENTS_PAGE_SIZE = 8;

export const settlementListFilters = {
  /** First and last school day of the lines (inclusive). */
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  /** A provider, or `desk` for the cash desk. */
  provider: z.enum(paymentChannelValues, { error: 'Opérateur inconnu.' }).optional(),
  status: z.enum(settlementStatusValues, { error: 'Statut inconnu.' }).optional(),
  /** The lines of one payout. */
  payoutId: z.uuid('Virement introuvable.').optional(),
  /** A student's name (accent- and case-free), anywhere in it. */
  q: z.string().trim().max(100, '100 caractères au plus.').optional(),
};

/** `GET /api/accounting/settlements?page=&sort=&dir=&from=&to=&provider=&status=&payoutId=&q=` */
export const settlementListQuerySchema = z
  .object({
    ...pageQuery,
    sort: z
      .enum(settlementSortValues, {
        error:
          'Tri inconnu : date, student, gross, commission, fee, net, status ou transfer attendu.',
      })
      .default('date'),
    dir: z.enum(settlementSortDirections, { error: 'Ordre : asc ou desc.' }).default('desc'),
    ...settlementListFilters,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'La date de début doit précéder la date de fin.',
    path: ['to'],
  });
export type SettlementListQuery = z.input<typeof settlementListQuerySchema>;
export type SettlementListParams = z.output<typeof settlementListQuerySchema>;

/** One line of the table (spec §3 « Transfer row »). A refund's amounts are negative. */
export const settlementRowSchema = z.object({
  id: z.string(),
  kind: z.enum(settlementKindValues),
  paymentId: z.string(),
  /** When the money moved (ISO instant); the « Date » column. */
  date: z.string(),
  studentId: z.string().nullable(),
  /** « Awa Mensah », or « Awa Mensah +1 » for a payment of several students. */
  studentLabel: z.string(),
  gross: z.number().int(),
  commission: z.number().int(),
  providerFee: z.number().int(),
  /**
   * No fee of the provider was in force when the payment succeeded: `providerFee` is 0 but the
   * fee is unknown (shown « inconnu », never « 0 FCFA »).
   */
  feeRateMissing: z.boolean(),
  net: z.number().int(),
  status: z.enum(settlementStatusValues),
  provider: z.enum(paymentChannelValues),
  wallet: z.enum(paymentMethodValues),
  payoutId: z.string().nullable(),
  /** The payout's own reference, and the bank's transfer id once it was sent. */
  payoutReference: z.string().nullable(),
  transferId: z.string().nullable(),
});
export type SettlementRow = z.infer<typeof settlementRowSchema>;

/** Sums of every filtered line (not only the page's). */
export const settlementTotalsSchema = z.object({
  count: z.number().int(),
  gross: z.number().int(),
  commission: z.number().int(),
  providerFee: z.number().int(),
  net: z.number().int(),
});
export type SettlementTotals = z.infer<typeof settlementTotalsSchema>;

export const settlementPageSchema = z.object({
  rows: z.array(settlementRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totals: settlementTotalsSchema,
});
export type SettlementPage = z.infer<typeof settlementPageSchema>;
