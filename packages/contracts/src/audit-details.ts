import { accountingReportTitles, type AccountingReport } from './accounting-reports';
import { auditCategoryLabels, type AuditCategoryValue } from './audit';
import { invoiceStatusLabels, type InvoiceStatus } from './billing';
import { permissionCatalogue } from './permissions';
import {
  paymentMethodLabels,
  paymentStatusLabels,
  providerLabels,
  reviewReasonLabels,
  type PaymentMethodValue,
  type PaymentStatusValue,
  type ProviderValue,
  type ReviewReason,
} from './payments';
import { paymentPspLabels, type PaymentPspValue } from './payment-records';
import {
  optOutCategoryLabels,
  optOutCategoryLabelsEn,
  optOutSourceLabels,
  optOutSourceLabelsEn,
  type OptOutCategory,
  type OptOutSource,
} from './short-links';
import type { PlanId } from './organizations';
import {
  guardianRelationLabels,
  studentStatusLabels,
  type GuardianRelation,
  type StudentStatus,
} from './students';

/**
 * The journal's details in words (« Lien : Mère », « Espèces prises : 50 000 FCFA ») instead of
 * the keys and codes the server stores: the same catalogue for the screen (French or English) and
 * the CSV export (French). Entries already written keep their keys (they are chained by hash), so
 * the catalogue names the stored keys as they are. A test walks every audit write of the server
 * (`audit-details.test.ts`) so that no key goes unnamed.
 */
export interface Words {
  fr: string;
  en: string;
}

type ValueWords<Value extends string> = Record<Value, Words>;

/** Names that read the same in both languages (brands, the school's own words). */
function same<Value extends string>(labels: Record<Value, string>): ValueWords<Value> {
  return Object.fromEntries(
    Object.entries<string>(labels).map(([value, label]) => [value, { fr: label, en: label }]),
  ) as ValueWords<Value>;
}

const relation: ValueWords<GuardianRelation> = {
  mother: { fr: guardianRelationLabels.mother, en: 'Mother' },
  father: { fr: guardianRelationLabels.father, en: 'Father' },
  guardian: { fr: guardianRelationLabels.guardian, en: 'Guardian' },
  sponsor: { fr: guardianRelationLabels.sponsor, en: 'Sponsor' },
  self: { fr: guardianRelationLabels.self, en: 'The student' },
  other: { fr: guardianRelationLabels.other, en: 'Other' },
};

/** « statut » is a student's, an invoice's or a payment's (the exports' filters). */
const status: ValueWords<StudentStatus | InvoiceStatus | PaymentStatusValue> = {
  active: { fr: studentStatusLabels.active, en: 'Active' },
  suspended: { fr: studentStatusLabels.suspended, en: 'Suspended' },
  pending: { fr: studentStatusLabels.pending, en: 'Pending' },
  draft: { fr: invoiceStatusLabels.draft, en: 'Draft' },
  open: { fr: invoiceStatusLabels.open, en: 'To pay' },
  partially_paid: { fr: invoiceStatusLabels.partially_paid, en: 'Partly paid' },
  paid: { fr: invoiceStatusLabels.paid, en: 'Paid' },
  void: { fr: invoiceStatusLabels.void, en: 'Cancelled' },
  initiated: { fr: paymentStatusLabels.initiated, en: 'Initiated' },
  unknown: { fr: paymentStatusLabels.unknown, en: 'Being checked' },
  succeeded: { fr: paymentStatusLabels.succeeded, en: 'Success' },
  failed: { fr: paymentStatusLabels.failed, en: 'Failure' },
  cancelled: { fr: paymentStatusLabels.cancelled, en: 'Cancelled' },
  expired: { fr: paymentStatusLabels.expired, en: 'Expired' },
  refund_pending: { fr: paymentStatusLabels.refund_pending, en: 'Refund in progress' },
  refunded: { fr: paymentStatusLabels.refunded, en: 'Refunded' },
  partially_refunded: { fr: paymentStatusLabels.partially_refunded, en: 'Partly refunded' },
};

const method: ValueWords<PaymentMethodValue> = {
  ...same(paymentMethodLabels),
  CARD: { fr: paymentMethodLabels.CARD, en: 'Bank card' },
  CASH: { fr: paymentMethodLabels.CASH, en: 'Cash' },
  CHEQUE: { fr: paymentMethodLabels.CHEQUE, en: 'Cheque' },
  BANK_TRANSFER: { fr: paymentMethodLabels.BANK_TRANSFER, en: 'Bank transfer' },
};

