import { admissionStatusLabels, applicantCountryLabels } from '@ecolage/contracts';

/**
 * « Demandes d'inscription » (/admin/etudiants/inscriptions): the requests of the school's public
 * pre-registration form, accepted or refused by staff, and the form's address to share. The
 * statuses and countries are the contracts' own labels.
 */
export const admissions = {
  admissions: {
    title: "Demandes d'inscription",
    lead: "Les demandes envoyées par le formulaire d'inscription en ligne de l'école. Acceptez-les pour inscrire l'étudiant et émettre ses factures, ou refusez-les avec un motif.",
    back: 'Retour aux étudiants',
    open: "Demandes d'inscription",
    openCount: "Demandes d'inscription ({{count}})",
    openCountLabel: "Demandes d'inscription : {{count}} à examiner",
    status: admissionStatusLabels,
    countries: applicantCountryLabels,
    genders: { male: 'Masculin', female: 'Féminin', other: 'Autre' },
    form: {
      title: 'Le formulaire en ligne',
      lead: "Partagez cette adresse (site de l'école, réseaux sociaux, WhatsApp) : chaque demande envoyée crée un étudiant « En attente » et arrive ici.",
      address: 'Adresse du formulaire',
      copy: "Copier l'adresse",
      copied: 'Adresse du formulaire copiée.',
      copyBlocked: "Le navigateur n'a pas permis la copie : sélectionnez l'adresse et copiez-la.",
      openForm: 'Ouvrir le formulaire',
    },
    filter: 'Afficher',
    table: {
      caption: "Demandes d'inscription",
      date: 'Date',
      name: 'Nom',
      programme: 'Programme / niveau',
      phone: 'Téléphone',
      email: 'E-mail',
      status: 'Statut',
      action: 'Action',
      matricule: 'Matricule {{matricule}}',
      decidedBy: 'Par {{name}}, le {{date}}',
      reason: 'Motif : {{reason}}',
      campaign: 'Campagne : {{name}}',
      coupon_reserved: 'Code promo {{code}} (réservé)',
      coupon_released: 'Code promo {{code}} (non appliqué)',
      couponApplied: 'Code promo {{code}} : {{amount}}',
      loading: 'Chargement des demandes…',
      loadError: 'Les demandes n’ont pas pu être chargées.',
      empty: 'Aucune demande à examiner',
      emptyHint: 'Les demandes envoyées par le formulaire en ligne apparaîtront ici.',
      emptyDecided: 'Aucune demande',
      emptyDecidedHint: 'Aucune demande n’a encore ce statut.',
    },
    accept: {
      button: 'Accepter',
      label: 'Accepter la demande {{name, de}}',
      title: 'Accepter la demande {{name, de}} ?',
      body: "{{name}} devient étudiant actif en {{programme}}, {{level}}, pour l'année en cours. Ses factures sont émises (l'inscription d'abord) et un lien pour les payer en ligne lui est envoyé par SMS et par e-mail.",
      confirm: 'Accepter et inscrire',
      pending: 'Inscription…',
      done_one: '{{name}} est inscrit : {{count}} facture émise, lien de paiement envoyé.',
      done_other: '{{name}} est inscrit : {{count}} factures émises, lien de paiement envoyé.',
      failure: "La demande n'a pas pu être acceptée.",
    },
    refuse: {
      button: 'Refuser',
      label: 'Refuser la demande {{name, de}}',
      title: 'Refuser la demande {{name, de}}',
      body: "Le motif est envoyé au candidat par SMS et par e-mail. L'étudiant « En attente » créé par la demande est archivé.",
      reason: 'Motif du refus',
      confirm: 'Refuser la demande',
      pending: 'Refus…',
      done: 'Demande {{name, de}} refusée ; le candidat est prévenu.',
    },
  },
} as const;
