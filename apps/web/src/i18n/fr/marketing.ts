/** Landing page: hero, features, pricing, contact block and contact form. */
export const marketing = {
  hero: {
    eyebrow: 'Pour les écoles privées du Togo',
    title: 'Payez les frais de scolarité, sans tracas.',
    text: 'Écolage facture les frais de scolarité et les encaisse pour votre école : les parents paient en quelques secondes depuis leur téléphone, vous suivez chaque franc en temps réel, les reçus et les rappels partent tout seuls.',
    cta: 'Commencez gratuitement',
    secondaryCta: 'Voir les tarifs',
    parentPrompt: 'Vous êtes parent ?',
    parentLink: 'Payer ou pré-inscrire un élève dans son école',
    imageAlt:
      "Illustration : un téléphone affiche des frais de scolarité de 75 000 FCFA à payer par mobile money, à côté d'un reçu PDF validé et d'un rappel d'échéance.",
    brandsTitle: 'Paiement accepté par',
    otherMethods: 'Cartes bancaires · QR code · Espèces au guichet',
  },
  features: {
    title: "Tout ce qu'il faut pour encaisser les frais de scolarité",
    intro:
      "De l'inscription au dernier versement, Écolage remplace les carnets de reçus, les files d'attente à la caisse et les tableaux de calcul refaits chaque mois.",
    payments: {
      title: 'Paiements digitaux',
      text: 'Les parents paient quand ils veulent, où ils veulent.',
      points: [
        'Mobile money : Mixx by Yas, Moov Flooz, MTN MoMo, Orange Money, Wave',
        'Cartes bancaires et QR codes',
        'Paiement possible 24h/24, 7j/7',
        'Reçus envoyés automatiquement',
        "Rappels avant chaque date d'échéance",
      ],
    },
    receipts: {
      title: 'Reçus PDF',
      text: 'Chaque paiement produit un reçu numéroté, vérifiable par QR code.',
      points: [
        'Reçu PDF généré dès la confirmation du paiement',
        'Archivage sécurisé de tous les reçus',
        'Historique complet des paiements par élève',
      ],
    },
    roles: {
      title: 'Gestion multi-rôles',
      text: "Chaque membre de l'équipe voit et fait ce que son rôle permet.",
      points: [
        'Rôles admin, comptable, caissier et directeur',
        'Import et export des étudiants et des frais',
        'Système de caisse pour les paiements en espèces',
      ],
    },
    analytics: {
      title: 'Analyses financières',
      text: 'Des chiffres justes pour décider vite.',
      points: [
        'Tableaux de bord en temps réel',
        "Rapports d'encaissement",
        'Taux de paiement par classe et par programme',
        'Prévisions de trésorerie',
      ],
    },
    model: {
      title: 'Vous gagnez, nous gagnons.',
      text: "Avec la formule Croissance, aucun abonnement : Écolage se rémunère par une commission sur les paiements encaissés. Tant que votre école n'encaisse rien, vous ne payez rien.",
    },
  },
  pricing: {
    title: 'Des tarifs simples, en francs CFA',
    intro: 'Commencez sans engagement et changez de formule quand votre école grandit.',
    recommended: 'Recommandé',
    perYear: '/\u00A0an',
    perMonth: '/\u00A0mois',
    onQuote: 'Sur devis',
    plans: {
      decouverte: {
        name: 'Découverte',
        description: 'Pour démarrer avec une petite équipe.',
        cta: 'Choisir Découverte',
      },
      croissance: {
        name: 'Croissance',
        description: 'Aucun abonnement : vous payez seulement quand vous encaissez.',
        cta: 'Commencez gratuitement',
      },
      personnalise: {
        name: 'Personnalisé',
        description: 'Pour les groupes scolaires et les grands établissements.',
        cta: 'Demander un devis',
      },
    },
    features: {
      users: '{{quantity}} utilisateurs',
      usersUnlimited: 'Utilisateurs illimités',
      studentsUnlimited: 'Étudiants illimités',
      remindersPerMonth: '{{quantity}} rappels par mois',
      remindersUnlimited: 'Rappels illimités',
      prioritySupport: 'Support prioritaire',
      freeUpdates: 'Mises à jour gratuites',
      unlimitedTraining: 'Formation illimitée',
      firstAmountFree: 'Premier {{amount}} encaissé sans frais',
      noPaymentFees: 'Aucuns frais de paiement',
      dedicatedServer: 'Serveur dédié',
      premiumSupport: 'Support premium 24/7',
      tailoredTraining: 'Formation sur mesure',
    },
  },
  contact: {
    title: 'Parlons de votre école',
    intro:
      'Une question, une démonstration, un devis ? Écrivez-nous : nous répondons en français, avec des exemples adaptés à votre établissement.',
    detailsTitle: 'Nos coordonnées',
    emailLabel: 'E-mail',
    phoneLabel: 'Téléphone',
    addressLabel: 'Adresse',
    address: 'Lomé, Togo',
    formTitle: 'Envoyez-nous un message',
  },
  contactForm: {
    name: 'Nom',
    email: 'E-mail',
    subject: 'Objet',
    message: 'Message',
    requiredHint: 'Tous les champs sont obligatoires.',
    submit: 'Envoyer le message',
    submitting: 'Envoi en cours…',
    success: 'Votre message a été envoyé avec succès !',
    failure: "Échec de l'envoi du message. Veuillez réessayer.",
    fillRequired: 'Veuillez remplir tous les champs obligatoires.',
  },
} as const;
