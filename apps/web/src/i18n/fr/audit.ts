/** « Journal d'audit » (/admin/joumal): counters, filters, entries, export, chain check. */
export const audit = {
  audit: {
    title: "Journal d'audit",
    lead: "Chaque action faite dans l'espace de l'école est enregistrée ici, dans une chaîne que personne ne peut modifier sans que cela se voie.",
    period: {
      label: 'Période',
      last7: '7 derniers jours',
      last30: '30 derniers jours',
      year: 'Cette année',
      all: 'Tout',
    },
    counters: {
      label: 'Résumé de la période',
      actions: 'Actions',
      activeMembers: 'Membres actifs',
      exports: 'Exports',
      payments: 'Paiements',
    },
    filters: {
      category: 'Catégorie',
      all: 'Toutes',
      search: 'Rechercher dans le journal',
      searchPlaceholder: 'Utilisateur, action, ressource…',
      reset: 'Réinitialiser',
    },
    categories: {
      invoice: 'Factures',
      payment: 'Paiements',
      export: 'Exports',
      user: 'Utilisateurs',
      refund: 'Remboursements',
      settings: 'Paramètres',
      student: 'Étudiants',
      public: 'Site public',
      system: 'Système',
    },
    table: {
      caption: "Entrées du journal d'audit",
      date: 'Date',
      user: 'Utilisateur',
      action: 'Action',
      resource: 'Ressource',
      category: 'Catégorie',
      details: 'Détails',
      ip: 'IP',
      none: '—',
      more: 'Tout voir',
      userAgent: 'Navigateur',
      entry: 'Entrée n° {{id}}',
      loading: 'Chargement du journal…',
      loadError: 'Impossible de charger le journal.',
    },
    empty: {
      title: 'Aucune action trouvée',
      hint: 'Essayez de modifier vos filtres ou votre recherche',
    },
    export: {
      button: 'Exporter CSV',
      pending: 'Export en cours…',
      success: 'Export téléchargé.',
      failure: "L'export a échoué. Veuillez réessayer.",
    },
    chain: {
      checking: "Vérification de la chaîne d'intégrité…",
      valid_one: "Chaîne d'intégrité vérifiée ({{entries}} entrée)",
      valid_other: "Chaîne d'intégrité vérifiée ({{entries}} entrées)",
      broken: "Chaîne rompue à l'entrée #{{id}}",
      brokenHint:
        "Une entrée du journal a été modifiée ou supprimée en dehors de l'application. Prévenez le support Écolage.",
      unknown: "La chaîne d'intégrité n'a pas pu être vérifiée.",
    },
    // Wording of the journaled actions: the contracts' `auditActionLabels` and the codes the
    // server writes without a label yet. Unknown codes show the server's `actionLabel`.
    actions: {
      organization: { created: 'École créée' },
      school_pages: { updated: 'Pages publiques modifiées' },
      account: {
        registered: 'Compte créé à l’inscription',
        registration_attempted: 'Inscription tentée avec l’e-mail d’un compte existant',
        deleted: 'Compte supprimé',
      },
      member: {
        added: 'Membre ajouté',
        invited: 'Membre invité',
        joined: 'Invitation acceptée',
        role_changed: 'Rôle d’un membre modifié',
        deactivated: 'Membre désactivé',
        reactivated: 'Membre réactivé',
      },
      role: { created: 'Rôle créé', updated: 'Rôle modifié', deleted: 'Rôle supprimé' },
      auth: {
        logged_in: 'Connexion',
        logged_out: 'Déconnexion',
        refresh_token_reused: 'Session révoquée : jeton réutilisé',
        password_reset: 'Mot de passe réinitialisé',
      },
      audit: { exported: 'Journal d’audit exporté' },
      profile: {
        renamed: 'Nom modifié',
        avatar_changed: 'Photo de profil changée',
        avatar_removed: 'Photo de profil retirée',
        email_changed: 'E-mail de connexion modifié',
        password_changed: 'Mot de passe modifié',
      },
      newsletter: { subscribed: 'Abonnement à la newsletter' },
      contact: {
        message_received: 'Message de contact reçu',
        message_handled: 'Message de contact traité',
      },
      platform: {
        operator_granted: 'Rôle d’opérateur de la plateforme donné',
        operator_revoked: 'Rôle d’opérateur de la plateforme retiré',
      },
      operator: {
        kyc_document_viewed: 'Document KYC consulté par l’opérateur',
        contact_messages_exported: 'Messages du site exportés',
        newsletter_subscribers_exported: 'Abonnés à la newsletter exportés',
      },
      provider_fee: { rate_added: 'Taux de frais d’un opérateur de paiement ajouté' },
      academic_year: {
        created: 'Année scolaire créée',
        updated: 'Année scolaire modifiée',
      },
      programme: {
        created: 'Programme créé',
        renamed: 'Programme renommé',
        archived: 'Programme archivé',
        restored: 'Programme restauré',
        deleted: 'Programme supprimé',
      },
      level: {
        created: 'Niveau ajouté',
        updated: 'Niveau et frais modifiés',
        archived: 'Niveau archivé',
        deleted: 'Niveau supprimé',
      },
      student: {
        created: 'Étudiant ajouté',
        updated: 'Étudiant modifié',
        archived: 'Étudiant archivé',
        deleted: 'Étudiant supprimé',
        enrolled: 'Étudiant inscrit, factures émises',
        withdrawn: 'Étudiant retiré, factures futures annulées',
      },
      guardian: {
        linked: 'Responsable lié à un étudiant',
        updated: 'Responsable modifié',
        link_updated: 'Lien avec un responsable modifié',
        unlinked: 'Responsable retiré d’un étudiant',
      },
      invoice: {
        issued: 'Facture émise',
        drafted: 'Facture en brouillon créée',
        voided: 'Facture annulée',
        late_fees_applied: 'Pénalités de retard appliquées',
        late_fee_waived: 'Pénalité de retard annulée',
      },
      scholarship: {
        recommended: 'Bourse recommandée',
        granted: 'Bourse accordée',
        refused: 'Bourse refusée',
      },
      billing: {
        settings_updated: 'Règles de facturation modifiées',
      },
      students: {
        imported: 'Étudiants importés',
        exported: 'Étudiants exportés',
      },
      invoices: {
        exported: 'Factures exportées',
      },
      balances: {
        exported: 'Soldes exportés',
      },
      payment: {
        requested: 'Paiement demandé au responsable',
        succeeded: 'Paiement reçu',
        failed: 'Paiement échoué',
        cancelled: 'Paiement annulé',
        expired: 'Paiement expiré',
        late_success: 'Paiement reçu après expiration (à vérifier)',
        review_resolved: 'Notification de paiement vérifiée',
        recorded_at_desk: 'Paiement encaissé à la caisse',
        refund_requested: 'Remboursement demandé',
        refunded: 'Paiement remboursé',
        refund_failed: 'Remboursement échoué',
      },
      payments: {
        exported: 'Paiements exportés',
      },
      receipt: {
        issued: 'Reçu émis',
      },
      receipts: {
        exported: 'Reçus exportés (archive)',
      },
      cash_session: {
        opened: 'Caisse ouverte',
        closed: 'Caisse clôturée',
      },
      payer: {
        code_sent: 'Code de paiement envoyé par SMS (page de paiement)',
        code_confirmed: 'Code de paiement validé, lien ouvert',
      },
      payment_link: {
        created: 'Lien de paiement créé',
        sent: 'Lien de paiement envoyé au responsable',
      },
      payment_qr_sheet: {
        printed: 'Feuille de QR codes de paiement imprimée',
      },
      admission: {
        submitted: 'Demande d’inscription reçue (formulaire en ligne)',
        accepted: 'Demande d’inscription acceptée, factures émises',
        refused: 'Demande d’inscription refusée',
      },
      family_credit: {
        applied: 'Avoir de la famille imputé sur une facture',
      },
    },
  },
} as const;
