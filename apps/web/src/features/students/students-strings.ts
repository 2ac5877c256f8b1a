import { useTranslation } from 'react-i18next';
import { studentStatusLabels } from '@ecolage/contracts';
import type { StudentStatus } from '@ecolage/contracts';

/**
 * Strings of the « Étudiants » screen, French and English. Kept with the feature (not in the
 * app's i18n bundles) and picked by the reader's language with `useStudentsStrings()`.
 */
const fr = {
  title: 'Étudiants',
  lead: 'Gérez les étudiants et leurs profils.',
  status: { ...studentStatusLabels } as Record<StudentStatus, string>,
  counters: {
    label: 'Résumé des étudiants',
    total: 'Total Étudiants',
    active: 'Actifs',
    suspended: 'Suspendus',
    pending: 'En attente',
  },
  toolbar: {
    search: 'Rechercher un étudiant',
    searchPlaceholder: 'Rechercher par nom, matricule…',
    status: 'Statut',
    statusAll: 'Tous les étudiants',
    statusOptions: { active: 'Actifs', suspended: 'Suspendus', pending: 'En attente' } as Record<
      StudentStatus,
      string
    >,
    filter: 'Filtrer',
    filterCount: (count: number) => `Filtrer (${count})`,
    create: 'Nouvel Étudiant',
    export: 'Exporter',
    exportCsv: 'Étudiants — CSV (.csv)',
    exportExcel: 'Étudiants — Excel (.xlsx)',
    exportBalancesCsv: 'Soldes par ancienneté — CSV',
    exportBalancesExcel: 'Soldes par ancienneté — Excel',
    exporting: 'Export en cours…',
    exported: 'Export téléchargé.',
    exportFailed: "L'export n'a pas pu être téléchargé. Veuillez réessayer.",
    import: 'Importer',
  },
  filters: {
    title: 'Filtres',
    programme: 'Programme',
    programmeAll: 'Tous les programmes',
    level: 'Niveau',
    levelAll: 'Tous les niveaux',
    levelHint: "Choisissez d'abord un programme.",
    year: 'Année scolaire',
    yearCurrent: 'Année en cours',
    currentMark: (label: string) => `${label} (en cours)`,
    archivedMark: (label: string) => `${label} (archivé)`,
    balance: 'Solde',
    balanceAll: 'Tous',
    balanceOptions: { due: 'Solde dû', overdue: 'En retard', clear: 'À jour' },
    reset: 'Réinitialiser les filtres',
    unavailable: 'Liste indisponible pour votre rôle.',
  },
  table: {
    caption: 'Étudiants de l’école',
    name: 'Nom',
    matricule: 'Matricule',
    programme: 'Programme',
    status: 'Statut',
    balance: 'Solde',
    action: 'Action',
    none: '—',
    overdue: (amount: string) => `En retard : ${amount}`,
    edit: 'Modifier',
    editLabel: (name: string) => `Modifier ${name}`,
    remove: 'Supprimer',
    removeLabel: (name: string) => `Supprimer ${name}`,
    archived: 'Archivé',
    loading: 'Chargement des étudiants…',
    loadError: 'Impossible de charger les étudiants.',
    emptyTitle: 'Aucun étudiant trouvé',
    emptyHint: 'Essayez de modifier vos filtres ou votre recherche.',
    emptyFirstHint: 'Ajoutez un premier étudiant avec « Nouvel Étudiant » ou importez une liste.',
  },
  form: {
    createTitle: 'Ajouter un nouvel étudiant',
    editTitle: (name: string) => `Modifier ${name}`,
    fullName: 'Nom complet',
    phone: 'Téléphone',
    phoneHint: 'Exemple : 90 12 34 56 ou +228 90 12 34 56.',
    email: 'Email',
    programme: 'Programme',
    programmeNone: 'Aucun programme',
    programmesLoading: 'Chargement des programmes…',
    programmesUnavailable: 'Les programmes ne peuvent pas être chargés.',
    status: 'Statut',
    statusReason: 'Motif du changement de statut',
    statusReasonHint: 'Facultatif ; gardé dans l’historique du statut.',
    cancel: 'Annuler',
    submit: 'Enregistrer',
    submitting: 'Enregistrement…',
    created: (matricule: string) => `Étudiant ajouté (${matricule})`,
    saved: 'Étudiant modifié',
    failure: "L'étudiant n'a pas pu être enregistré. Veuillez réessayer.",
  },
  remove: {
    title: 'Supprimer cet étudiant ?',
    body: (name: string, matricule: string) =>
      `${name} (${matricule}) sera supprimé. S’il a déjà des factures, il sera archivé : son historique est conservé.`,
    confirm: 'Supprimer',
    pending: 'Suppression…',
    deleted: 'Étudiant supprimé',
    archived: 'Étudiant archivé : il a des factures',
    failure: "L'étudiant n'a pas pu être supprimé. Veuillez réessayer.",
  },
};

