/**
 * French strings of receipts: their status, their PDFs (A4, 80 mm ticket), the student's list of
 * receipts, and the public verification page (/verifier/:code). Written here rather than taken
 * from the contracts so that the public page does not bring the contracts' schemas with it; a
 * test checks that the statuses read as the contracts' `receiptStatusLabels`.
 */
export const receipts = {
  receipts: {
    status: {
      valid: 'Valide',
      partially_refunded: 'Partiellement remboursé',
      cancelled: 'Annulé (remboursé)',
    },
    pdf: {
      print: 'Imprimer le reçu (ticket 80 mm)',
      printHint: "Le ticket s'ouvre dans un nouvel onglet : imprimez-le depuis celui-ci.",
      a4: 'Reçu A4',
      opening: 'Ouverture du reçu…',
      downloading: 'Téléchargement…',
      tabLoading: 'Chargement du reçu…',
      failure: "Le reçu n'a pas pu être téléchargé.",
    },
    studentList: {
      title: 'Reçus',
      caption: "Reçus de l'étudiant",
      loading: 'Chargement des reçus…',
      loadError: "Les reçus n'ont pas pu être chargés.",
      empty: 'Aucun reçu pour le moment.',
      hint: 'Un reçu est émis pour chaque paiement réussi, en ligne ou au guichet.',
      number: 'N° de reçu',
      date: 'Date',
      amount: 'Montant',
      status: 'Statut',
      payer: 'Payeur',
      files: 'Télécharger',
      refunded: 'Remboursé : {{amount}}',
      a4: 'A4',
      thermal: 'Ticket',
      a4Label: 'Télécharger le reçu {{number}} au format A4',
      thermalLabel: 'Télécharger le reçu {{number}} en ticket 80 mm',
    },
    verification: {
      title: 'Vérification de reçu',
      loading: 'Vérification du reçu…',
      authentic: 'Reçu authentique',
      authenticLead: 'Ce reçu a bien été émis par {{school}} avec Écolage.',
      cancelledLead:
        'Ce reçu a été émis par {{school}} avec Écolage, mais le paiement a été entièrement remboursé : il ne prouve plus aucun paiement.',
      partiallyRefundedLead:
        'Ce reçu a été émis par {{school}} avec Écolage ; une partie du paiement a depuis été remboursée.',
      number: 'Numéro du reçu',
      school: 'École',
      date: "Date d'émission",
      amount: 'Montant payé',
      refunded: 'Montant remboursé',
      status: 'État :',
      students_one: 'Étudiant',
      students_other: 'Étudiants',
      notFoundTitle: 'Reçu introuvable',
      notFound:
        "Ce code ne correspond à aucun reçu. Vérifiez l'adresse ou scannez à nouveau le QR code du reçu ; en cas de doute, adressez-vous à l'école.",
      tooManyTitle: 'Trop de vérifications',
      tooMany: 'Trop de vérifications, réessayez dans une minute.',
      errorTitle: 'Impossible de vérifier le reçu',
      error: 'Vérifiez votre connexion, puis réessayez.',
      retry: 'Réessayer',
      home: "Retour à l'accueil",
    },
  },
} as const;
