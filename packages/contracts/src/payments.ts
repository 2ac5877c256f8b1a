import { z } from 'zod';
import { francsSchema, pageOf, pageQuery, pageSizeQuery } from './common';
import { phoneSchema } from './phone';

/** Canonical payment states (DESIGN.md §6). */
export const paymentStatusValues = [
  'initiated',
  'pending',
  'unknown',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'refund_pending',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentStatusValue = (typeof paymentStatusValues)[number];
/**
 * The one French word of each state, on every screen and export (spec §4: « Succès », « Échec »).
 */
export const paymentStatusLabels: Record<PaymentStatusValue, string> = {
  initiated: 'Initié',
  pending: 'En attente',
  unknown: 'En vérification',
  succeeded: 'Succès',
  failed: 'Échec',
  cancelled: 'Annulé',
  expired: 'Expiré',
  refund_pending: 'Remboursement en cours',
  refunded: 'Remboursé',
  partially_refunded: 'Partiellement remboursé',
};
/** States after which nothing more is expected from the payer. */
export const finalPaymentStatuses: readonly PaymentStatusValue[] = [
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'refund_pending',
  'refunded',
  'partially_refunded',
];

/** What the payer pays with: Togo's two wallets, the neighbouring markets' rails, a card. */
export const walletValues = ['YAS_TG', 'MOOV_TG', 'MTN', 'ORANGE', 'WAVE', 'CARD'] as const;
export type WalletValue = (typeof walletValues)[number];
export const walletLabels: Record<WalletValue, string> = {
  YAS_TG: 'Mixx by Yas',
  MOOV_TG: 'Moov Flooz',
  MTN: 'MTN MoMo',
  ORANGE: 'Orange Money',
  WAVE: 'Wave',
  CARD: 'Carte bancaire',
};

export const providerValues = ['paygate', 'fedapay', 'mtn', 'orange', 'wave'] as const;
export type ProviderValue = (typeof providerValues)[number];
export const providerLabels: Record<ProviderValue, string> = {
  paygate: 'PayGate Global',
  fedapay: 'FedaPay',
  mtn: 'MTN MoMo',
  orange: 'Orange Money',
  wave: 'Wave',
};

/**
 * How a payment reached the school: a provider's wallets and card, or, at the cash desk, cash, a
 * cheque, a bank transfer — or a mobile-money payment the cashier records by hand (the wallet's
 * own value).
 */
export const deskOnlyMethodValues = ['CASH', 'CHEQUE', 'BANK_TRANSFER'] as const;
export const paymentMethodValues = [...walletValues, ...deskOnlyMethodValues] as const;
export type PaymentMethodValue = (typeof paymentMethodValues)[number];
export const paymentMethodLabels: Record<PaymentMethodValue, string> = {
  ...walletLabels,
  CASH: 'Espèces',
  CHEQUE: 'Chèque',
  BANK_TRANSFER: 'Virement bancaire',
};
/** What the cashier may record: desk-only methods and the mobile-money wallets paid by hand. */
export const deskMethodValues = ['CASH', 'CHEQUE', 'BANK_TRANSFER', 'YAS_TG', 'MOOV_TG'] as const;
export type DeskMethodValue = (typeof deskMethodValues)[number];

/** Who carried the money: a provider, or the school's own cash desk (`desk`). */
export const paymentChannelValues = [...providerValues, 'desk'] as const;
export type PaymentChannelValue = (typeof paymentChannelValues)[number];
export const paymentChannelLabels: Record<PaymentChannelValue, string> = {
  ...providerLabels,
  desk: 'Caisse',
};

export const PaymentMessages = {
  paymentNotFound: 'Paiement introuvable.',
  guardianNotFound: 'Responsable introuvable.',
  invoiceNotPayable:
    'Une des factures choisies n’est pas à payer (payée, annulée ou d’un autre responsable).',
  nothingToPay: 'Il n’y a rien à payer : choisissez des factures ou un montant.',
  amountAboveBalance: 'Le montant dépasse ce qui reste à payer sur les factures choisies.',
  walletUnavailable: 'Ce moyen de paiement n’est pas proposé par l’école.',
  alreadyActive:
    'Un paiement est déjà en cours pour ces factures et ce responsable : attendez son résultat.',
  idempotencyKeyReused: 'Cette clé d’idempotence a déjà servi pour une autre demande de paiement.',
  idempotencyKeyInvalid: 'La clé d’idempotence doit faire de 8 à 100 caractères simples.',
  providerRefused: 'Le prestataire a refusé le paiement.',
  eventNotFound: 'Notification introuvable.',
  alreadyReviewed: 'Cette notification a déjà été examinée.',
  refundAboveRefundable: 'Le remboursement dépasse ce qui reste remboursable sur ce paiement.',
  refundNotRefundable:
    'Seul un paiement réussi (ou déjà partiellement remboursé) peut être remboursé.',
  refundInProgress: 'Un remboursement de ce paiement est déjà en cours.',
  refundProviderFullOnly:
    'Ce prestataire ne rembourse que le paiement entier : remboursez tout, ou enregistrez un remboursement manuel.',
  refundNotFound: 'Remboursement introuvable.',
  refundProviderUnavailable:
    'Ce paiement ne peut pas être remboursé par le prestataire : enregistrez un remboursement manuel.',
  notPending: 'Ce paiement n’est plus en attente : il ne peut plus être annulé.',
  cancelRefusedByProvider:
    'Le prestataire n’a pas pu annuler la demande : réessayez dans un instant ou attendez son issue.',
  cancelledByStaff: 'Demande annulée par l’école avant d’être réglée.',
} as const;

/** `POST /api/payments`: a staff member asks a guardian to pay (push to their phone or a link). */
export const paymentRequestSchema = z
  .object({
    guardianId: z.uuid(PaymentMessages.guardianNotFound),
    wallet: z.enum(walletValues, { error: 'Choisissez un moyen de paiement.' }),
    /** The phone that receives the push; the guardian's own when absent. */
    phone: phoneSchema.optional(),
    /** Invoices chosen by the payer; the oldest due first when absent. */
    invoiceIds: z.array(z.uuid(PaymentMessages.invoiceNotPayable)).max(50).default([]),
    /** Less than the chosen invoices' balance for a partial payment; required without invoices. */
    amount: francsSchema('Le montant', 1).optional(),
  })
  .strict();
export type PaymentRequest = z.input<typeof paymentRequestSchema>;

export const paymentParamsSchema = z.object({ paymentId: z.uuid(PaymentMessages.paymentNotFound) });

export const paymentAllocationSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  invoiceLabel: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  amount: z.number().int(),
});

