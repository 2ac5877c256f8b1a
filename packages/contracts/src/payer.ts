import { z } from 'zod';
import { francsSchema } from './common';
import { paymentStatusValues, walletValues } from './payments';

/**
 * The payer's side (DESIGN.md §1 principle 8): a parent opens a payment link, or types a matricule
 * and a phone on the school's pay page and receives a one-time code, then pays without an account.
 */

export const PayerMessages = {
  linkInvalid:
    'Ce lien de paiement n’est pas valide. Vérifiez qu’il est complet, ou demandez-en un nouveau à l’école.',
  linkExpired: 'Ce lien de paiement a expiré. Demandez un code sur la page de paiement de l’école.',
  schoolNotFound: 'École introuvable.',
  codeSent:
    'Si ce matricule et ce numéro sont connus de l’école, un code à 6 chiffres vient d’être envoyé par SMS à ce numéro. Il est valable 10 minutes.',
  codeWrong: 'Code incorrect. Vérifiez le SMS et réessayez.',
  codeExpired: 'Ce code a expiré ou a déjà servi. Demandez un nouveau code.',
  codeTooManyAttempts: 'Trop d’essais pour ce code. Demandez un nouveau code.',
  codeRateLimited: 'Trop de codes demandés. Réessayez dans une heure, ou adressez-vous à l’école.',
  matriculeRequired: 'Saisissez le matricule de l’élève (par exemple STU-015).',
  codeFormat: 'Le code fait 6 chiffres.',
  phoneWrongCountry: 'Ce numéro n’est pas d’un pays où ce moyen de paiement fonctionne.',
  phoneRequired: 'Saisissez le numéro de téléphone qui va payer.',
  nothingChosen: 'Choisissez au moins une facture à payer.',
  amountBelowMinimum: 'Le montant est inférieur au minimum accepté par l’école.',
  partialNotAllowed:
    'L’école n’accepte pas les paiements partiels en ligne : payez les factures entières.',
  nothingDue: 'Aucune facture à payer pour le moment.',
  paymentNotFound: 'Paiement introuvable.',
  waitPush: 'Validez le paiement sur votre téléphone en composant votre code secret.',
} as const;

/** How long a code stays valid, how many tries it allows, how many codes a phone may ask for. */
export const PAYER_CODE_TTL_MINUTES = 10;
export const PAYER_CODE_MAX_ATTEMPTS = 5;
export const PAYER_CODES_PER_HOUR = 5;

/** Why a link was made: who receives it decides how long it lives. */
export const paymentLinkPurposeValues = ['message', 'qr', 'code', 'admission', 'staff'] as const;
export type PaymentLinkPurpose = (typeof paymentLinkPurposeValues)[number];

/** The school's own settings for online payment (billing settings). */
export const onlinePaymentSettingsSchema = z.object({
  /** A payer may pay part of an invoice (an amount) rather than whole invoices. */
  partialAllowed: z.boolean(),
  /** Least a partial payment may be, in francs (0: no minimum). */
  minimumAmount: francsSchema('Le minimum'),
});
export type OnlinePaymentSettings = z.infer<typeof onlinePaymentSettingsSchema>;

/** `POST /api/students/:studentId/payment-link`: staff make (and perhaps send) a student's link. */
export const paymentLinkRequestSchema = z
  .object({
    /** Send it to the main payer by SMS (and e-mail when known). */
    send: z.boolean().default(false),
  })
  .strict();

export const paymentLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  guardianName: z.string(),
  guardianPhone: z.string().nullable(),
  sent: z.boolean(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

/** `GET /api/payer/payments/:id`: what the waiting screen polls (no personal data). */
export const payerPaymentStatusSchema = z.object({
  id: z.string(),
  status: z.enum(paymentStatusValues),
  /** waiting · success · failure: what the screen shows. */
  outcome: z.enum(['waiting', 'success', 'failure']),
  amount: z.number().int(),
  wallet: z.enum(walletValues),
  failureReason: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  /** The receipt's PDF, once issued. */
  receiptUrl: z.string().nullable(),
  /** Where a redirect flow continues (hosted page of the provider). */
  redirectUrl: z.string().nullable(),
});
export type PayerPaymentStatus = z.infer<typeof payerPaymentStatusSchema>;
