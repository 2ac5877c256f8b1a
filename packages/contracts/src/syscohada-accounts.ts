/**
 * The charts of accounts a school's journal is exported in (research/accounting-analytics.md §3,
 * accounting-and-market.md §4.3): SYSCOHADA révisé for companies, SYSCEBNL for associations and
 * confessional schools. Only the accounts Écolage posts to and the usual ones around them: a
 * school's own sub-account is accepted when its digits start with one of these (4 to 8 digits).
 * Labels are the official nomenclature's, not Odoo's translations.
 */
export const baseChartValues = ['syscohada', 'syscebnl'] as const;
export type BaseChart = (typeof baseChartValues)[number];

export const baseChartLabels: Record<BaseChart, string> = {
  syscohada: 'SYSCOHADA révisé (entreprises)',
  syscebnl: 'SYSCEBNL (associations, établissements confessionnels)',
};

export const syscohadaChart: Readonly<Record<string, string>> = {
  '411': 'Clients',
  '4111': 'Clients',
  '4112': 'Clients - Groupe',
  '4114': 'Clients, État et Collectivités publiques',
  '4115': 'Clients, organismes internationaux',
  '416': 'Créances clients litigieuses ou douteuses',
  '418': 'Clients, produits à recevoir',
  '419': 'Clients créditeurs',
  '4191': 'Clients, avances et acomptes reçus',
  '4198': 'Clients, rabais, remises, ristournes et autres avoirs à accorder',
  '471': 'Débiteurs et créditeurs divers',
  '4711': 'Débiteurs divers',
  '4712': 'Créditeurs divers',
  '477': "Produits constatés d'avance",
  '513': 'Chèques à encaisser',
  '514': "Chèques à l'encaissement",
  '521': 'Banques locales',
  '5211': 'Banques en monnaie nationale',
  '552': 'Monnaie électronique - téléphone portable',
  '554': 'Porte-monnaie électronique',
  '558': 'Autres instruments de monnaie électronique',
  '571': 'Caisse siège social',
  '5711': 'Caisse en monnaie nationale',
  '585': 'Virements de fonds',
  '588': 'Autres virements internes',
  '631': 'Frais bancaires',
  '6315': 'Commissions sur cartes de crédit',
  '6317': 'Frais sur instruments monnaie électronique',
  '6318': 'Autres frais bancaires',
  '632': "Rémunérations d'intermédiaires et de conseils",
  '6322': 'Commissions et courtages sur ventes',
  '6327': 'Rémunérations des autres prestataires de services',
  '651': 'Pertes sur créances clients et autres débiteurs',
  '6511': 'Pertes sur créances clients',
  '673': 'Escomptes accordés',
  '706': 'Services vendus',
  '7061': 'Services vendus dans la Région',
  '7062': 'Services vendus hors Région',
  '7065': 'Services vendus sur internet',
  '7069': 'Rabais, remises, ristournes accordés (non ventilés)',
  '707': 'Produits accessoires',
  '7078': 'Autres produits accessoires',
  '718': "Autres subventions d'exploitation",
  '758': 'Produits divers',
  '7588': 'Autres produits divers',
};

export const syscebnlChart: Readonly<Record<string, string>> = {
  '411': 'Adhérents',
  '412': 'Clients-usagers',
  '413': 'Adhérents, clients-usagers, chèques, effets et autres valeurs impayés',
  '416': 'Créances adhérents, clients-usagers litigieuses ou douteuses',
  '418': 'Adhérents, clients-usagers, produits à recevoir',
  '419': 'Adhérents, clients-usagers créditeurs',
  '471': 'Débiteurs et créditeurs divers',
  '4711': 'Débiteurs divers',
  '4712': 'Créditeurs divers',
  '477': "Produits constatés d'avance",
  '513': 'Chèques à encaisser',
  '514': "Chèques à l'encaissement",
  '521': 'Banques locales',
  '552': 'Monnaie électronique - téléphone portable',
  '554': 'Porte-monnaie électronique',
  '558': 'Autres instruments de monnaie électronique',
  '571': 'Caisse en monnaie nationale',
  '585': 'Virements de fonds',
  '588': 'Autres virements internes',
  '631': 'Frais bancaires',
  '632': "Rémunérations d'intermédiaires et de conseils",
  '651': 'Pertes sur créances adhérents, clients-usagers et autres débiteurs',
  '701': 'Cotisations des adhérents',
  '704': 'Revenus liés à la générosité',
  '7052': 'Services vendus',
  '706': 'Revenus des manifestations',
  '707': 'Produits accessoires',
  '718': "Autres subventions d'exploitation",
  '758': 'Produits divers',
};

export const baseCharts: Record<BaseChart, Readonly<Record<string, string>>> = {
  syscohada: syscohadaChart,
  syscebnl: syscebnlChart,
};

/**
 * The accounts Écolage posts to (ledger/accounts.ts), with their label and the default target in
 * each base chart (research §3.4). Accounts of the ledger missing here export under their own
 * number and the chart's label of their longest prefix.
 */
