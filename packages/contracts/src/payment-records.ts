import { z } from 'zod';
import {
  exportFormatSchema,
  francsSchema,
  isoDaySchema,
  pageOf,
  pageQuery,
  pageSizeQuery,
  reasonSchema,
} from './common';
import {
  paymentChannelValues,
  paymentMethodValues,
  paymentSchema,
  paymentStatusValues,
  walletLabels,
  walletValues,
} from './payments';

/**
 * The « PSP » filter of « Paiements », in the words of its column: the wallet a payer used online
 * (Mixx by Yas, Moov Flooz…), or the school's cash desk (« Caisse », whatever the method). Each
 * payment falls under exactly one.
 */
export const paymentPspValues = [...walletValues, 'desk'] as const;
export type PaymentPspValue = (typeof paymentPspValues)[number];
export const paymentPspLabels: Record<PaymentPspValue, string> = {
  ...walletLabels,
  desk: 'Caisse',
};

/**
 * « Paiements » (/admin/paiements): every payment of the school, filtered and sorted on the
 * server, 9 rows per page (spec §2). `from`/`to` are days of the school's calendar, inclusive.
 */
export const paymentListFilters = {
  status: z.enum(paymentStatusValues, { error: 'Statut inconnu.' }).optional(),
  psp: z.enum(paymentPspValues, { error: 'PSP inconnu.' }).optional(),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  /** A student's name or matricule (accent- and case-free), or an invoice number. */
  student: z.string().trim().max(100, '100 caractères au plus.').optional(),
  studentId: z.uuid('Étudiant introuvable.').optional(),
  /** Date sort: newest first (`desc`, the default) or oldest first. */
  sort: z.enum(['desc', 'asc'], { error: 'Tri : asc ou desc.' }).default('desc'),
};
export const paymentListQuerySchema = z
  .object({ ...paymentListFilters, ...pageQuery, pageSize: pageSizeQuery(9) })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'La date de début doit précéder la date de fin.',
    path: ['to'],
  });
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

export const paymentExportQuerySchema = z
  .object({ ...paymentListFilters, format: exportFormatSchema.default('csv') })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'La date de début doit précéder la date de fin.',
    path: ['to'],
  });

/** One row of « Paiements » and of the dashboard's recent payments (spec §3 payment rows). */
export const paymentRowSchema = z.object({
  id: z.string(),
  /** When it was asked for (or recorded at the desk); the « Date » column. */
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
  provider: z.enum(paymentChannelValues),
  wallet: z.enum(paymentMethodValues),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  status: z.enum(paymentStatusValues),
  lateSuccess: z.boolean(),
  /** « Réf. Facture »: the invoices paid (or asked for), ST-YYYY-NNNN. */
  invoiceNumbers: z.array(z.string()),
  /** « Étudiant »: the students whose invoices it pays. */
  students: z.array(z.object({ id: z.string(), name: z.string(), matricule: z.string() })),
  guardianName: z.string(),
  receiptId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;
export const paymentRowPageSchema = pageOf(paymentRowSchema);
export type PaymentRowPage = z.infer<typeof paymentRowPageSchema>;

export const refundStatusValues = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatusValue = (typeof refundStatusValues)[number];
export const refundStatusLabels: Record<RefundStatusValue, string> = {
  pending: 'En cours',
  succeeded: 'Remboursé',
  failed: 'Échec',
};
/** Through the provider's refund API, or recorded as done by hand (cash, transfer…). */
export const refundMethodValues = ['provider', 'manual'] as const;
export type RefundMethodValue = (typeof refundMethodValues)[number];

/** `POST /api/payments/:paymentId/refunds` (refund:payments). */
export const refundRequestSchema = z
  .object({
    amount: francsSchema('Le montant à rembourser', 1),
    reason: reasonSchema,
    /** `manual`: the money was given back outside the provider; default: the provider if it can. */
    method: z.enum(refundMethodValues, { error: 'Méthode : provider ou manual.' }).optional(),
  })
  .strict();
export type RefundRequestBody = z.input<typeof refundRequestSchema>;

export const refundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  method: z.enum(refundMethodValues),
  status: z.enum(refundStatusValues),
  failureReason: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** The payment's whole story, for the detail drawer. */
export const paymentTimelineSchema = z.object({
  payment: paymentSchema,
  students: z.array(z.object({ id: z.string(), name: z.string(), matricule: z.string() })),
  transitions: z.array(
    z.object({
      from: z.enum(paymentStatusValues).nullable(),
      to: z.enum(paymentStatusValues),
      /** initiation, webhook, poll, refresh, expiry, desk, refund. */
      cause: z.string(),
      providerStatus: z.string().nullable(),
      at: z.string(),
    }),
  ),
  providerEvents: z.array(
    z.object({
      id: z.string(),
      receivedAt: z.string(),
      eventType: z.string().nullable(),
      hintedStatus: z.string().nullable(),
      authenticity: z.string(),
      outcome: z.string().nullable(),
    }),
  ),
  refunds: z.array(refundSchema),
  receipt: z
    .object({
      id: z.string(),
      number: z.string(),
      issuedAt: z.string(),
      verificationUrl: z.string(),
    })
    .nullable(),
  /** The refundable rest: amount − refunds done or pending. */
  refundable: z.number().int(),
  /** Whether the provider can refund this payment, and how much of it. */
  providerRefund: z.enum(['none', 'full', 'partial']),
});
export type PaymentTimeline = z.infer<typeof paymentTimelineSchema>;

export const dayRangeQuerySchema = z
  .object({ from: isoDaySchema, to: isoDaySchema })
  .refine((query) => query.from <= query.to, {
    message: 'La date de début doit précéder la date de fin.',
    path: ['to'],
  });
