import { z } from 'zod';

/**
 * The permission catalogue, named `action:entity`. Every API route declares one of these (or is
 * declared public); roles are sets of them. Labels are what the role editor shows, grouped.
 */
export const permissionCatalogue = {
  Étudiants: {
    'read:students': 'Voir les étudiants, leurs responsables et inscriptions',
    'write:students': 'Créer, modifier, inscrire et archiver des étudiants',
    'import:students': 'Importer des étudiants (CSV, Excel)',
  },
  Programmes: {
    'read:programmes': 'Voir les programmes, niveaux et grilles de frais',
    'write:programmes': 'Créer et modifier les programmes, niveaux et grilles de frais',
  },
  Factures: {
    'read:invoices': 'Voir les factures et les soldes',
    'issue:invoices': 'Émettre des factures, remises et bourses',
    'void:invoices': 'Annuler une facture (avec motif)',
    'grant:scholarships': 'Accorder ou refuser une bourse recommandée',
  },
  Paiements: {
    'read:payments': 'Voir les paiements et les reçus',
    'record:payments': 'Enregistrer un paiement et relancer un paiement en attente',
    'request:payments': 'Demander un paiement au téléphone d’un responsable',
    'refund:payments': 'Rembourser un paiement',
    'operate:cash_desk': 'Tenir une caisse (ouverture, encaissements, clôture)',
    'supervise:cash_desk': 'Voir et contrôler les caisses de tous les caissiers',
  },
  Marketing: {
    'read:marketing': 'Voir les campagnes, coupons et bourses',
    'write:marketing': 'Créer et modifier les campagnes, coupons et bourses',
  },
  Automatisations: {
    'read:automations': 'Voir les automatisations et rappels',
    'write:automations': 'Créer, activer et suspendre des automatisations',
  },
  Comptabilité: {
    'read:accounting': 'Voir les reversements et le journal comptable',
    'export:accounting': 'Exporter les écritures comptables',
    'reconcile:payments': 'Rapprocher les paiements et les relevés',
    'manage:payouts': 'Créer, envoyer et confirmer les virements vers le compte de l’école',
    'manage:accounting':
      'Paramétrer le plan de comptes, le calendrier des virements et clôturer une période',
  },
  Statistiques: {
    'read:statistics': 'Voir le tableau de bord et les statistiques',
    'export:statistics': 'Exporter les rapports',
  },
  "Journal d'audit": {
    'read:audit': "Consulter le journal d'audit",
    'export:audit': "Exporter le journal d'audit",
  },
  'Utilisateurs et rôles': {
    'read:members': "Voir les membres de l'équipe et les rôles",
    'manage:members': 'Inviter, changer le rôle, désactiver des membres',
    'manage:roles': 'Créer, modifier et supprimer des rôles',
  },
  Paramètres: {
    'read:settings': "Voir les paramètres de l'école",
    'manage:settings': "Modifier les paramètres de l'école (détails, apparence, notifications)",
  },
} as const;

type Catalogue = typeof permissionCatalogue;
export type Permission = { [Group in keyof Catalogue]: keyof Catalogue[Group] }[keyof Catalogue];

export const allPermissions = Object.values(permissionCatalogue).flatMap((group) =>
  Object.keys(group),
) as Permission[];

export const permissionSchema = z.enum(allPermissions as [Permission, ...Permission[]], {
  error: "Cette permission n'existe pas.",
});

/** Roles every school starts with; their permissions can be edited but not their existence. */
export const systemRoles = [
  {
    key: 'super_admin',
    name: 'Super administration',
    description: 'Accès complet à toute l’école',
    permissions: allPermissions,
  },
  {
    key: 'director',
    name: 'Directeur',
    description: 'Pilote l’école : voit tout, décide des annulations et remboursements',
    permissions: allPermissions.filter(
      (permission) => !['operate:cash_desk', 'manage:roles'].includes(permission),
    ),
  },
  {
    key: 'finance',
    name: 'Finance',
    description: 'Gestion des finances et des paiements, émission des factures',
    permissions: [
      'read:students',
      'read:programmes',
      'read:invoices',
      'issue:invoices',
      'void:invoices',
      'read:payments',
      'record:payments',
      'request:payments',
      'refund:payments',
      'supervise:cash_desk',
      'read:marketing',
      'write:marketing',
      'read:automations',
      'write:automations',
      'read:accounting',
      'manage:payouts',
      'read:statistics',
      'export:statistics',
    ],
  },
  {
    key: 'accounting',
    name: 'Comptabilité',
    description: 'Export des écritures comptables, rapprochement des paiements',
    permissions: [
      'read:students',
      'read:invoices',
      'read:payments',
      'read:accounting',
      'export:accounting',
      'reconcile:payments',
      'manage:accounting',
      'read:statistics',
      'export:statistics',
      'read:audit',
      'export:audit',
    ],
  },
  {
    key: 'registrar',
    name: 'Scolarité',
    description: 'Gestion des étudiants et des programmes, consultation des paiements',
    permissions: [
      'read:students',
      'write:students',
      'import:students',
      'read:programmes',
      'write:programmes',
      'read:invoices',
      'issue:invoices',
      'read:payments',
      'read:marketing',
      'read:statistics',
    ],
  },
  {
    key: 'cashier',
    name: 'Caissier',
    description: 'Encaissements au guichet et reçus',
    permissions: [
      'read:students',
      'read:invoices',
      'read:payments',
      'record:payments',
      'request:payments',
      'operate:cash_desk',
    ],
  },
  {
    key: 'reader',
    name: 'Lecteur',
    description: 'Lecture seule',
    permissions: allPermissions.filter((permission) => permission.startsWith('read:')),
  },
] as const satisfies readonly {
  key: string;
  name: string;
  description: string;
  permissions: readonly Permission[];
}[];
export type SystemRoleKey = (typeof systemRoles)[number]['key'];
