/** Privacy policy and terms of use. */
export const legal = {
  privacy: {
    title: 'Politique de confidentialité',
    lead: 'Cette politique explique quelles données Écolage traite, pourquoi, pendant combien de temps et comment exercer vos droits, conformément à la loi n° 2019-014 du 29 octobre 2019 relative à la protection des données à caractère personnel au Togo.',
    sections: [
      {
        title: 'Qui traite vos données',
        body: [
          'Écolage, Lomé (Togo), joint à contact@ecolage.tg, est responsable des traitements liés à son site et à ses comptes clients (newsletter, demandes de contact, comptes des équipes des écoles).',
          "Pour les données des élèves, des parents et des paiements, l'école est responsable du traitement ; Écolage agit comme sous-traitant et ne les utilise que pour fournir le service à cette école.",
        ],
      },
      {
        title: 'Quelles données',
        body: [
          "Identification et contact : nom, adresse e-mail, numéro de téléphone, rôle dans l'établissement.",
          'Scolarité : matricule, classe ou programme, frais facturés, échéances.',
          "Paiements : montant, date, opérateur, numéro de téléphone payeur et référence de transaction. Nous ne conservons jamais le numéro complet d'une carte bancaire ni le code secret d'un compte mobile money.",
          'Journaux techniques : adresse IP, date et action effectuée, pour la sécurité et la traçabilité.',
        ],
      },
      {
        title: 'Pourquoi',
        body: [
          "Fournir le service : facturer, encaisser, émettre les reçus, envoyer les rappels et produire les exports comptables demandés par l'école.",
          'Répondre à vos messages et, si vous vous y êtes abonné, vous envoyer la newsletter.',
          'Sécuriser la plateforme, prévenir la fraude et respecter nos obligations légales, notamment comptables.',
        ],
      },
      {
        title: 'Combien de temps',
        body: [
          "Les pièces comptables (factures, paiements, reçus) sont conservées dix ans, comme l'exige le droit comptable OHADA.",
          "Les comptes utilisateurs sont conservés tant que l'école utilise Écolage, puis supprimés ou anonymisés.",
          "Les demandes de contact sont conservées trois ans au plus ; l'abonnement à la newsletter dure jusqu'à votre désinscription.",
        ],
      },
      {
        title: 'Partage et sécurité',
        body: [
          "Vos données ne sont jamais vendues. Elles ne sont transmises qu'aux prestataires nécessaires au service (opérateurs de paiement, envoi de SMS et d'e-mails, hébergement), tenus à la confidentialité.",
          'Les échanges sont chiffrés, les accès sont limités selon les rôles et chaque action sensible est journalisée.',
        ],
      },
      {
        title: 'Vos droits',
        body: [
          "Vous disposez d'un droit d'information, d'accès, de rectification, d'effacement et d'opposition sur vos données. Écrivez à contact@ecolage.tg ; nous répondons dans un délai d'un mois.",
          "Pour les données gérées par une école, adressez-vous d'abord à celle-ci ; nous l'aidons à vous répondre. Vous pouvez aussi saisir l'Instance de protection des données à caractère personnel (IPDCP) du Togo.",
        ],
      },
      {
        title: 'Cookies',
        body: [
          "Écolage n'utilise que des cookies strictement nécessaires (session et sécurité), et aucun traceur publicitaire. Le détail figure dans les paramètres des cookies, en bas de chaque page.",
        ],
      },
    ],
  },
  terms: {
    title: "Conditions d'utilisation",
    lead: "Ces conditions régissent l'utilisation de la plateforme Écolage par les établissements scolaires, leurs équipes et les parents qui y effectuent des paiements.",
    sections: [
      {
        title: 'Objet',
        body: [
          "Écolage fournit un service en ligne de facturation et d'encaissement des frais de scolarité, d'émission de reçus, de rappels, d'exports comptables et d'analyses. Utiliser la plateforme vaut acceptation des présentes conditions.",
        ],
      },
      {
        title: 'Comptes et accès',
        body: [
          "L'école désigne les membres de son équipe et leurs rôles. Chacun garde ses identifiants confidentiels et signale sans délai tout accès suspect.",
          "L'école garantit l'exactitude des informations qu'elle saisit : élèves, frais, échéances et coordonnées des parents.",
        ],
      },
      {
        title: 'Paiements',
        body: [
          "Les paiements sont exécutés par des opérateurs agréés (mobile money, cartes bancaires). Un paiement n'est considéré comme réussi qu'après confirmation de l'opérateur ; le reçu est alors émis.",
          "Les montants sont exprimés en francs CFA (XOF). Les remboursements éventuels relèvent de la politique de l'école et sont tracés dans la plateforme.",
        ],
      },
      {
        title: 'Tarifs',
        body: [
          "Les formules Découverte, Croissance et Personnalisé sont décrites sur la page Tarifs. Les commissions sur paiements et les frais d'abonnement applicables figurent dans le contrat de l'école.",
        ],
      },
      {
        title: 'Disponibilité et responsabilité',
        body: [
          "Nous mettons tout en œuvre pour que le service soit disponible 24h/24, hors maintenance annoncée. Écolage n'est pas responsable des interruptions propres aux opérateurs de paiement ou de télécommunication.",
        ],
      },
      {
        title: 'Données personnelles',
        body: [
          'Le traitement des données est décrit dans notre politique de confidentialité, établie conformément à la loi n° 2019-014 relative à la protection des données à caractère personnel.',
        ],
      },
      {
        title: 'Droit applicable',
        body: [
          "Les présentes conditions sont soumises au droit togolais. À défaut d'accord amiable, tout litige relève des juridictions compétentes de Lomé. Nous pouvons faire évoluer ces conditions ; les écoles clientes en sont informées à l'avance.",
        ],
      },
    ],
  },
} as const;