const psp: ValueWords<PaymentPspValue> = {
  ...same(paymentPspLabels),
  CARD: method.CARD,
  desk: { fr: paymentPspLabels.desk, en: 'Cash desk' },
};

const provider: ValueWords<ProviderValue> = same(providerLabels);

const reviewReason: ValueWords<ReviewReason> = {
  unauthenticated: { fr: reviewReasonLabels.unauthenticated, en: 'Invalid signature or token' },
  amount_mismatch: { fr: reviewReasonLabels.amount_mismatch, en: 'Confirmed amount differs' },
  currency_mismatch: { fr: reviewReasonLabels.currency_mismatch, en: 'Confirmed currency differs' },
  merchant_mismatch: { fr: reviewReasonLabels.merchant_mismatch, en: 'Merchant account differs' },
  unknown_attempt: { fr: reviewReasonLabels.unknown_attempt, en: 'Matches no known payment' },
  late_success: { fr: reviewReasonLabels.late_success, en: 'Succeeded after expiry, to check' },
  unconfirmed: { fr: reviewReasonLabels.unconfirmed, en: 'Provider no longer confirms it' },
};

const plan: ValueWords<PlanId> = {
  decouverte: { fr: 'Découverte', en: 'Discovery' },
  croissance: { fr: 'Croissance', en: 'Growth' },
  personnalise: { fr: 'Personnalisé', en: 'Custom' },
};

const accountingReport: ValueWords<AccountingReport> = {
  'grand-livre': { fr: accountingReportTitles['grand-livre'], en: 'Students subsidiary ledger' },
  'balance-agee': { fr: accountingReportTitles['balance-agee'], en: 'Aged receivables' },
  encaissements: {
    fr: accountingReportTitles.encaissements,
    en: 'Collections by mode and provider',
  },
  virements: { fr: accountingReportTitles.virements, en: 'Payouts to the school' },
};

const theme: ValueWords<'dark' | 'light'> = {
  dark: { fr: 'Sombre', en: 'Dark' },
  light: { fr: 'Clair', en: 'Light' },
};

const format: ValueWords<'csv' | 'xlsx' | 'zip' | 'pdf'> = {
  pdf: { fr: 'PDF', en: 'PDF' },
  csv: { fr: 'CSV', en: 'CSV' },
  xlsx: { fr: 'Excel (XLSX)', en: 'Excel (XLSX)' },
  zip: { fr: 'Archive ZIP', en: 'ZIP archive' },
};

const balance: ValueWords<'due' | 'overdue' | 'clear'> = {
  due: { fr: 'Reste à payer', en: 'Balance due' },
  overdue: { fr: 'En retard', en: 'Overdue' },
  clear: { fr: 'À jour', en: 'Up to date' },
};

const category: ValueWords<AuditCategoryValue> = {
  invoice: { fr: auditCategoryLabels.invoice, en: 'Invoices' },
  payment: { fr: auditCategoryLabels.payment, en: 'Payments' },
  export: { fr: auditCategoryLabels.export, en: 'Exports' },
  user: { fr: auditCategoryLabels.user, en: 'Users' },
  refund: { fr: auditCategoryLabels.refund, en: 'Refunds' },
  settings: { fr: auditCategoryLabels.settings, en: 'Settings' },
  student: { fr: auditCategoryLabels.student, en: 'Students' },
  public: { fr: auditCategoryLabels.public, en: 'Public website' },
  system: { fr: auditCategoryLabels.system, en: 'System' },
};

/** A category of messages a recipient may stop, and where the opt-out came from. */
const optOutCategory = Object.fromEntries(
  Object.entries(optOutCategoryLabels).map(([value, fr]) => [
    value,
    { fr, en: optOutCategoryLabelsEn[value as OptOutCategory] },
  ]),
) as ValueWords<OptOutCategory>;
const optOutSource = Object.fromEntries(
  Object.entries(optOutSourceLabels).map(([value, fr]) => [
    value,
    { fr, en: optOutSourceLabelsEn[value as OptOutSource] },
  ]),
) as ValueWords<OptOutSource>;

