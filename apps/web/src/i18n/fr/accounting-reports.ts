/** « Exporter » of the Comptabilité screen: the accounting reports' dialog. */
export const accountingReports = {
  accountingReports: {
    title: 'Exporter un rapport comptable',
    description: 'Choisissez le rapport, la période et le format : le fichier se télécharge.',
    report: 'Rapport',
    reports: {
      'grand-livre': {
        name: 'Grand livre auxiliaire',
        line: 'Les écritures du compte 4111 de chaque étudiant, avec solde à nouveau et solde final.',
      },
      'balance-agee': {
        name: 'Balance âgée',
        line: 'Ce que chaque étudiant doit à une date : non échu, 0–30, 31–60, 61–90 et plus de 90 jours.',
      },
      encaissements: {
        name: 'Encaissements',
        line: 'Par mode et par opérateur : nombre, brut, commission, frais et net, remboursements déduits.',
      },
      virements: {
        name: 'Virements',
        line: 'Les virements de la période vers le compte de l’école, leur statut et leurs montants.',
      },
    },
    from: 'Du',
    to: 'Au',
    at: 'À la date du',
    periodInverted: 'La date de début doit précéder la date de fin.',
    student: 'Étudiant (facultatif)',
    studentHint: 'Sans étudiant choisi : tous ceux dont le compte a bougé sur la période.',
    studentSearch: 'Rechercher un étudiant',
    studentPlaceholder: 'Nom ou matricule',
    studentResults: 'Étudiants trouvés',
    studentNoMatch: 'Aucun étudiant ne correspond à « {{search}} ».',
    studentChosen: 'Étudiant choisi : {{name}}',
    studentClear: 'Tous les étudiants',
    format: 'Format',
    pdf: 'PDF',
    xlsx: 'Excel (XLSX)',
    download: 'Télécharger',
    downloading: 'Préparation…',
    cancel: 'Annuler',
    close: 'Fermer',
    failure: 'Le rapport n’a pas pu être téléchargé. Réessayez.',
    success: 'Rapport téléchargé.',
  },
};