export type StudentsStrings = typeof fr;

const en: StudentsStrings = {
  title: 'Students',
  lead: 'Manage students and their profiles.',
  status: { active: 'Active', suspended: 'Suspended', pending: 'Pending' },
  counters: {
    label: 'Students summary',
    total: 'Total students',
    active: 'Active',
    suspended: 'Suspended',
    pending: 'Pending',
  },
  toolbar: {
    search: 'Search for a student',
    searchPlaceholder: 'Search by name, student ID…',
    status: 'Status',
    statusAll: 'All students',
    statusOptions: { active: 'Active', suspended: 'Suspended', pending: 'Pending' },
    filter: 'Filter',
    filterCount: (count: number) => `Filter (${count})`,
    create: 'New student',
    export: 'Export',
    exportCsv: 'Students — CSV (.csv)',
    exportExcel: 'Students — Excel (.xlsx)',
    exportBalancesCsv: 'Balances by age — CSV',
    exportBalancesExcel: 'Balances by age — Excel',
    exporting: 'Exporting…',
    exported: 'Export downloaded.',
    exportFailed: 'The export could not be downloaded. Please try again.',
    import: 'Import',
  },
  filters: {
    title: 'Filters',
    programme: 'Programme',
    programmeAll: 'All programmes',
    level: 'Level',
    levelAll: 'All levels',
    levelHint: 'Choose a programme first.',
    year: 'School year',
    yearCurrent: 'Current year',
    currentMark: (label: string) => `${label} (current)`,
    archivedMark: (label: string) => `${label} (archived)`,
    balance: 'Balance',
    balanceAll: 'All',
    balanceOptions: { due: 'Balance due', overdue: 'Overdue', clear: 'Paid up' },
    reset: 'Reset filters',
    unavailable: 'List not available to your role.',
  },
  table: {
    caption: 'Students of the school',
    name: 'Name',
    matricule: 'Student ID',
    programme: 'Programme',
    status: 'Status',
    balance: 'Balance',
    action: 'Action',
    none: '—',
    overdue: (amount: string) => `Overdue: ${amount}`,
    edit: 'Edit',
    editLabel: (name: string) => `Edit ${name}`,
    remove: 'Delete',
    removeLabel: (name: string) => `Delete ${name}`,
    archived: 'Archived',
    loading: 'Loading students…',
    loadError: 'The students could not be loaded.',
    emptyTitle: 'No student found',
    emptyHint: 'Try changing your filters or your search.',
    emptyFirstHint: 'Add a first student with « New student » or import a list.',
  },
  form: {
    createTitle: 'Add a new student',
    editTitle: (name: string) => `Edit ${name}`,
    fullName: 'Full name',
    phone: 'Phone',
    phoneHint: 'Example: 90 12 34 56 or +228 90 12 34 56.',
    email: 'Email',
    programme: 'Programme',
    programmeNone: 'No programme',
    programmesLoading: 'Loading programmes…',
    programmesUnavailable: 'The programmes cannot be loaded.',
    status: 'Status',
    statusReason: 'Reason for the status change',
    statusReasonHint: 'Optional; kept in the status history.',
    cancel: 'Cancel',
    submit: 'Save',
    submitting: 'Saving…',
    created: (matricule: string) => `Student added (${matricule})`,
    saved: 'Student updated',
    failure: 'The student could not be saved. Please try again.',
  },
  remove: {
    title: 'Delete this student?',
    body: (name: string, matricule: string) =>
      `${name} (${matricule}) will be deleted. If they already have invoices, they will be archived instead: their history is kept.`,
    confirm: 'Delete',
    pending: 'Deleting…',
    deleted: 'Student deleted',
    archived: 'Student archived: they have invoices',
    failure: 'The student could not be deleted. Please try again.',
  },
};

export const studentsStrings = { fr, en };

/** `fr` or `en`, as amounts are formatted (`formatFrancs(amount, locale)`). */
export type StudentsLocale = keyof typeof studentsStrings;

export function studentsLocale(language: string): StudentsLocale {
  return language.startsWith('en') ? 'en' : 'fr';
}

/** The screen's strings in the reader's language, and that language (`fr` or `en`). */
export function useStudentsStrings(): { s: StudentsStrings; locale: StudentsLocale } {
  const { i18n } = useTranslation();
  const locale = studentsLocale(i18n.language);
  return { s: studentsStrings[locale], locale };
}
