/** « Comptabilité »: the page, its tabs and its two buttons (each tab has its own strings). */
export const accounting = {
  accounting: {
    title: 'Comptabilité',
    lead: 'Ce que l’école encaisse, ce que coûtent les opérateurs et la plateforme, les virements vers son compte, le rapprochement avec les relevés et les exports pour le comptable.',
    journal: 'Journal',
    export: 'Exporter',
    tabs: {
      label: 'Vues de la comptabilité',
      settlements: 'Paiements',
      payouts: 'Virements',
      reconciliation: 'Rapprochement',
      incomingCredits: 'À affecter',
      settings: 'Paramètres comptables',
    },
  },
};
