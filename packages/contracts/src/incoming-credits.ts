import { z } from 'zod';
import { pageOf, pageQuery } from './common';
import { paymentMethodValues, providerValues } from './payments';

/**
 * Money that arrives unasked (« à affecter »): a parent pays the school's merchant number from the
 * wallet's own menu, or the school receives a bank transfer. Each credit is matched to a student
 * (by the reference typed, else by phone and amount) or waits for Finance to assign it.
 */

/** Where the credit was learnt from: a provider's notification, a provider's or a bank statement. */
export const incomingCreditSourceValues = [
  'provider_notification',
  'statement',
  'bank_statement',
] as const;
export type IncomingCreditSource = (typeof incomingCreditSourceValues)[number];

/**
 * `matched`: a payment was created at once; `to_assign`: waits in the queue; `assigned`: a member
 * chose the student; `returned`: sent back to the sender.
 */
export const incomingCreditStatusValues = ['matched', 'to_assign', 'assigned', 'returned'] as const;
export type IncomingCreditStatus = (typeof incomingCreditStatusValues)[number];
export const incomingCreditStatusLabels: Record<IncomingCreditStatus, string> = {
  matched: 'Affecté automatiquement',
  to_assign: 'À affecter',
  assigned: 'Affecté',
  returned: 'Rendu',
};

/** How the student was found. */
export const incomingCreditMatchValues = ['reference', 'phone_amount', 'staff'] as const;
export type IncomingCreditMatch = (typeof incomingCreditMatchValues)[number];
export const incomingCreditMatchLabels: Record<IncomingCreditMatch, string> = {
  reference: 'Par la référence (matricule)',
  phone_amount: 'Par le téléphone et le montant',
  staff: 'Par un membre de l’équipe',
};

export const IncomingCreditMessages = {
  notFound: 'Ce crédit à affecter est introuvable.',
  alreadyAssigned: 'Ce crédit a déjà été affecté : il ne peut pas l’être une seconde fois.',
  returned: 'Ce crédit a été rendu à l’expéditeur : il ne peut plus être affecté.',
  notReturnable: 'Seul un crédit en attente d’affectation peut être rendu à l’expéditeur.',
  noteRequired: 'Indiquez pourquoi ce crédit est rendu (au moins 3 caractères).',
  studentRequired: 'Choisissez l’élève à qui affecter ce crédit.',
  merchantCodeTaken: 'Ce code marchand est déjà celui d’une école chez cet opérateur.',
  invalid:
    'Ce crédit entrant est incomplet ou invalide : montant en francs entiers, identifiant de transaction.',
} as const;

/** `GET /api/accounting/incoming-credits` */
export const incomingCreditsQuerySchema = z.object({
  status: z.enum(incomingCreditStatusValues).optional(),
  q: z.string().trim().max(100).optional(),
  ...pageQuery,
});
export type IncomingCreditsQuery = z.input<typeof incomingCreditsQuerySchema>;

export const incomingCreditSchema = z.object({
  id: z.string(),
  source: z.enum(incomingCreditSourceValues),
  provider: z.string(),
  wallet: z.enum(paymentMethodValues).nullable(),
  providerTxnId: z.string(),
  amount: z.number().int(),
  reference: z.string().nullable(),
  payerPhone: z.string().nullable(),
  payerName: z.string().nullable(),
  receivedAt: z.string(),
  status: z.enum(incomingCreditStatusValues),
  matchedBy: z.enum(incomingCreditMatchValues).nullable(),
  student: z.object({ id: z.string(), fullName: z.string(), matricule: z.string() }).nullable(),
  guardianName: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** The receipt of the payment created, once issued. */
  receipt: z.object({ id: z.string(), number: z.string() }).nullable(),
  assignedBy: z.string().nullable(),
  assignedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type IncomingCredit = z.infer<typeof incomingCreditSchema>;

export const incomingCreditPageSchema = pageOf(incomingCreditSchema).extend({
  /** How many wait in the queue, and their total, whatever the filter. */
  waiting: z.object({ count: z.number().int(), amount: z.number().int() }),
});
export type IncomingCreditPage = z.infer<typeof incomingCreditPageSchema>;

/** `POST /api/accounting/incoming-credits/:id/assign` */
export const assignIncomingCreditSchema = z.object({
  studentId: z.uuid({ error: IncomingCreditMessages.studentRequired }),
  /** The payer the receipt names; by default the guardian with the sender's phone, else the main payer. */
  guardianId: z.uuid().optional(),
});
export type AssignIncomingCreditInput = z.infer<typeof assignIncomingCreditSchema>;

/** `POST /api/accounting/incoming-credits/:id/return` */
export const returnIncomingCreditSchema = z.object({
  note: z.string().trim().min(3, IncomingCreditMessages.noteRequired).max(500),
});
export type ReturnIncomingCreditInput = z.infer<typeof returnIncomingCreditSchema>;

/** A school's merchant account at a provider: how a customer-initiated payment finds its school. */
export const merchantAccountSchema = z.object({
  id: z.string(),
  provider: z.enum(providerValues),
  merchantCode: z.string(),
  label: z.string().nullable(),
});
export type MerchantAccount = z.infer<typeof merchantAccountSchema>;
export const merchantAccountListSchema = z.object({ items: z.array(merchantAccountSchema) });
