import { z } from 'zod';

/**
 * The import file's columns, in the template's order. Headers are matched without accents or case,
 * so « telephone », « Téléphone » and « TÉLÉPHONE » are the same column.
 */
export const studentImportColumns = [
  { key: 'matricule', header: 'Matricule', required: false },
  { key: 'fullName', header: 'Nom complet', required: true },
  { key: 'phone', header: 'Téléphone', required: false },
  { key: 'email', header: 'Email', required: false },
  { key: 'status', header: 'Statut', required: false },
  { key: 'programme', header: 'Programme', required: false },
  { key: 'level', header: 'Niveau', required: false },
  { key: 'year', header: 'Année scolaire', required: false },
  { key: 'guardianName', header: 'Responsable', required: false },
  { key: 'guardianPhone', header: 'Téléphone du responsable', required: false },
  { key: 'guardianEmail', header: 'Email du responsable', required: false },
  { key: 'guardianRelation', header: 'Lien', required: false },
  /** JJ/MM/AAAA, AAAA-MM-JJ or an Excel date; last, so files made for the older template still read. */
  { key: 'birthDate', header: 'Date de naissance', required: false },
] as const;
export type StudentImportColumnKey = (typeof studentImportColumns)[number]['key'];

/** Largest import file accepted: 10 MB (about 50,000 rows). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

export const importIssueSchema = z.object({
  /** Line in the file, the header being line 1. */
  line: z.number().int(),
  /** The column's header as in the template, or null for the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importStatusValues = ['previewed', 'running', 'done', 'failed'] as const;

export const studentImportSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(importStatusValues),
  mode: z.enum(['all_or_nothing', 'skip_invalid']).nullable(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  /** Every bad row's problems (line, column, French message), at most 1,000 shown. */
  issues: z.array(importIssueSchema),
  /** The first rows as read, to check the columns were understood. */
  preview: z.array(
    z.object({
      line: z.number().int(),
      matricule: z.string().nullable(),
      fullName: z.string(),
      programme: z.string().nullable(),
      level: z.string().nullable(),
      guardianName: z.string().nullable(),
      guardianPhone: z.string().nullable(),
      /** Creates a new student or updates the one with this matricule. */
      action: z.enum(['create', 'update']),
      valid: z.boolean(),
    }),
  ),
  processedRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  enrolled: z.number().int(),
  invoicesIssued: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type StudentImport = z.infer<typeof studentImportSchema>;

export const studentImportParamsSchema = z.object({ importId: z.uuid('Import introuvable.') });
export const commitImportRequestSchema = z.object({
  mode: z.enum(['all_or_nothing', 'skip_invalid'], {
    error: 'Choisissez : tout ou rien, ou ignorer les lignes en erreur.',
  }),
});

export const ImportMessages = {
  noFile: 'Joignez un fichier CSV ou Excel (.xlsx).',
  tooLarge: 'Le fichier dépasse 10 Mo. Découpez-le en plusieurs fichiers.',
  unsupported: 'Format non reconnu : envoyez un fichier CSV ou Excel (.xlsx).',
  empty: 'Le fichier ne contient aucune ligne d’étudiant.',
  tooManyRows: 'Le fichier dépasse 50 000 lignes. Découpez-le en plusieurs fichiers.',
  tooLargeUncompressed:
    'Ce fichier est trop volumineux une fois décompressé. Découpez-le en plusieurs fichiers.',
  missingColumn: (header: string) => `Colonne « ${header} » absente de la première ligne.`,
  mixedSeparators:
    'Séparateurs mélangés : certaines lignes utilisent « ; » et d’autres « , ». Utilisez un seul séparateur.',
  formula: 'Cette cellule contient une formule : remplacez-la par sa valeur.',
  notPreviewed: 'Cet import a déjà été lancé.',
  allOrNothingBlocked:
    'Des lignes sont en erreur : corrigez le fichier, ou choisissez d’ignorer les lignes en erreur.',
  nothingToImport: 'Aucune ligne valide à importer.',
  unreadableXlsx: 'Ce fichier Excel est illisible ou protégé.',
} as const;
