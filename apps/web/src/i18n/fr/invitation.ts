/** The invited person's page (/invitation?token=…): preview of the invitation, then acceptance. */
export const invitation = {
  invitation: {
    title: 'Invitation',
    heading: 'Rejoindre {{school}}',
    lead: '{{school}} vous invite à rejoindre Écolage avec le rôle {{role}}.',
    invitee: 'Personne invitée',
    name: 'Nom',
    email: 'E-mail',
    newAccount: {
      title: 'Choisissez votre mot de passe',
      lead: 'Vous vous connecterez ensuite avec votre adresse e-mail et ce mot de passe.',
      password: 'Mot de passe',
      passwordHint: 'Au moins 6 caractères.',
      confirm: 'Confirmez le mot de passe',
    },
    existingAccount: {
      title: 'Confirmez avec le mot de passe de votre compte Écolage',
      lead: 'Cette adresse a déjà un compte Écolage : l’école s’ajoutera à vos écoles.',
      password: 'Mot de passe de votre compte',
      forgot: 'Mot de passe oublié ?',
    },
    submit: "Accepter l'invitation",
    submitting: 'Activation…',
    failure: "L'invitation n'a pas pu être acceptée. Veuillez réessayer.",
    joined: 'Bienvenue dans {{school}} !',
    loading: "Chargement de l'invitation…",
    loadErrorTitle: "Impossible d'afficher l'invitation",
    loadError: 'Vérifiez votre connexion, puis réessayez.',
    retry: 'Réessayer',
    invalidTitle: "Lien d'invitation invalide",
    invalid:
      "Ce lien d'invitation est invalide, déjà utilisé ou expiré. Demandez une nouvelle invitation à l'école.",
    home: "Retour à l'accueil",
    hasAccess: 'Déjà accepté ?',
    loginLink: 'Connectez-vous',
  },
} as const;
