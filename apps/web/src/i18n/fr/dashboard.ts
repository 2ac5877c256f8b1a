/**
 * French strings of the dashboard (/admin, spec §2 « Admin dashboard », §9 KPIs): the four
 * figures with their change against the previous period, and the recent payments.
 */
export const dashboard = {
  dashboard: {
    kpis: {
      label: 'Indicateurs du jour',
      loading: 'Chargement des indicateurs…',
      loadError: "Les indicateurs n'ont pas pu être chargés.",
      asOf: 'Chiffres du {{date}}',
      collectedToday: 'Encaissements du jour',
      successRate: 'Taux de succès',
      overdue: 'Impayés',
      dueNext7Days: 'Échéances à 7 jours',
      comparedTo: {
        collectedToday: 'par rapport à hier',
        successRate: 'par rapport aux 30 jours précédents',
        overdue: 'par rapport à il y a 30 jours',
        // In time order: from these 7 days to the following 7 (see `changeInTime`).
        dueNext7Days: 'sur les 7 jours suivants',
      },
      stable: 'stable',
      none: '—',
      successDetail: '{{succeeded}} sur {{attempted}} en 30 jours',
      succeeded_one: '{{number}} réussi',
      succeeded_many: '{{number}} réussis',
      succeeded_other: '{{number}} réussis',
      attempted_one: '{{number}} tenté',
      attempted_many: '{{number}} tentés',
      attempted_other: '{{number}} tentés',
      noAttempt: 'Aucun paiement tenté en 30 jours',
    },
    recent: {
      title: 'Paiements récents',
      caption: 'Paiements récents',
      seeAll: 'Voir tous les paiements',
      loading: 'Chargement des paiements récents…',
      loadError: "Les paiements récents n'ont pas pu être chargés.",
      empty: 'Aucun paiement pour le moment.',
      emptyHint: 'Les paiements des familles et de la caisse apparaîtront ici.',
    },
  },
} as const;
