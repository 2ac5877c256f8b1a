/** Public shell: document titles, header, footer, newsletter, cookie dialog, shared messages. */
export const shell = {
  meta: {
    brand: 'Écolage',
    titleSuffix: 'Écolage',
    home: 'Écolage — Frais de scolarité sans tracas',
  },
  common: {
    networkError: "Une erreur s'est produite. Veuillez réessayer plus tard.",
    invalidEmail: "L'adresse e-mail n'est pas valide.",
    loading: 'Chargement…',
    close: 'Fermer',
    required: 'obligatoire',
  },
  skipLink: 'Aller au contenu',
  nav: {
    label: 'Navigation principale',
    home: 'Écolage, accueil',
    features: 'Fonctionnalités',
    pricing: 'Tarifs',
    contact: 'Contact',
    login: 'Connexion',
    signup: 'Inscription',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
  },
  language: {
    label: 'Langue',
    fr: 'FR – Français',
    en: 'EN – English',
  },
  footer: {
    tagline:
      "La plateforme de paiement des frais de scolarité pour les écoles privées du Togo et d'Afrique de l'Ouest francophone.",
    productTitle: 'Produit',
    companyTitle: 'Entreprise',
    legalTitle: 'Informations légales',
    about: 'À propos',
    services: 'Services',
    contactPage: 'Nous contacter',
    privacy: 'Politique de confidentialité',
    terms: "Conditions d'utilisation",
    cookies: 'Paramètres des cookies',
    copyright: '© 2025 Écolage. Tous droits réservés.',
  },
  newsletter: {
    title: 'Restez informé',
    text: "Recevez les nouveautés d'Écolage et nos conseils pour mieux encaisser les frais de scolarité.",
    label: 'Adresse e-mail',
    placeholder: 'vous@exemple.tg',
    submit: "S'abonner",
    submitting: 'Abonnement…',
    success: 'Abonnement réussi !',
    failure: "L'abonnement a échoué. Veuillez réessayer.",
  },
  honeypot: 'Ne remplissez pas ce champ',
  cookies: {
    title: 'Paramètres des cookies',
    intro:
      "Écolage n'utilise que des cookies strictement nécessaires au fonctionnement du service. Aucun traceur publicitaire, aucun outil de mesure d'audience tiers, aucun partage avec des régies.",
    necessaryTitle: 'Cookies strictement nécessaires (toujours actifs)',
    necessaryText:
      'Le cookie de session vous garde connecté à votre espace de façon sécurisée (il est inaccessible aux scripts et expire à la déconnexion). Ces cookies sont indispensables : ils ne demandent pas de consentement et ne peuvent pas être désactivés.',
    storageTitle: 'Préférences enregistrées sur votre appareil',
    storageText:
      'Votre choix de langue est conservé dans le stockage local de votre navigateur. Il ne quitte jamais votre appareil.',
    noTrackers: 'Cookies publicitaires et traceurs tiers : aucun.',
    ok: "J'ai compris",
  },
  notFound: {
    title: 'Page introuvable',
    code: 'Erreur 404',
    text: "La page que vous cherchez n'existe pas ou a été déplacée. Vérifiez l'adresse ou revenez à l'accueil.",
    home: "Retour à l'accueil",
    contact: 'Nous contacter',
  },
} as const;