/** The role editor shows the catalogue's French labels in both languages; so does the journal. */
const permission: Record<string, Words> = Object.fromEntries(
  Object.values(permissionCatalogue).flatMap((group) =>
    Object.entries<string>(group).map(([code, label]) => [code, { fr: label, en: label }]),
  ),
);

/** How a value reads: by default as it is stored (text, a count, yes or no, a list). */
export type AuditDetailKind = 'money' | 'day' | 'instant' | 'phone';

export interface AuditDetailField extends Words {
  kind?: AuditDetailKind;
  /** The words of each stored code (`mother` → « Mère »); other values show as they are. */
  values?: Record<string, Words>;
}

const field = (fr: string, en: string, more: Omit<AuditDetailField, 'fr' | 'en'> = {}) => ({
  fr,
  en,
  ...more,
});
const money = (fr: string, en: string) => field(fr, en, { kind: 'money' });

/** Every key an audit entry's details may hold, as the server writes it. */
export const auditDetailFields: Record<string, AuditDetailField> = {
  // Money, counts and codes of payments and the cash desk.
  amount: money('Montant', 'Amount'),
  montant: money('Montant', 'Amount'),
  'montant déduit': money('Montant déduit', 'Amount deducted'),
  pénalité: money('Pénalité', 'Late fee'),
  'total remboursé': money('Total remboursé', 'Total refunded'),
  'avoir restant': money('Avoir restant', 'Credit left'),
  credit: money('Avoir de la famille', 'Family credit'),
  openingFloat: money('Fond de caisse', 'Opening float'),
  cashTaken: money('Espèces encaissées', 'Cash taken'),
  expectedCash: money('Espèces attendues', 'Expected cash'),
  countedCash: money('Espèces comptées', 'Counted cash'),
  difference: money('Écart', 'Difference'),
  inscription: money('Frais d’inscription', 'Registration fee'),
  mensualité: money('Mensualité', 'Monthly fee'),
  'total annuel': money('Total annuel', 'Yearly total'),
  wallet: field('Moyen de paiement', 'Payment method', { values: method }),
  method: field('Moyen de paiement', 'Payment method', { values: method }),
  provider: field('Prestataire', 'Provider', { values: provider }),
  prestataire: field('Moyen de paiement', 'Payment method', { values: psp }),
  psp: field('Moyen de paiement', 'Payment method', { values: psp }),
  atProvider: field('Chez le prestataire', 'At the provider'),
  reason: field('Motif', 'Reason', { values: reviewReason }),
  reference: field('Référence', 'Reference'),
  référence: field('Référence', 'Reference'),
  invoices: field('Factures', 'Invoices'),
  guardian: field('Responsable', 'Guardian'),
  cashier: field('Caissier', 'Cashier'),
  cashSession: field('Session de caisse', 'Cash session'),
  comment: field('Commentaire', 'Comment'),
  payment: field('Paiement', 'Payment'),
  paiement: field('Paiement', 'Payment'),
  note: field('Note', 'Note'),
  méthode: field('Méthode', 'Method'),
  motif: field('Motif', 'Reason'),
  raison: field('Raison', 'Reason'),
  numero: field('Numéro', 'Number'),
  numéros: field('Numéros', 'Numbers'),
  payeur: field('Payeur', 'Payer'),
  recus: field('Reçus', 'Receipts'),
  // People, students and their families.
  étudiant: field('Étudiant', 'Student'),
  etudiant: field('Étudiant', 'Student'),
  etudiants: field('Étudiants', 'Students'),
  candidat: field('Candidat', 'Applicant'),
  matricule: field('Matricule', 'Student number'),
  responsable: field('Responsable', 'Guardian'),
  lien: field('Lien', 'Relationship', { values: relation }),
  'payeur principal': field('Payeur principal', 'Main payer'),
  téléphone: field('Téléphone', 'Phone', { kind: 'phone' }),
  'téléphone avant': field('Téléphone avant', 'Previous phone', { kind: 'phone' }),
  'e-mail': field('E-mail', 'E-mail'),
  email: field('E-mail', 'E-mail'),
  statut: field('Statut', 'Status', { values: status }),
  'statut avant': field('Statut avant', 'Previous status', { values: status }),
  'statut après': field('Statut après', 'New status', { values: status }),
  champs: field('Champs modifiés', 'Fields changed'),
  'date de naissance': field('Date de naissance', 'Date of birth', { kind: 'day' }),
  'date de naissance avant': field('Date de naissance avant', 'Previous date of birth', {
    kind: 'day',
  }),
  membre: field('Membre', 'Member'),
  rôle: field('Rôle', 'Role'),
  nom: field('Nom', 'Name'),
  permissions: field('Permissions', 'Permissions', { values: permission }),
  avant: field('Avant', 'Before'),
  après: field('Après', 'After'),
  photo: field('Photo', 'Photo'),
  famille: field('Famille de sessions', 'Session family'),
  // Years, programmes, levels, invoices.
  année: field('Année scolaire', 'School year'),
  annee: field('Année scolaire', 'School year'),
  'en cours': field('Année en cours', 'Current year'),
  'devient l’année en cours': field('Devient l’année en cours', 'Becomes the current year'),
  programme: field('Programme', 'Programme'),
  niveau: field('Niveau', 'Level'),
  mois: field('Mois facturés', 'Billed months'),
  échéances: field('Échéances', 'Instalments'),
  facture: field('Facture', 'Invoice'),
  factures: field('Factures', 'Invoices'),
  'factures émises': field('Factures émises', 'Invoices issued'),
  // A pre-registration's campaign, « Code promo » and consent to the school's news.
  campagne: field('Campagne', 'Campaign'),
  'code promo': field('Code promo', 'Promo code'),
  'code promo non appliqué': field('Code promo non appliqué', 'Promo code not applied'),
  remise: money('Remise', 'Discount'),
  'nouvelles de l’école': field(
    'Nouvelles de l’école par e-mail ou SMS',
    'School news by e-mail or SMS',
  ),
  'factures annulées': field('Factures annulées', 'Invoices cancelled'),
  libellé: field('Libellé', 'Label'),
  échéance: field('Échéance', 'Due date', { kind: 'day' }),
  bourse: field('Bourse', 'Scholarship'),
  code: field('Code', 'Code'),
  // « Marketing › Campagnes »: a campaign and its tracking links.
  budget: money('Budget', 'Budget'),
  dépense: money('Dépense', 'Spend'),
  destination: field('Destination', 'Destination'),
  destinataires: field('Destinataires', 'Recipients'),
  'lien court': field('Lien court', 'Short link'),
  // A campaign's sending: messages queued, recipients skipped for their opt-out.
  messages: field('Messages', 'Messages'),
  désabonnés: field('Désabonnés (non envoyés)', 'Opted out (not sent)'),
  type: field('Type', 'Type'),
  valeur: field('Valeur', 'Value'),
  portée: field('Portée', 'Scope'),
  canal: field('Canal', 'Channel'),
  période: field('Période', 'Period'),
  'préfixe matricule': field('Préfixe des matricules', 'Student number prefix'),
  'jour d’échéance': field('Jour d’échéance', 'Due day'),
  'réduction fratrie': field('Réduction fratrie', 'Sibling discount'),
  'pénalités de retard': field('Pénalités de retard', 'Late fees'),
  'paiement partiel en ligne': field('Paiement partiel en ligne', 'Partial online payment'),
  // Imports, exports, links and the public site.
  fichier: field('Fichier', 'File'),
  mode: field('Mode', 'Mode'),
  créés: field('Créés', 'Created'),
  'mis à jour': field('Mis à jour', 'Updated'),
  ignorés: field('Ignorés', 'Skipped'),
  inscriptions: field('Inscriptions', 'Enrolments'),
  format: field('Format', 'Format', { values: format }),
  lignes: field('Lignes', 'Rows'),
  filtres: field('Filtres', 'Filters'),
  recherche: field('Recherche', 'Search'),
  search: field('Recherche', 'Search'),
  solde: field('Solde', 'Balance', { values: balance }),
  archivés: field('Archivés compris', 'Archived included'),
  retard: field('En retard seulement', 'Overdue only'),
  tri: field('Ordre', 'Order'),
  identifiantÉtudiant: field('Étudiant (identifiant)', 'Student (id)'),
  category: field('Catégorie', 'Category', { values: category }),
  // The journal export's period, or the state a payment left (a cancelled request).
  from: field('De', 'From', { kind: 'instant', values: status }),
  to: field('À', 'To', { kind: 'instant', values: status }),
  du: field('Du', 'From', { kind: 'day' }),
  au: field('Au', 'To', { kind: 'day' }),
  rapport: field('Rapport', 'Report', { values: accountingReport }),
  date: field('Date', 'Date', { kind: 'day' }),
  expire: field('Expire le', 'Expires on', { kind: 'instant' }),
  envoi: field('Envoyé par', 'Sent by'),
  support: field('Support', 'Medium'),
  sansPayeur: field('Sans payeur', 'Without a payer'),
  liensCrees: field('Liens créés', 'Links created'),
  objet: field('Objet', 'Subject'),
  identifiant: field('Identifiant', 'Identifier'),
  formule: field('Formule', 'Plan', { values: plan }),
  // « Paramètres »: identity, bank details, appearance, notices, plan.
  adresse: field('Adresse', 'Address'),
  ville: field('Ville', 'City'),
  pays: field('Pays', 'Country'),
  banque: field('Banque', 'Bank'),
  titulaire: field('Titulaire du compte', 'Account holder'),
  rib: field('RIB', 'RIB'),
  iban: field('IBAN', 'IBAN'),
  bic: field('BIC', 'BIC'),
  couleur: field('Couleur principale', 'Main colour'),
  thème: field('Thème', 'Theme', { values: theme }),
  logo: field('Logo (version)', 'Logo (version)'),
  taille: field('Taille (octets)', 'Size (bytes)'),
  'formule avant': field('Formule avant', 'Previous plan', { values: plan }),
  'e-mail des avis': field('E-mail des avis', 'Notices e-mail'),
  'avis demande d’inscription': field('Avis : demande d’inscription', 'Notice: admission request'),
  'avis KYC': field('Avis : documents KYC', 'Notice: KYC documents'),
  // A member's notification settings (the spec's ids).
  'nouvelle-vente': field('Nouvelle vente en ligne', 'New online sale'),
  'nouvelle-inscription': field('Nouvelle pré-inscription', 'New pre-registration'),
  'paiement-recu': field('Paiement reçu', 'Payment received'),
  'paiement-echoue': field('Paiement échoué', 'Payment failed'),
  'resume-hebdomadaire': field('Résumé hebdomadaire', 'Weekly summary'),
  'e-mail des notifications': field('E-mail des notifications', 'Notifications e-mail'),
  // The school's public pages (« Pages »).
  'adresse des pages': field('Adresse des pages', 'Pages address'),
  introduction: field('Introduction', 'Introduction'),
  'moyens de paiement': field('Moyens de paiement proposés', 'Payment methods offered'),
  'pré-inscription': field('Pré-inscription en ligne', 'Online pre-registration'),
  'programmes ouverts': field('Programmes ouverts', 'Programmes open'),
  // The platform operator's console.
  école: field('École', 'School'),
  document: field('Document', 'Document'),
  taux: field('Taux', 'Rate'),
  'frais fixes': money('Frais fixes', 'Fixed fee'),
  // « Automatisations »: a workflow in words.
  déclencheur: field('Déclencheur', 'Trigger'),
  étape: field('Étape', 'Step'),
  état: field('État', 'State'),
  'copie de': field('Copie de', 'Copy of'),
  automatisations: field('Automatisations', 'Automations'),
  // Opt-outs of a school's messages (messaging).
  destinataire: field('Destinataire', 'Recipient'),
  'type de messages': field('Messages', 'Messages', { values: optOutCategory }),
  origine: field('Origine', 'Source', { values: optOutSource }),
  // « Comptabilité »: payouts, statements, the journal and its periods.
  virement: field('Identifiant du virement', 'Transfer id'),
  rail: field('Canal du virement', 'Payout rail'),
  'date de valeur': field('Date de valeur', 'Value date'),
  'référence bancaire': field('Référence bancaire', 'Bank reference'),
  net: money('Net', 'Net'),
  compte: field('Compte', 'Account'),
  opérateur: field('Opérateur', 'Provider'),
  rapprochées: field('Lignes rapprochées', 'Lines matched'),
  écarts: field('Écarts', 'Differences'),
  'crédits à affecter': field('Crédits à affecter', 'Credits to assign'),
  'lignes d’autres écoles': field(
    'Lignes d’autres écoles (ignorées)',
    'Other schools’ lines (ignored)',
  ),
  écart: field('Écart', 'Difference'),
  résolution: field('Résolution', 'Resolution'),
  ajustement: money('Ajustement des frais', 'Fee adjustment'),
  plan: field('Plan de comptes', 'Chart of accounts'),
  'plan précédent': field('Plan de comptes précédent', 'Previous chart of accounts'),
  modifications: field('Modifications', 'Changes'),
  'close jusqu’au': field('Clôturée jusqu’au', 'Closed through'),
  'clôture précédente': field('Clôture précédente', 'Previous closing'),
};

