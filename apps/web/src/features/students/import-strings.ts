import { useTranslation } from 'react-i18next';
import { ImportMessages } from '@ecolage/contracts';

/**
 * Strings of the student import wizard, French and English. Kept with the feature (typed, with
 * plural functions) rather than in the i18n bundles; the hook picks the reader's language.
 */
const fr = {
  title: 'Importer des étudiants',
  lead: 'Créez ou mettez à jour des fiches en une fois depuis un fichier CSV ou Excel.',
  cancel: 'Annuler',
  close: 'Fermer',
  messages: {
    tooLarge: ImportMessages.tooLarge as string,
    allOrNothingBlocked: ImportMessages.allOrNothingBlocked as string,
    nothingToImport: ImportMessages.nothingToImport as string,
  },
  files: {
    heading: 'Fichiers acceptés',
    csv: 'CSV séparé par « ; » ou « , », encodé en UTF-8 ou en Latin-1',
    xlsx: 'Excel (.xlsx), première feuille',
    size: '10 Mo au plus (environ 50 000 lignes)',
  },
  columns: {
    heading: 'Colonnes',
    hint: 'La première ligne porte les en-têtes, dans n’importe quel ordre, avec ou sans accents. Une ligne avec un matricule existant met à jour cet étudiant.',
    required: 'obligatoire',
  },
  template: {
    lead: 'Partez du modèle :',
    csv: 'Télécharger le modèle CSV',
    xlsx: 'modèle Excel',
    failure: 'Le modèle n’a pas pu être téléchargé.',
  },
  drop: {
    label: 'Choisir un fichier',
    hint: 'ou déposez-le ici (CSV ou Excel .xlsx, 10 Mo au plus)',
    active: 'Déposez le fichier pour l’envoyer',
  },
  upload: {
    sending: (name: string) => `Envoi de « ${name} »…`,
    progress: 'Envoi du fichier',
    reading: 'Lecture du fichier…',
    failure: 'Le fichier n’a pas pu être lu.',
  },
  preview: {
    fileName: (name: string) => `Fichier : ${name}`,
    totalRows: 'Lignes lues',
    validRows: 'Valides',
    invalidRows: 'En erreur',
    issuesHeading: (n: string) => `Problèmes relevés (${n})`,
    issuesCaption: 'Problèmes relevés dans le fichier',
    issuesCapped: 'Seuls les 1 000 premiers problèmes sont listés.',
    noIssues: 'Aucun problème relevé : toutes les lignes sont valides.',
    line: 'Ligne',
    column: 'Colonne',
    problem: 'Problème',
    wholeRow: 'Toute la ligne',
    rowsHeading: 'Premières lignes lues',
    rowsCaption: 'Premières lignes du fichier, telles qu’elles ont été lues',
    matricule: 'Matricule',
    fullName: 'Nom complet',
    programme: 'Programme',
    level: 'Niveau',
    guardian: 'Responsable',
    action: 'Action',
    state: 'État',
    create: 'Créer',
    update: 'Mettre à jour',
    valid: 'Valide',
    invalid: 'En erreur',
    empty: '—',
  },
  mode: {
    legend: 'Que faire des lignes ?',
    allOrNothing: 'Tout ou rien',
    allOrNothingHint: 'Toutes les lignes sont importées, ou aucune si un problème survient.',
    skipInvalid: (n: string) => `Ignorer les lignes en erreur (${n})`,
    skipInvalidHint:
      'Les lignes valides sont importées ; les lignes en erreur sont laissées de côté.',
    submit: 'Importer',
    submitting: 'Lancement…',
    other: 'Choisir un autre fichier',
    failure: 'L’import n’a pas pu être lancé.',
  },
  run: {
    progress: 'Import en cours',
    rows: (done: string, total: string) => `${done} lignes traitées sur ${total}`,
    keepOpen: 'Vous pouvez fermer cette fenêtre : l’import continue.',
    pollFailure: 'L’avancement n’a pas pu être relu. Nouvel essai en cours…',
  },
  result: {
    done: 'Import terminé.',
    failed: 'L’import a échoué.',
    created: 'Créés',
    updated: 'Mis à jour',
    skipped: 'Ignorés',
    enrolled: 'Inscriptions',
    invoicesIssued: 'Factures émises',
  },
};

