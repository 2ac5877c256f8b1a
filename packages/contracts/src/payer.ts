import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { francsSchema, MAX_FRANCS } from './common';
import { paymentStatusValues, walletValues, type WalletValue } from './payments';
import { invalidPhoneMessage, toE164, westAfricanPhoneCountries } from './phone';

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
  walletRequired: 'Choisissez un moyen de paiement.',
  walletNotOffered: 'Ce moyen de paiement n’est pas proposé par l’école : choisissez-en un autre.',
  invoiceNotInLink:
    'Une des factures choisies ne peut pas être payée avec ce lien. Rechargez la page et choisissez parmi les factures affichées.',
  invoiceAlreadyPaid:
    'Une des factures choisies a déjà été payée (ou annulée) entre-temps : la liste a été mise à jour.',
  amountInvalid: 'Écrivez le montant en chiffres, sans centimes (par exemple 50 000).',
  formExpired:
    'Ce formulaire n’est plus valable : vérifiez vos choix et appuyez de nouveau sur Payer.',
  couponRequired: 'Saisissez votre code promo.',
  couponTriesExceeded:
    'Trop de codes promo essayés avec ce lien. Réessayez dans 10 minutes, ou adressez-vous à l’école.',
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

/**
 * Where each wallet's numbers come from: Togo's wallets take Togolese numbers; MTN, Orange and
 * Wave work across West Africa; a card needs no phone.
 */
const walletPhoneCountries: Record<WalletValue, readonly CountryCode[] | null> = {
  YAS_TG: ['TG'],
  MOOV_TG: ['TG'],
  MTN: westAfricanPhoneCountries,
  ORANGE: westAfricanPhoneCountries,
  WAVE: westAfricanPhoneCountries,
  CARD: null,
};

/** Whether an E.164 number is of a country where the wallet works (a card takes any number). */
export function phoneFitsWallet(e164: string, wallet: WalletValue): boolean {
  const countries = walletPhoneCountries[wallet];
  if (!countries) return true;
  const country = parsePhoneNumberFromString(e164)?.country;
  return country !== undefined && countries.includes(country);
}

/** A form field sent once or several times (`invoiceIds=a&invoiceIds=b`): always a list. */
const oneOrMany = (value: unknown) =>
  value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];

/** An amount typed the French way (`50 000`, `50000 FCFA`); empty means « the whole invoices ». */
const typedAmountSchema = z
  .string({ error: PayerMessages.amountInvalid })
  .max(30, PayerMessages.amountInvalid)
  .optional()
  .transform((value, context) => {
    const text = (value ?? '').replace(/[\s\u00A0\u202F.]/g, '').replace(/f?cfa$|f$/i, '');
    if (text === '') return undefined;
    const amount = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_FRANCS) {
      context.addIssue({ code: 'custom', message: PayerMessages.amountInvalid });
      return z.NEVER;
    }
    return amount;
  });

/**
 * `POST /payer/l/<token>` (an ordinary urlencoded form): the invoices ticked, the wallet, the
 * phone that pays, perhaps an amount, and the key that makes a double tap one payment. Any other
 * field (a « coupon », a changed total) is dropped: what is owed comes from the server.
 */
export const payerPaymentFormSchema = z
  .object({
    invoiceIds: z.preprocess(
      oneOrMany,
      z
        .array(z.uuid(PayerMessages.invoiceNotInLink))
        .min(1, PayerMessages.nothingChosen)
        .max(50, PayerMessages.invoiceNotInLink),
    ),
    wallet: z.enum(walletValues, { error: PayerMessages.walletRequired }),
    phone: z.string({ error: invalidPhoneMessage }).trim().max(30, invalidPhoneMessage).optional(),
    amount: typedAmountSchema,
    idempotencyKey: z
      .string({ error: PayerMessages.formExpired })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, PayerMessages.formExpired),
  })
  .transform((form, context) => {
    const typed = form.phone ?? '';
    const phone = typed === '' ? null : toE164(typed);
    if (typed === '' && form.wallet !== 'CARD') {
      context.addIssue({ code: 'custom', path: ['phone'], message: PayerMessages.phoneRequired });
    } else if (typed !== '' && !phone) {
      context.addIssue({ code: 'custom', path: ['phone'], message: invalidPhoneMessage });
    } else if (phone && !phoneFitsWallet(phone, form.wallet)) {
      context.addIssue({
        code: 'custom',
        path: ['phone'],
        message: PayerMessages.phoneWrongCountry,
      });
    }
    return { ...form, invoiceIds: [...new Set(form.invoiceIds)], phone };
  });
export type PayerPaymentForm = z.output<typeof payerPaymentFormSchema>;
