/** About, Services and Contact pages. */
export const pages = {
  about: {
    title: 'À propos',
    lead: 'Écolage aide les écoles privées à encaisser les frais de scolarité simplement, sans perdre un franc ni une heure de travail.',
    whoTitle: 'Qui sommes-nous',
    who: [
      "Écolage est une plateforme de facturation et d'encaissement des frais de scolarité, basée à Lomé. Nous la construisons pour les établissements privés : écoles primaires, collèges, lycées, instituts de formation et universités.",
      "Dans beaucoup d'écoles, l'encaissement repose encore sur des carnets de reçus, des files d'attente au guichet et des relevés de mobile money recopiés à la main. Écolage relie tout cela : chaque facture, chaque paiement et chaque reçu se retrouvent au même endroit, à jour.",
    ],
    missionTitle: 'Notre mission',
    mission: [
      "Rendre le paiement des frais de scolarité aussi simple qu'un transfert d'argent entre proches, pour les parents du Togo puis de toute l'Afrique de l'Ouest francophone, et donner aux écoles une trésorerie claire et prévisible.",
      "Les parents paient avec les moyens qu'ils utilisent déjà : Mixx by Yas et Moov Flooz au Togo, MTN MoMo, Orange Money et Wave dans les pays voisins, la carte bancaire, un QR code ou les espèces au guichet de l'école.",
    ],
    valuesTitle: 'Nos engagements',
    values: [
      {
        title: "L'exactitude",
        text: "Les montants sont tenus au franc près. Un paiement confirmé par un opérateur n'est jamais perdu ni compté deux fois, et chaque correction laisse une trace.",
      },
      {
        title: "Le français d'abord",
        text: "L'interface, les reçus et les messages envoyés aux parents sont rédigés en français clair, avec les montants en francs CFA.",
      },
      {
        title: 'Des réseaux réels',
        text: "Nos pages sont légères et rapides, même en 3G sur un téléphone modeste. Le parent qui paie n'a besoin ni de compte ni d'application.",
      },
      {
        title: 'Des données protégées',
        text: 'Les données de chaque école sont isolées, et nous appliquons la loi togolaise n° 2019-014 relative à la protection des données à caractère personnel.',
      },
    ],
    ctaTitle: 'Envie de voir Écolage dans votre école ?',
    cta: 'Nous contacter',
  },
  services: {
    title: 'Services',
    lead: 'Une seule plateforme pour facturer, encaisser, délivrer les reçus, relancer et tenir la comptabilité des frais de scolarité.',
    howTitle: 'Comment ça marche',
    steps: [
      {
        title: 'Facturation',
        text: 'Vous définissez vos programmes, vos niveaux et leurs frais (inscription, mensualités, échéancier). Écolage émet les factures de chaque élève avec une numérotation continue, sans trou.',
      },
      {
        title: 'Paiement',
        text: "Le parent reçoit un lien par SMS ou par e-mail, ou passe par la page de paiement de l'école. Il choisit Mixx by Yas, Moov Flooz, MTN MoMo, Orange Money, Wave, la carte bancaire ou un QR code, et peut régler pour plusieurs enfants en une fois. Les paiements en espèces sont saisis au guichet, dans une caisse ouverte et clôturée chaque jour.",
      },
      {
        title: 'Reçus',
        text: "Dès que l'opérateur confirme le paiement, un reçu PDF numéroté est créé, envoyé au parent et archivé. Un QR code imprimé sur le reçu permet d'en vérifier l'authenticité.",
      },
      {
        title: 'Rappels',
        text: 'Avant chaque échéance, Écolage envoie un rappel courtois par SMS ou par e-mail aux heures convenables, puis relance les retards selon les règles que vous fixez.',
      },
      {
        title: 'Comptabilité',
        text: 'Chaque paiement est enregistré en écritures équilibrées. Vous exportez les journaux et les reversements pour votre comptable ou votre logiciel, selon le plan de comptes SYSCOHADA.',
      },
      {
        title: 'Analyses',
        text: "Tableaux de bord, rapports d'encaissement, taux de paiement par classe et prévisions de trésorerie : vous savez à tout moment ce qui est encaissé et ce qui reste dû.",
      },
    ],
    audienceTitle: 'Pour qui',
    audience: [
      {
        title: "L'économe et l'intendance",
        text: 'Suivent les encaissements du jour, les impayés et les relances sans ressaisie.',
      },
      {
        title: 'Les parents et tuteurs',
        text: 'Paient depuis leur téléphone, à toute heure, et gardent leurs reçus.',
      },
      {
        title: 'Le comptable',
        text: 'Rapproche les paiements et exporte des journaux prêts à intégrer.',
      },
      {
        title: 'Le directeur',
        text: "Voit la santé financière de l'établissement et anticipe la trésorerie.",
      },
      {
        title: 'Le caissier',
        text: 'Encaisse les espèces au guichet et clôture sa caisse avec un écart justifié.',
      },
    ],
    ctaTitle: 'Choisissez la formule adaptée à votre école',
    cta: 'Voir les tarifs',
  },
  contactPage: {
    title: 'Contact',
    lead: 'Une question sur Écolage, une démonstration pour votre équipe ou un devis pour un groupe scolaire ? Nous vous répondons rapidement.',
  },
} as const;
