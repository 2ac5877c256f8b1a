import { z } from 'zod';
import { isoDaySchema } from './common';

/**
 * « Exporter » of the Comptabilité screen: the accounting reports a school hands its accountant
 * (`GET /api/accounting/reports/:report`), each as PDF or XLSX.
 */
export const accountingReportValues = [
  /** Grand livre auxiliaire: each student's 4111 entries of the period, opening and closing. */
  'grand-livre',
  /** Balance âgée at a date: each student's open balance by days past due. */
  'balance-agee',
  /** Encaissements of the period by mode and by operator / wallet (gross, fees, net). */
  'encaissements',
  /** The payouts (virements) of the period to the school's bank account. */
  'virements',
] as const;
export type AccountingReport = (typeof accountingReportValues)[number];

export function isAccountingReport(value: unknown): value is AccountingReport {
  return typeof value === 'string' && (accountingReportValues as readonly string[]).includes(value);
}

/** Each report's title, on paper, in the file and in the dialog. */
export const accountingReportTitles: Record<AccountingReport, string> = {
  'grand-livre': 'Grand livre auxiliaire des étudiants',
  'balance-agee': 'Balance âgée des créances',
  encaissements: 'Encaissements par mode et par opérateur',
  virements: 'Virements à l’école',
};

/** The reports that read one date (`to`) rather than a period. */
export const accountingReportsAtOneDate: readonly AccountingReport[] = ['balance-agee'];

export const accountingReportFormatValues = ['pdf', 'xlsx'] as const;
export type AccountingReportFormat = (typeof accountingReportFormatValues)[number];

export const AccountingReportMessages = {
  unknown:
    'Rapport inconnu : choisissez le grand livre, la balance âgée, les encaissements ou les virements.',
  periodInverted: 'La date de début doit précéder la date de fin.',
  format: 'Format : pdf ou xlsx.',
} as const;

/** The report asked for, by its name in the address (an unknown name is a 404, not a 400). */
export const accountingReportParamsSchema = z.object({
  report: z.string().max(40),
});

/**
 * The period (`from`, `to`: the school's days, both included; the current month by default) or,
 * for the balance âgée, the one date `to` (today by default); the grand livre of one student.
 */
export const accountingReportQuerySchema = z
  .object({
    format: z
      .enum(accountingReportFormatValues, { error: AccountingReportMessages.format })
      .default('pdf'),
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    studentId: z.uuid('Étudiant introuvable.').optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: AccountingReportMessages.periodInverted,
    path: ['from'],
  });
export type AccountingReportQuery = z.input<typeof accountingReportQuerySchema>;

/**
 * How a settlement line's wallet is named as a collection mode in the encaissements report:
 * mobile money, card, cash, cheque, bank transfer.
 */
export const collectionModeValues = [
  'mobile_money',
  'card',
  'cash',
  'cheque',
  'bank_transfer',
] as const;
export type CollectionMode = (typeof collectionModeValues)[number];
export const collectionModeLabels: Record<CollectionMode, string> = {
  mobile_money: 'Mobile money',
  card: 'Carte bancaire',
  cash: 'Espèces',
  cheque: 'Chèque',
  bank_transfer: 'Virement bancaire',
};

/** The collection mode of a wallet or desk method (`YAS_TG`, `CARD`, `CASH`…). */
export function collectionModeOf(wallet: string): CollectionMode {
  if (wallet === 'CARD') return 'card';
  if (wallet === 'CASH') return 'cash';
  if (wallet === 'CHEQUE') return 'cheque';
  if (wallet === 'BANK_TRANSFER') return 'bank_transfer';
  return 'mobile_money';
}