/** The kinds of resource an entry is about, as the journal's « Ressource » column names them. */
export const auditResourceLabels: Record<string, Words> = {
  user: { fr: 'Utilisateur', en: 'User' },
  member: { fr: 'Membre', en: 'Member' },
  role: { fr: 'Rôle', en: 'Role' },
  organization: { fr: 'École', en: 'School' },
  audit_journal: { fr: 'Journal d’audit', en: 'Audit log' },
  newsletter_subscription: { fr: 'Abonnement à la newsletter', en: 'Newsletter subscription' },
  contact_message: { fr: 'Message de contact', en: 'Contact message' },
  provider_fee_rate: { fr: 'Frais d’un opérateur de paiement', en: 'Payment provider fee' },
  kyc_document: { fr: 'Document KYC', en: 'KYC document' },
  academic_year: { fr: 'Année scolaire', en: 'School year' },
  programme: { fr: 'Programme', en: 'Programme' },
  level: { fr: 'Niveau', en: 'Level' },
  student: { fr: 'Étudiant', en: 'Student' },
  guardian: { fr: 'Responsable', en: 'Guardian' },
  invoice: { fr: 'Facture', en: 'Invoice' },
  scholarship: { fr: 'Bourse', en: 'Scholarship' },
  coupon: { fr: 'Coupon', en: 'Coupon' },
  campaign: { fr: 'Campagne', en: 'Campaign' },
  campaign_link: { fr: 'Lien de campagne', en: 'Campaign link' },
  marketing_subscriber: { fr: 'Abonné aux nouvelles de l’école', en: 'School news subscriber' },
  settings: { fr: 'Paramètres', en: 'Settings' },
  billing_settings: { fr: 'Règles de facturation', en: 'Billing rules' },
  student_import: { fr: 'Import d’étudiants', en: 'Student import' },
  payment: { fr: 'Paiement', en: 'Payment' },
  payment_attempt: { fr: 'Paiement', en: 'Payment' },
  payment_review: { fr: 'Paiement à vérifier', en: 'Payment to check' },
  refund: { fr: 'Remboursement', en: 'Refund' },
  receipt: { fr: 'Reçu', en: 'Receipt' },
  cash_session: { fr: 'Session de caisse', en: 'Cash session' },
  payment_link: { fr: 'Lien de paiement', en: 'Payment link' },
  payment_qr_sheet: { fr: 'Feuille de QR codes', en: 'QR code sheet' },
  admission: { fr: 'Demande d’inscription', en: 'Admission request' },
  family_credit: { fr: 'Avoir de la famille', en: 'Family credit' },
  incoming_credit: { fr: 'Encaissement à affecter', en: 'Unassigned incoming payment' },
  merchant_account: { fr: 'Compte marchand', en: 'Merchant account' },
  workflow: { fr: 'Automatisation', en: 'Automation' },
  accounting_report: { fr: 'Rapport comptable', en: 'Accounting report' },
  accounting: { fr: 'Comptabilité', en: 'Accounting' },
  payout: { fr: 'Virement', en: 'Payout' },
  payout_settings: { fr: 'Calendrier des virements', en: 'Payout schedule' },
  provider_statement: { fr: 'Relevé d’opérateur', en: 'Provider statement' },
  reconciliation_item: { fr: 'Écart de rapprochement', en: 'Reconciliation difference' },
  message_opt_out: { fr: 'Désabonnement', en: 'Unsubscribe' },
  outbound_message: {
    fr: 'Message (SMS, WhatsApp, e-mail)',
    en: 'Message (SMS, WhatsApp, e-mail)',
  },
};
