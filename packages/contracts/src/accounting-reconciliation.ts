import { z } from 'zod';
import { isoDaySchema, pageOf, pageQuery } from './common';
import { providerValues } from './payments';

/**
 * Reconciliation with the providers' statements (« Rapprochement »): a statement file imported in
 * its provider's own format, each line matched three ways (statement ↔ payment attempt ↔ ledger),
 * the differences queued until someone resolves them.
 */

/** Whose statement: one of the five providers, or the school's bank (payouts, transfers). */
export const statementSourceValues = [...providerValues, 'bank'] as const;
export type StatementSource = (typeof statementSourceValues)[number];
export const statementSourceLabels: Record<StatementSource, string> = {
  paygate: 'PayGate Global (CSV)',
  fedapay: 'FedaPay (CSV ou JSON)',
  mtn: 'MTN MoMo — portail partenaire (CSV)',
  orange: 'Orange Money — relevé marchand (CSV)',
  wave: 'Wave — Balance & Reconciliation (JSON Lines ou CSV)',
  bank: 'Relevé bancaire (CSV)',
};

/** The largest statement file accepted (20 Mo). */
export const MAX_STATEMENT_BYTES = 20 * 1024 * 1024;
/** Row-level errors listed at most (the rest is counted). */
export const MAX_STATEMENT_ERRORS = 50;

/** What a statement line turned out to be. */
export const statementLineOutcomeValues = [
  'matched',
  'provider_only',
  'amount_differs',
  'fee_differs',
  /** A credit with none of our references: handed to « Crédits à affecter ». */
  'incoming_credit',
  /** A bank credit that is one of our payouts. */
  'payout',
  /** A line that is not a collection (a provider's payout to the bank, a balance line…). */
  'other',
] as const;
export type StatementLineOutcome = (typeof statementLineOutcomeValues)[number];

/** The kinds of difference the queue holds. */
export const reconciliationKindValues = [
  'provider_only',
  'here_only',
  'amount_differs',
  'fee_differs',
] as const;
export type ReconciliationKind = (typeof reconciliationKindValues)[number];
export const reconciliationKindLabels: Record<ReconciliationKind, string> = {
  provider_only: 'Chez l’opérateur seulement',
  here_only: 'Chez nous seulement',
  amount_differs: 'Montant différent',
  fee_differs: 'Frais différents',
};

export const reconciliationStatusValues = ['open', 'resolved'] as const;
export type ReconciliationStatus = (typeof reconciliationStatusValues)[number];
export const reconciliationStatusLabels: Record<ReconciliationStatus, string> = {
  open: 'À traiter',
  resolved: 'Résolu',
};

/** How a difference was resolved; each needs a note. */
export const reconciliationResolutionValues = [
  /** Understood, nothing to change (a timing difference, a line of another period). */
  'explained',
  /** The provider's fee is accepted: an adjustment posting D 6317 / C wallet for the difference. */
  'fee_adjusted',
  /** The payment is confirmed by another statement or by the provider's support. */
  'payment_confirmed_elsewhere',
  /** The provider's line is wrong: a claim is filed with the provider. */
  'provider_contested',
] as const;
export type ReconciliationResolution = (typeof reconciliationResolutionValues)[number];
export const reconciliationResolutionLabels: Record<ReconciliationResolution, string> = {
  explained: 'Écart expliqué',
  fee_adjusted: 'Frais de l’opérateur acceptés (écriture d’ajustement)',
  payment_confirmed_elsewhere: 'Paiement confirmé par ailleurs',
  provider_contested: 'Réclamation auprès de l’opérateur',
};
/** Which resolutions fit which kind of difference. */
export const resolutionsByKind: Record<ReconciliationKind, readonly ReconciliationResolution[]> = {
  provider_only: ['explained', 'provider_contested'],
  here_only: ['explained', 'payment_confirmed_elsewhere', 'provider_contested'],
  amount_differs: ['explained', 'provider_contested'],
  fee_differs: ['explained', 'fee_adjusted', 'provider_contested'],
};

