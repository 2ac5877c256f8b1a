import { z } from 'zod';
import { isoInstantSchema } from './common';

export const auditCategoryValues = [
  'invoice',
  'payment',
  'export',
  'user',
  'refund',
  'settings',
  'student',
  'public',
  'system',
] as const;
export type AuditCategoryValue = (typeof auditCategoryValues)[number];

/** The journal screen's category filter (spec: all, invoice, payment, export, refund, settings + user). */
export const auditFilterCategories = [
  'invoice',
  'payment',
  'export',
  'user',
  'refund',
  'settings',
] as const;

export const auditCategoryLabels: Record<AuditCategoryValue, string> = {
  invoice: 'Factures',
  payment: 'Paiements',
  export: 'Exports',
  user: 'Utilisateurs',
  refund: 'Remboursements',
  settings: 'Paramètres',
  student: 'Étudiants',
  public: 'Site public',
  system: 'Système',
};

/** French wording of each journaled action; unknown codes are shown as they are. */
export const auditActionLabels: Record<string, string> = {
  'organization.created': 'École créée',
  'account.registered': 'Compte créé à l’inscription',
  'account.registration_attempted': 'Inscription tentée avec l’e-mail d’un compte existant',
  'member.added': 'Membre ajouté',
  'auth.logged_in': 'Connexion',
  'auth.logged_out': 'Déconnexion',
  'auth.refresh_token_reused': 'Session révoquée : jeton réutilisé',
  'auth.password_reset': 'Mot de passe réinitialisé',
  'account.deleted': 'Compte supprimé',
  'member.invited': 'Membre invité',
  'member.joined': 'Invitation acceptée',
  'member.role_changed': 'Rôle d’un membre modifié',
  'member.deactivated': 'Membre désactivé',
  'member.reactivated': 'Membre réactivé',
  'role.created': 'Rôle créé',
  'role.updated': 'Rôle modifié',
  'role.deleted': 'Rôle supprimé',
  'profile.renamed': 'Nom modifié',
  'profile.avatar_changed': 'Photo de profil changée',
  'profile.avatar_removed': 'Photo de profil retirée',
  'profile.email_changed': 'E-mail de connexion modifié',
  'profile.password_changed': 'Mot de passe modifié',
  'audit.exported': 'Journal d’audit exporté',
  'newsletter.subscribed': 'Abonnement à la newsletter',
  'contact.message_received': 'Message de contact reçu',
  'academic_year.created': 'Année scolaire créée',
  'academic_year.updated': 'Année scolaire modifiée',
  'programme.created': 'Programme créé',
  'programme.renamed': 'Programme renommé',
  'programme.archived': 'Programme archivé',
  'programme.restored': 'Programme restauré',
  'programme.deleted': 'Programme supprimé',
  'level.created': 'Niveau ajouté',
  'level.updated': 'Niveau et frais modifiés',
  'level.archived': 'Niveau archivé',
  'level.deleted': 'Niveau supprimé',
  'student.created': 'Étudiant ajouté',
  'student.updated': 'Étudiant modifié',
  'student.archived': 'Étudiant archivé',
  'student.deleted': 'Étudiant supprimé',
  'student.enrolled': 'Étudiant inscrit, factures émises',
  'student.withdrawn': 'Étudiant retiré, factures futures annulées',
  'guardian.linked': 'Responsable lié à un étudiant',
  'guardian.updated': 'Responsable modifié',
  'guardian.link_updated': 'Lien avec un responsable modifié',
  'guardian.unlinked': 'Responsable retiré d’un étudiant',
  'invoice.issued': 'Facture émise',
  'invoice.drafted': 'Facture en brouillon créée',
  'invoice.voided': 'Facture annulée',
  'invoice.late_fees_applied': 'Pénalités de retard appliquées',
  'invoice.late_fee_waived': 'Pénalité de retard annulée',
  'scholarship.recommended': 'Bourse recommandée',
  'scholarship.granted': 'Bourse accordée',
  'scholarship.refused': 'Bourse refusée',
  'billing.settings_updated': 'Règles de facturation modifiées',
  'students.imported': 'Étudiants importés',
  'students.exported': 'Étudiants exportés',
  'invoices.exported': 'Factures exportées',
  'balances.exported': 'Soldes exportés',
  'payment.requested': 'Paiement demandé au responsable',
  'payment.succeeded': 'Paiement reçu',
  'payment.failed': 'Paiement échoué',
  'payment.cancelled': 'Paiement annulé',
  'payment.expired': 'Paiement expiré',
  'payment.late_success': 'Paiement reçu après expiration (à vérifier)',
  'payment.review_resolved': 'Notification de paiement vérifiée',
  'family_credit.applied': 'Avoir de la famille imputé sur une facture',
  'payment.recorded_at_desk': 'Paiement encaissé à la caisse',
  'payment.refund_requested': 'Remboursement demandé',
  'payment.refunded': 'Paiement remboursé',
  'payment.refund_failed': 'Remboursement échoué',
  'payments.exported': 'Paiements exportés',
  'receipt.issued': 'Reçu émis',
  'receipts.exported': 'Reçus exportés (archive)',
  'cash_session.opened': 'Caisse ouverte',
  'cash_session.closed': 'Caisse clôturée',
  'admission.submitted': 'Demande d’inscription reçue (formulaire en ligne)',
  'admission.accepted': 'Demande d’inscription acceptée, factures émises',
  'admission.refused': 'Demande d’inscription refusée',
  'payer.code_sent': 'Code de paiement envoyé par SMS (page de paiement)',
  'payer.code_confirmed': 'Code de paiement validé, lien ouvert',
  'payment_link.created': 'Lien de paiement créé',
  'payment_link.sent': 'Lien de paiement envoyé au responsable',
  'payment_qr_sheet.printed': 'Feuille de QR codes de paiement imprimée',
  'platform.operator_granted': 'Rôle d’opérateur de la plateforme donné',
  'platform.operator_revoked': 'Rôle d’opérateur de la plateforme retiré',
  'operator.kyc_document_viewed': 'Document KYC consulté par l’opérateur',
  'operator.contact_messages_exported': 'Messages du site exportés',
  'operator.newsletter_subscribers_exported': 'Abonnés à la newsletter exportés',
  'contact.message_handled': 'Message de contact traité',
  'provider_fee.rate_added': 'Taux de frais d’un opérateur de paiement ajouté',
};

export const auditListQuerySchema = z.object({
  category: z.enum(auditCategoryValues).optional(),
  search: z.string().trim().max(100).optional(),
  from: isoInstantSchema.optional(),
  to: isoInstantSchema.optional(),
  page: z.coerce.number().int().min(1, 'La page commence à 1.').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, '100 lignes par page au plus.').default(20),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntryItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actorLabel: z.string(),
  actorType: z.enum(['user', 'anonymous', 'system']),
  action: z.string(),
  actionLabel: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  category: z.enum(auditCategoryValues),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntryItem = z.infer<typeof auditEntryItemSchema>;

export const auditListResponseSchema = z.object({
  items: z.array(auditEntryItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const auditSummaryQuerySchema = auditListQuerySchema.pick({ from: true, to: true });
export const auditSummaryResponseSchema = z.object({
  actions: z.number().int(),
  activeMembers: z.number().int(),
  exports: z.number().int(),
  payments: z.number().int(),
});

export const auditVerifyResponseSchema = z.object({
  valid: z.boolean(),
  entries: z.number().int().optional(),
  brokenAtId: z.number().int().optional(),
});