export const internalAccounts: readonly {
  account: string;
  label: string;
  defaults: Record<BaseChart, { account: string; label: string }>;
}[] = [
  {
    account: '4111',
    label: 'Familles : frais dus (un compte auxiliaire par étudiant)',
    defaults: {
      syscohada: { account: '4111', label: 'Clients' },
      syscebnl: { account: '412', label: 'Clients-usagers' },
    },
  },
  {
    account: '4191',
    label: 'Avoirs des familles (avances et trop-perçus)',
    defaults: {
      syscohada: { account: '4191', label: 'Clients, avances et acomptes reçus' },
      syscebnl: { account: '419', label: 'Adhérents, clients-usagers créditeurs' },
    },
  },
  ...(
    [
      ['5521', 'Mixx by Yas'],
      ['5522', 'Moov Flooz'],
      ['5523', 'Orange Money'],
      ['5524', 'MTN MoMo'],
      ['5525', 'Wave'],
    ] as const
  ).map(([account, wallet]) => {
    const label = `Monnaie électronique - ${wallet}`;
    return {
      account,
      label,
      defaults: { syscohada: { account, label }, syscebnl: { account, label } },
    };
  }),
  {
    account: '5211',
    label: 'Banque',
    defaults: {
      syscohada: { account: '5211', label: 'Banques en monnaie nationale' },
      syscebnl: { account: '5211', label: 'Banques locales' },
    },
  },
  {
    account: '513',
    label: 'Chèques reçus à encaisser',
    defaults: {
      syscohada: { account: '513', label: 'Chèques à encaisser' },
      syscebnl: { account: '513', label: 'Chèques à encaisser' },
    },
  },
  {
    account: '571',
    label: 'Caisse',
    defaults: {
      syscohada: { account: '571', label: 'Caisse siège social' },
      syscebnl: { account: '571', label: 'Caisse en monnaie nationale' },
    },
  },
  {
    account: '585',
    label: 'Virements de fonds (reversements vers la banque)',
    defaults: {
      syscohada: { account: '585', label: 'Virements de fonds' },
      syscebnl: { account: '585', label: 'Virements de fonds' },
    },
  },
  {
    account: '4712',
    label: 'Créditeurs divers (sommes reçues à affecter)',
    defaults: {
      syscohada: { account: '4712', label: 'Créditeurs divers' },
      syscebnl: { account: '4712', label: 'Créditeurs divers' },
    },
  },
  {
    account: '6317',
    label: 'Frais des opérateurs de paiement',
    defaults: {
      syscohada: { account: '6317', label: 'Frais sur instruments monnaie électronique' },
      syscebnl: { account: '631', label: 'Frais bancaires' },
    },
  },
  {
    account: '6322',
    label: 'Commission Écolage',
    defaults: {
      syscohada: { account: '6322', label: 'Commissions et courtages sur ventes' },
      syscebnl: { account: '632', label: "Rémunérations d'intermédiaires et de conseils" },
    },
  },
  {
    account: '70611',
    label: "Frais d'inscription",
    defaults: {
      syscohada: { account: '70611', label: "Services vendus - frais d'inscription" },
      syscebnl: { account: '70521', label: "Services vendus - frais d'inscription" },
    },
  },
  {
    account: '70612',
    label: 'Écolage (frais de scolarité)',
    defaults: {
      syscohada: { account: '70612', label: 'Services vendus - écolage' },
      syscebnl: { account: '70522', label: 'Services vendus - écolage' },
    },
  },
  {
    account: '70618',
    label: 'Autres frais (examens, tenues…)',
    defaults: {
      syscohada: { account: '70618', label: 'Services vendus - autres frais' },
      syscebnl: { account: '70528', label: 'Services vendus - autres frais' },
    },
  },
  {
    account: '7069',
    label: 'Bourses et réductions accordées',
    defaults: {
      syscohada: { account: '7069', label: 'Rabais, remises, ristournes accordés (non ventilés)' },
      syscebnl: { account: '70529', label: 'Services vendus - réductions accordées' },
    },
  },
  {
    account: '7588',
    label: 'Pénalités de retard',
    defaults: {
      syscohada: { account: '7588', label: 'Autres produits divers' },
      syscebnl: { account: '758', label: 'Produits divers' },
    },
  },
];

/** The chart account an account number is, or is a sub-account of (longest prefix); null if none. */
export function chartAccountOf(chart: BaseChart, account: string): string | null {
  const accounts = baseCharts[chart];
  for (let length = account.length; length >= 3; length -= 1) {
    const prefix = account.slice(0, length);
    if (Object.hasOwn(accounts, prefix)) return prefix;
  }
  return null;
}

/**
 * Whether a school may export to this account: an account of the chart, or a sub-account of one
 * (its digits start with a chart account, 4 to 8 digits in all).
 */
export function isChartAccount(chart: BaseChart, account: string): boolean {
  if (Object.hasOwn(baseCharts[chart], account)) return true;
  return /^\d{4,8}$/.test(account) && chartAccountOf(chart, account) !== null;
}

/** The label of an account in a chart: its own, else its parent's; null when unknown. */
export function chartLabelOf(chart: BaseChart, account: string): string | null {
  const parent = chartAccountOf(chart, account);
  return parent ? baseCharts[chart][parent]! : null;
}