export const ReconciliationMessages = {
  noteRequired: 'Expliquez la résolution en quelques mots.',
  noteTooLong: 'La note fait 500 caractères au plus.',
  resolutionUnknown: 'Résolution inconnue.',
  sourceUnknown: 'Choisissez l’opérateur ou la banque du relevé.',
} as const;

export const statementSchema = z.object({
  id: z.uuid(),
  source: z.enum(statementSourceValues),
  fileName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  lineCount: z.number().int(),
  creditTotal: z.number().int(),
  debitTotal: z.number().int(),
  feeTotal: z.number().int(),
  matchedCount: z.number().int(),
  differenceCount: z.number().int(),
  incomingCreditCount: z.number().int(),
  importedBy: z.string().nullable(),
  importedAt: z.string(),
});
export type Statement = z.infer<typeof statementSchema>;
export const statementsPageSchema = pageOf(statementSchema);
export const statementsQuerySchema = z.object({ ...pageQuery });

export const reconciliationItemSchema = z.object({
  id: z.uuid(),
  statementId: z.uuid().nullable(),
  source: z.enum(statementSourceValues),
  kind: z.enum(reconciliationKindValues),
  status: z.enum(reconciliationStatusValues),
  lineNumber: z.number().int().nullable(),
  paymentId: z.uuid().nullable(),
  reference: z.string().nullable(),
  providerTxnId: z.string().nullable(),
  day: z.string().nullable(),
  statementAmount: z.number().int().nullable(),
  ourAmount: z.number().int().nullable(),
  statementFee: z.number().int().nullable(),
  ourFee: z.number().int().nullable(),
  resolution: z.enum(reconciliationResolutionValues).nullable(),
  note: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItemSchema>;
export const reconciliationItemsPageSchema = pageOf(reconciliationItemSchema);

export const reconciliationItemsQuerySchema = z.object({
  status: z.enum(reconciliationStatusValues, { error: 'Statut inconnu.' }).optional(),
  kind: z.enum(reconciliationKindValues, { error: 'Type d’écart inconnu.' }).optional(),
  statementId: z.uuid({ error: 'Relevé inconnu.' }).optional(),
  ...pageQuery,
});
export type ReconciliationItemsQuery = z.infer<typeof reconciliationItemsQuerySchema>;

export const reconciliationItemParamsSchema = z.object({
  reconciliationItemId: z.uuid({ error: 'Écart introuvable.' }),
});

export const resolveReconciliationItemSchema = z.object({
  resolution: z.enum(reconciliationResolutionValues, {
    error: ReconciliationMessages.resolutionUnknown,
  }),
  note: z
    .string({ error: ReconciliationMessages.noteRequired })
    .trim()
    .min(1, ReconciliationMessages.noteRequired)
    .max(500, ReconciliationMessages.noteTooLong),
});
export type ResolveReconciliationItem = z.infer<typeof resolveReconciliationItemSchema>;

/** One row-level error of a refused statement (line 1 is the header). */
export const statementRowErrorSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type StatementRowError = z.infer<typeof statementRowErrorSchema>;

/** What an import did. */
export const statementImportSchema = z.object({
  statement: statementSchema,
  matched: z.number().int(),
  differences: z.record(z.enum(reconciliationKindValues), z.number().int()),
  incomingCredits: z.number().int(),
  payouts: z.number().int(),
  others: z.number().int(),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

export const reconciliationReportQuerySchema = z
  .object({
    from: isoDaySchema,
    to: isoDaySchema,
    format: z.enum(['pdf', 'xlsx'], { error: 'Format attendu : pdf ou xlsx.' }).default('pdf'),
  })
  .refine((query) => query.from <= query.to, {
    message: 'La fin de la période précède son début.',
    path: ['to'],
  });
