import { ImportMessages } from '@ecolage/contracts';

/**
 * The student import wizard (« Importer », on /admin/etudiants). Its messages that the server
 * also sends are the contracts' own (`ImportMessages`).
 */
export const studentImport = {
  studentImport: {
    title: 'Importer des étudiants',
    lead: 'Créez ou mettez à jour des fiches en une fois depuis un fichier CSV ou Excel.',
    cancel: 'Annuler',
    close: 'Fermer',
    messages: {
      tooLarge: ImportMessages.tooLarge,
      allOrNothingBlocked: ImportMessages.allOrNothingBlocked,
      nothingToImport: ImportMessages.nothingToImport,
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
      sending: 'Envoi de « {{name}} »…',
      progress: 'Envoi du fichier',
      reading: 'Lecture du fichier…',
      failure: 'Le fichier n’a pas pu être lu.',
    },
    preview: {
      fileName: 'Fichier : {{name}}',
      totalRows: 'Lignes lues',
      validRows: 'Valides',
      invalidRows: 'En erreur',
      issuesHeading: 'Problèmes relevés ({{n}})',
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
      skipInvalid: 'Ignorer les lignes en erreur ({{n}})',
      skipInvalidHint:
        'Les lignes valides sont importées ; les lignes en erreur sont laissées de côté.',
      submit: 'Importer',
      submitting: 'Lancement…',
      other: 'Choisir un autre fichier',
      failure: 'L’import n’a pas pu être lancé.',
    },
    run: {
      progress: 'Import en cours',
      rows: '{{done}} lignes traitées sur {{total}}',
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
  },
} as const;
