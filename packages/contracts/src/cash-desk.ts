import { z } from 'zod';
import { francsSchema, pageOf, pageQuery, pageSizeQuery } from './common';
import { paymentRowSchema } from './payment-records';
import { deskMethodValues, paymentSchema } from './payments';

export const CashDeskMessages = {
  sessionNotFound: 'Session de caisse introuvable.',
  sessionAlreadyOpen:
    'Vous avez déjà une caisse ouverte : clôturez-la avant d’en ouvrir une autre.',
  sessionClosed: 'Cette session de caisse est clôturée : plus aucun encaissement n’y est possible.',
  sessionAlreadyClosed: 'Cette session de caisse est déjà clôturée.',
  notYourSession: 'Seul le caissier de cette session peut y encaisser.',
  onlyCashierCloses: 'Seul le caissier de cette session peut la clôturer.',
  differenceNeedsComment: 'Expliquez l’écart entre le montant attendu et le montant compté.',
  referenceRequired: 'Indiquez la référence (numéro du chèque, du virement ou de la transaction).',
  guardianNotLinked:
    'Ce responsable n’est pas lié à cet étudiant : choisissez l’un de ses responsables.',
  noPayer: 'Cet étudiant n’a aucun responsable : ajoutez-en un avant d’encaisser.',
  invoiceOfAnotherStudent: 'Une des factures choisies n’est pas une facture de cet étudiant.',
  nothingDue: 'Cet étudiant n’a aucune facture à payer.',
  invoiceAwaitsPayment:
    'Un paiement mobile money est en attente pour cette facture : attendez son issue ou annulez la demande avant d’encaisser.',
} as const;

export const cashSessionStatusValues = ['open', 'closed'] as const;
export type CashSessionStatusValue = (typeof cashSessionStatusValues)[number];
export const cashSessionStatusLabels: Record<CashSessionStatusValue, string> = {
  open: 'Ouverte',
  closed: 'Clôturée',
};

export const openCashSessionSchema = z
  .object({ openingFloat: francsSchema('Le fond de caisse') })
  .strict();

export const closeCashSessionSchema = z
  .object({
    countedAmount: francsSchema('Le montant compté'),
    comment: z.string().trim().max(500, '500 caractères au plus.').optional(),
  })
  .strict();

export const cashSessionParamsSchema = z.object({
  sessionId: z.uuid(CashDeskMessages.sessionNotFound),
});

/** A payment taken at the desk for a student's chosen invoices (or an amount: oldest first). */
export const deskPaymentRequestSchema = z
  .object({
    studentId: z.uuid('Étudiant introuvable.'),
    /** Who pays: one of the student's guardians; the main payer when absent. */
    guardianId: z.uuid('Responsable introuvable.').optional(),
    invoiceIds: z.array(z.uuid('Facture introuvable.')).max(50).default([]),
    amount: francsSchema('Le montant', 1),
    method: z.enum(deskMethodValues, { error: 'Choisissez un mode de paiement.' }),
    /** Cheque number, transfer or mobile-money transaction id: required except for cash. */
    reference: z.string().trim().max(100, '100 caractères au plus.').optional(),
  })
  .strict()
  .refine((body) => body.method === 'CASH' || (body.reference ?? '').length > 0, {
    message: CashDeskMessages.referenceRequired,
    path: ['reference'],
  });
export type DeskPaymentRequest = z.input<typeof deskPaymentRequestSchema>;

export const cashSessionSchema = z.object({
  id: z.string(),
  cashierUserId: z.string(),
  cashierName: z.string(),
  status: z.enum(cashSessionStatusValues),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  openingFloat: z.number().int(),
  /** Cash taken in the session (espèces only; cheques and transfers are not in the drawer). */
  cashTaken: z.number().int(),
  /** Everything taken, by method. */
  totalsByMethod: z.array(
    z.object({
      method: z.enum(deskMethodValues),
      count: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  paymentCount: z.number().int(),
  /** Opening float + cash taken: what the drawer should hold. */
  expectedCash: z.number().int(),
  countedCash: z.number().int().nullable(),
  /** Counted − expected (negative: missing). */
  difference: z.number().int().nullable(),
  closingComment: z.string().nullable(),
});
export type CashSession = z.infer<typeof cashSessionSchema>;

export const cashSessionListQuerySchema = z.object({
  status: z.enum(cashSessionStatusValues).optional(),
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});
export const cashSessionListSchema = pageOf(cashSessionSchema);

export const deskPaymentResultSchema = z.object({
  payment: paymentSchema,
  /** The receipt, issued in the same transaction so it prints at once. */
  receiptId: z.string(),
  receiptNumber: z.string(),
});
export type DeskPaymentResult = z.infer<typeof deskPaymentResultSchema>;

/**
 * `GET /api/cash-sessions/:sessionId/payments?page&pageSize`: what was taken in the session, newest
 * first (the cashier's list under « Encaisser »; the same access as the session itself).
 */
export const cashSessionPaymentsQuerySchema = z.object({
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});
export const cashSessionPaymentPageSchema = pageOf(paymentRowSchema);