export const paymentNextActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('redirect'), url: z.string() }),
  z.object({ type: z.literal('qr'), payload: z.string() }),
  z.object({ type: z.literal('await_push'), hint: z.string() }),
]);

export const paymentSchema = z.object({
  id: z.string(),
  status: z.enum(paymentStatusValues),
  wallet: z.enum(paymentMethodValues),
  provider: z.enum(paymentChannelValues),
  providerRef: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  payerPhone: z.string().nullable(),
  guardianId: z.string(),
  guardianName: z.string(),
  /** The invoices the payer chose (empty: oldest due first). */
  invoiceIds: z.array(z.string()),
  failureReason: z.string().nullable(),
  nextAction: paymentNextActionSchema.nullable(),
  /** Succeeded after it had been marked expired, failed or cancelled: honoured and flagged. */
  lateSuccess: z.boolean(),
  allocations: z.array(paymentAllocationSchema),
  /** What went to the family's credit (overpayment). */
  creditAmount: z.number().int(),
  /** What was paid back (refunds done); the receipt shows it. */
  refundedAmount: z.number().int(),
  /** The receipt of a succeeded payment, once issued (a moment after the success). */
  receiptId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().nullable(),
  succeededAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentOptionsSchema = z.object({
  /** The wallets the school can collect with, in display order. */
  wallets: z.array(z.enum(walletValues)),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const studentPaymentsQuerySchema = z.object({
  ...pageQuery,
  pageSize: pageSizeQuery(10),
});
export const paymentItemSchema = paymentSchema.pick({
  id: true,
  status: true,
  wallet: true,
  provider: true,
  amount: true,
  payerPhone: true,
  guardianName: true,
  lateSuccess: true,
  refundedAmount: true,
  receiptId: true,
  receiptNumber: true,
  createdAt: true,
  succeededAt: true,
  failureReason: true,
});
export type PaymentItem = z.infer<typeof paymentItemSchema>;
export const paymentListSchema = pageOf(paymentItemSchema);

/**
 * `GET /api/students/:studentId/pending-payments`: the payments in flight (not final yet) that
 * claim some of the student's invoices — what the cash desk must see before it takes money for
 * them.
 */
export const pendingPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(paymentStatusValues),
  provider: z.enum(paymentChannelValues),
  wallet: z.enum(paymentMethodValues),
  amount: z.number().int(),
  payerPhone: z.string().nullable(),
  guardianName: z.string(),
  /** The student's invoices it claims. */
  invoiceIds: z.array(z.string()),
  createdAt: z.string(),
  /** When we stop waiting for the payer. */
  expiresAt: z.string(),
  /** Whether the provider itself can stop the payer from paying (Wave); else cancelled here only. */
  providerCancels: z.boolean(),
});
export type PendingPayment = z.infer<typeof pendingPaymentSchema>;
export const pendingPaymentListSchema = z.object({ items: z.array(pendingPaymentSchema) });

/** Why a provider notification or a payment waits for a person. */
export const reviewReasonValues = [
  'unauthenticated',
  'amount_mismatch',
  'currency_mismatch',
  'merchant_mismatch',
  'unknown_attempt',
  'late_success',
  'unconfirmed',
] as const;
export type ReviewReason = (typeof reviewReasonValues)[number];
export const reviewReasonLabels: Record<ReviewReason, string> = {
  unauthenticated: 'Signature ou jeton invalide : notification non authentifiée',
  amount_mismatch: 'Le montant confirmé par le prestataire ne correspond pas',
  currency_mismatch: 'La devise confirmée par le prestataire ne correspond pas',
  merchant_mismatch: 'Le compte marchand confirmé ne correspond pas',
  unknown_attempt: 'La notification ne correspond à aucun paiement connu',
  late_success: 'Paiement réussi après son expiration : honoré, à vérifier',
  unconfirmed:
    "Le prestataire ne confirme pas un paiement qu'il avait accepté ou notifié réussi : à vérifier",
};

export const reviewListQuerySchema = z.object({
  status: z.enum(['open', 'resolved']).default('open'),
  ...pageQuery,
  pageSize: pageSizeQuery(20),
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

export const reviewItemSchema = z.object({
  id: z.string(),
  reason: z.enum(reviewReasonValues),
  provider: z.enum(paymentChannelValues),
  /** When the notification arrived, or when the late success was recorded. */
  occurredAt: z.string(),
  paymentId: z.string().nullable(),
  amount: z.number().int().nullable(),
  /** What the provider reported, when it differs from what we expected. */
  reportedAmount: z.number().int().nullable(),
  guardianName: z.string().nullable(),
  detail: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewListSchema = pageOf(reviewItemSchema);

export const reviewParamsSchema = z.object({ reviewId: z.uuid(PaymentMessages.eventNotFound) });
export const resolveReviewRequestSchema = z
  .object({
    note: z
      .string({ error: 'Indiquez ce qui a été vérifié.' })
      .trim()
      .min(3, 'Indiquez ce qui a été vérifié (3 caractères au moins).')
      .max(500, '500 caractères au plus.'),
  })
  .strict();
