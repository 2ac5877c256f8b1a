import { z } from 'zod';
import { isoDaySchema, isoInstantSchema } from './common';
import { baseChartValues } from './syscohada-accounts';

/** The journal's export profiles (research/accounting-analytics.md §1, §2.6). */
export const journalExportFormatValues = ['fec', 'sage', 'csv', 'xlsx'] as const;
export type JournalExportFormat = (typeof journalExportFormatValues)[number];

export const journalExportFormatLabels: Record<JournalExportFormat, string> = {
  fec: 'FEC (fichier des écritures comptables)',
  sage: 'Sage 100 (import paramétrable)',
  csv: 'CSV (tableur)',
  xlsx: 'Excel (XLSX)',
};

/** What each profile is for, as the export dialog says it. */
export const journalExportFormatHints: Record<JournalExportFormat, string> = {
  fec: 'Pour l’expert-comptable et les logiciels qui lisent le FEC : 18 colonnes séparées par « | ».',
  sage: 'Pour importer les écritures dans Sage 100 Comptabilité (tabulations, dates JJMMAA).',
  csv: 'Pour un tableur ou un autre logiciel (Tompro, Perfecto…) : séparateur « ; ».',
  xlsx: 'Pour relire les écritures dans Excel ou LibreOffice.',
};

const MOBILE_MONEY_WALLETS: Record<string, string> = {
  '1': 'Mixx by Yas',
  '2': 'Moov Flooz',
  '3': 'Orange Money',
  '4': 'MTN MoMo',
  '5': 'Wave',
};

/** A journal's label: VE « Ventes — frais de scolarité », MM1 « Mobile money — Mixx by Yas »… */
export function journalLabel(code: string): string {
  if (code === 'VE') return 'Ventes — frais de scolarité';
  if (code === 'OD') return 'Opérations diverses';
  if (code === 'AN') return 'À-nouveaux';
  const wallet = /^MM(\d+)$/.exec(code);
  if (wallet)
    return `Mobile money — ${MOBILE_MONEY_WALLETS[wallet[1]!] ?? `portefeuille ${wallet[1]}`}`;
  const cash = /^CA(\d+)$/.exec(code);
  if (cash) return cash[1] === '1' ? 'Caisse' : `Caisse ${cash[1]}`;
  const bank = /^BQ(\d+)$/.exec(code);
  if (bank) return bank[1] === '1' ? 'Banque' : `Banque ${bank[1]}`;
  return code;
}

export const journalExportQuerySchema = z
  .object({
    format: z.enum(journalExportFormatValues, { error: 'Format : fec, sage, csv ou xlsx.' }),
    from: isoDaySchema,
    to: isoDaySchema,
  })
  .refine((query) => query.from <= query.to, {
    message: 'La date de début doit précéder la date de fin.',
    path: ['to'],
  });
export type JournalExportQuery = z.infer<typeof journalExportQuerySchema>;

export const periodCloseSchema = z.object({ through: isoDaySchema });
export type PeriodCloseRequest = z.infer<typeof periodCloseSchema>;

export const periodClosureSchema = z.object({
  id: z.string(),
  closedThrough: isoDaySchema,
  closedAt: isoInstantSchema,
  closedBy: z.string(),
});
export type PeriodClosure = z.infer<typeof periodClosureSchema>;

export const journalExportRecordSchema = z.object({
  id: z.string(),
  format: z.enum(journalExportFormatValues),
  from: isoDaySchema,
  to: isoDaySchema,
  lines: z.number().int(),
  exportedAt: isoInstantSchema,
  exportedBy: z.string(),
});
export type JournalExportRecord = z.infer<typeof journalExportRecordSchema>;

/** `GET /api/accounting/periods`: where the books are closed, the closures, the last exports. */
export const accountingPeriodsSchema = z.object({
  closedThrough: isoDaySchema.nullable(),
  closures: z.array(periodClosureSchema),
  exports: z.array(journalExportRecordSchema),
});
export type AccountingPeriods = z.infer<typeof accountingPeriodsSchema>;

/** Digits of an account number as the school's accountant keeps it. */
export const accountNumberSchema = z
  .string({ error: 'Indiquez un numéro de compte.' })
  .trim()
  .regex(/^\d{3,8}$/, 'Un numéro de compte : 3 à 8 chiffres.');

export const accountMappingLineSchema = z.object({
  internalAccount: z.string(),
  internalLabel: z.string(),
  account: z.string(),
  label: z.string(),
  isDefault: z.boolean(),
});
export type AccountMappingLine = z.infer<typeof accountMappingLineSchema>;

export const accountMappingSchema = z.object({
  baseChart: z.enum(baseChartValues),
  lines: z.array(accountMappingLineSchema),
});
export type AccountMapping = z.infer<typeof accountMappingSchema>;

export const accountMappingUpdateSchema = z.object({
  baseChart: z.enum(baseChartValues, { error: 'Plan de base : syscohada ou syscebnl.' }),
  lines: z
    .array(
      z.object({
        internalAccount: z.string().trim().min(1).max(16),
        account: accountNumberSchema,
        label: z.string().trim().max(120, '120 caractères au plus.').optional(),
      }),
    )
    .max(200),
});
export type AccountMappingUpdate = z.infer<typeof accountMappingUpdateSchema>;
