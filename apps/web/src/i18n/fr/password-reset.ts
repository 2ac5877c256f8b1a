/** Forgotten password (/mot-de-passe-oublie) and new password from the e-mailed link. */
export const passwordReset = {
  passwordReset: {
    forgot: {
      title: 'Mot de passe oublié',
      lead: "Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
      email: 'E-mail',
      emailPlaceholder: 'vous@exemple.tg',
      submit: 'Envoyer le lien',
      submitting: 'Envoi…',
      sentTitle: 'Vérifiez votre boîte e-mail',
      sent: "Si un compte existe pour cette adresse, un e-mail de réinitialisation vient d'être envoyé. Le lien est valable une heure.",
      spam: 'Rien reçu après quelques minutes ? Regardez dans les courriers indésirables.',
      again: 'Utiliser une autre adresse',
      failure: "La demande n'a pas pu être envoyée. Veuillez réessayer.",
    },
    reset: {
      title: 'Nouveau mot de passe',
      lead: 'Choisissez le nouveau mot de passe de votre compte Écolage.',
      password: 'Nouveau mot de passe',
      passwordHint: 'Au moins 6 caractères.',
      confirm: 'Confirmez le nouveau mot de passe',
      submit: 'Enregistrer le mot de passe',
      submitting: 'Enregistrement…',
      failure: "Le mot de passe n'a pas pu être changé. Veuillez réessayer.",
      invalidTitle: 'Lien de réinitialisation invalide',
      invalid:
        'Ce lien de réinitialisation est invalide, déjà utilisé ou expiré. Demandez-en un nouveau.',
      requestNew: 'Demander un nouveau lien',
    },
    remembered: 'Vous vous en souvenez ?',
    loginLink: 'Connectez-vous',
  },
} as const;
