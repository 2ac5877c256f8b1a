/** Shared pieces of the admin screens: pager, dialogs, load errors. */
export const ui = {
  ui: {
    pager: {
      label: 'Pagination',
      first: 'Première page',
      previous: 'Page précédente',
      next: 'Page suivante',
      last: 'Dernière page',
      page: 'Page {{page}}',
      pageOf: 'Page {{page}} sur {{pages}}',
      range: '{{first}}–{{last}} sur {{total}}',
      pageSize: 'Lignes par page',
    },
    cancel: 'Annuler',
    retry: 'Réessayer',
    genericError: 'Une erreur est survenue. Veuillez réessayer.',
    forbidden:
      "Votre rôle ne permet pas de voir ces informations. Demandez l'accès à un administrateur de votre école.",
  },
} as const;
