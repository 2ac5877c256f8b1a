/** « Journal » of the Comptabilité screen and its « Paramètres comptables » tab. */
export const accountingJournal = {
  accountingJournal: {
    title: 'Exporter le journal comptable',
    description:
      'Les écritures de la période, numérotées par journal, lettrées et avec les comptes de l’école.',
    from: 'Du',
    to: 'Au',
    periodInverted: 'La date de début doit précéder la date de fin.',
    format: 'Format',
    formats: {
      fec: {
        name: 'FEC',
        line: 'Pour l’expert-comptable et les logiciels qui lisent le FEC : 18 colonnes séparées par « | ».',
      },
      sage: {
        name: 'Sage 100',
        line: 'Pour importer les écritures dans Sage 100 Comptabilité (import paramétrable, dates JJMMAA).',
      },
      csv: {
        name: 'CSV',
        line: 'Pour un tableur ou un autre logiciel (Tompro, Perfecto…) : colonnes séparées par « ; ».',
      },
      xlsx: { name: 'Excel', line: 'Pour relire les écritures dans Excel ou LibreOffice.' },
    },
    download: 'Télécharger',
    downloading: 'Préparation du fichier…',
    cancel: 'Annuler',
    close: 'Fermer',
    failure: 'Le journal n’a pas pu être exporté. Réessayez.',
    done: 'Journal du {{from}} au {{to}} téléchargé.',
    closeOffer: 'Clôturer la période jusqu’au {{day}}',
    closeHint:
      'Une fois la période close, aucune écriture ne peut plus y être datée : les opérations tardives passent au premier jour ouvert.',
    closeNotYet:
      'La période en cours ne peut pas encore être close : seuls les jours passés le peuvent.',
    closeConfirmTitle: 'Clôturer la période ?',
    closeConfirm:
      'Les écritures datées jusqu’au {{day}} inclus seront définitivement figées. Cette clôture ne peut pas être annulée.',
    closeConfirmAction: 'Clôturer jusqu’au {{day}}',
    closing: 'Clôture…',
    closed: 'Période close jusqu’au {{day}}.',
    closeFailure: 'La période n’a pas pu être close. Réessayez.',
    settings: {
      chartTitle: 'Plan comptable de base',
      chartHint:
        'SYSCOHADA révisé pour les entreprises ; SYSCEBNL pour les associations et établissements confessionnels.',
      charts: {
        syscohada: 'SYSCOHADA révisé (entreprises)',
        syscebnl: 'SYSCEBNL (associations, établissements confessionnels)',
      },
      mappingTitle: 'Comptes de l’école',
      mappingHint:
        'Le compte et le libellé que les exports écrivent pour chaque compte d’Écolage : un compte du plan ou un sous-compte (4 à 8 chiffres).',
      internal: 'Compte Écolage',
      account: 'Compte de l’école',
      label: 'Libellé',
      accountOf: 'Compte de l’école pour {{name}}',
      labelOf: 'Libellé pour {{name}}',
      byDefault: 'par défaut',
      save: 'Enregistrer le plan de comptes',
      saving: 'Enregistrement…',
      saved: 'Plan de comptes enregistré.',
      saveFailure: 'Le plan de comptes n’a pas pu être enregistré.',
      readOnly: 'Seuls les membres qui gèrent la comptabilité peuvent modifier ces comptes.',
      periodsTitle: 'Périodes closes',
      closedThrough: 'Écritures closes jusqu’au {{day}}.',
      nothingClosed: 'Aucune période close pour le moment.',
      closedOn: 'Close jusqu’au {{day}} par {{name}}, le {{at}}',
      loading: 'Chargement…',
      loadFailure: 'Les paramètres comptables n’ont pas pu être chargés.',
    },
  },
};