type Strings = {
  [Key in keyof typeof fr]: {
    [Sub in keyof (typeof fr)[Key]]: (typeof fr)[Key][Sub] extends string
      ? string
      : (typeof fr)[Key][Sub];
  };
};

const en: Strings = {
  title: 'Import students',
  lead: 'Create or update many students at once from a CSV or Excel file.',
  cancel: 'Cancel',
  close: 'Close',
  messages: {
    tooLarge: 'The file is over 10 MB. Split it into several files.',
    allOrNothingBlocked:
      'Some rows have errors: fix the file, or choose to skip the rows with errors.',
    nothingToImport: 'No valid row to import.',
  },
  files: {
    heading: 'Accepted files',
    csv: 'CSV separated by “;” or “,”, encoded in UTF-8 or Latin-1',
    xlsx: 'Excel (.xlsx), first sheet',
    size: '10 MB at most (about 50,000 rows)',
  },
  columns: {
    heading: 'Columns',
    hint: 'The first row holds the headers, in any order, with or without accents. A row with an existing student ID updates that student.',
    required: 'required',
  },
  template: {
    lead: 'Start from the template:',
    csv: 'Download the CSV template',
    xlsx: 'Excel template',
    failure: 'The template could not be downloaded.',
  },
  drop: {
    label: 'Choose a file',
    hint: 'or drop it here (CSV or Excel .xlsx, 10 MB at most)',
    active: 'Drop the file to send it',
  },
  upload: {
    sending: (name: string) => `Sending “${name}”…`,
    progress: 'Sending the file',
    reading: 'Reading the file…',
    failure: 'The file could not be read.',
  },
  preview: {
    fileName: (name: string) => `File: ${name}`,
    totalRows: 'Rows read',
    validRows: 'Valid',
    invalidRows: 'With errors',
    issuesHeading: (n: string) => `Problems found (${n})`,
    issuesCaption: 'Problems found in the file',
    issuesCapped: 'Only the first 1,000 problems are listed.',
    noIssues: 'No problem found: every row is valid.',
    line: 'Row',
    column: 'Column',
    problem: 'Problem',
    wholeRow: 'Whole row',
    rowsHeading: 'First rows read',
    rowsCaption: 'First rows of the file, as they were read',
    matricule: 'Student ID',
    fullName: 'Full name',
    programme: 'Programme',
    level: 'Level',
    guardian: 'Guardian',
    action: 'Action',
    state: 'State',
    create: 'Create',
    update: 'Update',
    valid: 'Valid',
    invalid: 'With errors',
    empty: '—',
  },
  mode: {
    legend: 'What to do with the rows?',
    allOrNothing: 'All or nothing',
    allOrNothingHint: 'Every row is imported, or none if a problem occurs.',
    skipInvalid: (n: string) => `Skip the rows with errors (${n})`,
    skipInvalidHint: 'Valid rows are imported; rows with errors are left out.',
    submit: 'Import',
    submitting: 'Starting…',
    other: 'Choose another file',
    failure: 'The import could not be started.',
  },
  run: {
    progress: 'Import in progress',
    rows: (done: string, total: string) => `${done} of ${total} rows processed`,
    keepOpen: 'You can close this window: the import goes on.',
    pollFailure: 'The progress could not be read again. Retrying…',
  },
  result: {
    done: 'Import finished.',
    failed: 'The import failed.',
    created: 'Created',
    updated: 'Updated',
    skipped: 'Skipped',
    enrolled: 'Enrolments',
    invoicesIssued: 'Invoices issued',
  },
};

export type ImportStrings = Strings;

/** The wizard's strings in the reader's language, and a number formatter for it. */
export function useImportStrings(): { s: ImportStrings; language: string } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return { s: language.startsWith('en') ? en : fr, language };
}
