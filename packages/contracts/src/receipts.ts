import { z } from 'zod';
import { pageOf, pageQuery, pageSizeQuery } from './common';
import { paymentChannelValues, paymentMethodValues } from './payments';

export const ReceiptMessages = {
  receiptNotFound: 'Reçu introuvable.',
  verificationNotFound:
    'Reçu introuvable : ce code ne correspond à aucun reçu émis par une école sur Écolage.',
  archiveTooLarge:
    'Trop de reçus sur cette période (5 000 au plus) : choisissez une période plus courte.',
  archiveEmpty: 'Aucun reçu sur cette période.',
} as const;

/** The state a receipt shows: valid, or marked refunded (« annulé » when fully refunded). */
export const receiptStatusValues = ['valid', 'partially_refunded', 'cancelled'] as const;
export type ReceiptStatusValue = (typeof receiptStatusValues)[number];
export const receiptStatusLabels: Record<ReceiptStatusValue, string> = {
  valid: 'Valide',
  partially_refunded: 'Partiellement remboursé',
  cancelled: 'Annulé (remboursé)',
};

export const receiptFormatValues = ['a4', 'thermal'] as const;
export type ReceiptFormatValue = (typeof receiptFormatValues)[number];

export const receiptParamsSchema = z.object({ receiptId: z.uuid(ReceiptMessages.receiptNotFound) });
export const receiptPdfQuerySchema = z.object({
  format: z.enum(receiptFormatValues, { error: 'Format : a4 ou thermal.' }).default('a4'),
});

export const receiptItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  paymentId: z.string(),
  issuedAt: z.string(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  status: z.enum(receiptStatusValues),
  provider: z.enum(paymentChannelValues),
  wallet: z.enum(paymentMethodValues),
  payerName: z.string(),
  verificationUrl: z.string(),
});
export type ReceiptItem = z.infer<typeof receiptItemSchema>;
export const receiptListQuerySchema = z.object({ ...pageQuery, pageSize: pageSizeQuery(10) });
export const receiptListSchema = pageOf(receiptItemSchema);

/** `GET /api/public/receipts/:code`: what the public verification page shows. */
export const receiptVerificationParamsSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, ReceiptMessages.verificationNotFound),
});
export const receiptVerificationSchema = z.object({
  number: z.string(),
  schoolName: z.string(),
  /** The school's logo today (`/api/public/schools/<slug>/logo?v=…`), null without one. */
  schoolLogoUrl: z.string().nullable().optional(),
  /** The school's address name (its pages' `/payer/<slug>`): the page's visit is the school's. */
  schoolSlug: z.string().nullable().optional(),
  issuedAt: z.string(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  status: z.enum(receiptStatusValues),
  /** Initial and surname only (« A. Kuassi »): enough to match a paper, not a directory. */
  studentNames: z.array(z.string()),
});
export type ReceiptVerification = z.infer<typeof receiptVerificationSchema>;
