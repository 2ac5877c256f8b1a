/**
 * « Marketing » (/admin/marketing): the page's title, its tabs (Campagnes · Coupons · Bourses)
 * and the four KPI cards of the school's campaigns. Each tab has its own strings (`./campaigns`,
 * the coupons' and scholarships' own files).
 */
export const marketingPage = {
  marketingPage: {
    title: 'Marketing',
    lead: 'Vos campagnes de recrutement, vos coupons de réduction et les bourses : ce que chaque action apporte en inscriptions et en encaissements.',
    tabs: {
      label: 'Rubriques du marketing',
      campaigns: 'Campagnes',
      coupons: 'Coupons',
      scholarships: 'Bourses',
    },
    kpis: {
      label: 'Indicateurs des campagnes',
      period: 'Période',
      periodOption_one: 'Dernier jour',
      periodOption_other: '{{count}} derniers jours',
      range: 'Du {{from}} au {{to}}, comparé aux {{days}} jours précédents.',
      loading: 'Chargement des indicateurs…',
      loadError: 'Les indicateurs n’ont pas pu être chargés.',
      reach: 'Portée totale',
      reachHint: 'Visiteurs uniques venus par vos liens de campagne',
      conversions: 'Conversions',
      conversionsHint: 'Pré-inscriptions et inscriptions attribuées',
      engagementRate: 'Taux d’engagement',
      engagementRateHint: 'Visites de campagne qui ne sont pas reparties aussitôt',
      spend: 'Dépense totale',
      spendHint: 'Au prorata des jours de chaque campagne',
      change: {
        none: 'Pas de période précédente à comparer',
        noneShort: '—',
        stable: 'Stable',
        up: 'En hausse :',
        down: 'En baisse :',
        previous: 'par rapport à la période précédente',
      },
    },
  },
} as const;
