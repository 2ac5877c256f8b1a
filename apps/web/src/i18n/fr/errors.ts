/**
 * The French text of each domain error code of the catalogue (`@ecolage/contracts`, error-codes/),
 * with its parameters: amounts through the `money` format (« 10 000 FCFA »). A French reader
 * mostly reads the server’s own sentence (`errorMessage`); these are for the codes a form maps
 * onto a field, and the reference English follows key for key. A test checks both cover the
 * catalogue exactly.
 */
export const errors = {
  errors: {
    UNAUTHENTICATED: 'Veuillez vous connecter.',
    FORBIDDEN: "Vous n'avez pas la permission d'effectuer cette action.",
    RATE_LIMITED: 'Trop de requêtes. Veuillez patienter un instant avant de réessayer.',
    INTERNAL_ERROR:
      'Une erreur interne est survenue. Veuillez réessayer ; si le problème persiste, contactez le support.',
    PHONE_INVALID:
      "Ce numéro de téléphone n'est pas valide (exemple : 90 12 34 56 ou +228 90 12 34 56).",
    UNSTORABLE_ADDRESS:
      'L’adresse demandée contient un caractère invalide (caractère nul ou caractère Unicode incomplet).',
    UNSTORABLE_TEXT:
      'Le champ « {{field}} » contient un caractère invalide (caractère nul ou caractère Unicode incomplet).',
    SESSION_EXPIRED: 'Votre session a expiré. Veuillez vous reconnecter.',
    INVALID_CREDENTIALS: 'E-mail ou mot de passe incorrect.',
    LOGIN_LOCKED: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
    EMAIL_TAKEN: 'Un compte existe déjà avec cette adresse e-mail.',
    SESSION_SCHOOL_NOT_FOUND: 'Aucune école ne correspond à cette demande.',
    WRONG_PASSWORD: 'Mot de passe incorrect.',
    LAST_SUPER_ADMIN_ACCOUNT:
      'Impossible de supprimer votre compte : vous êtes le dernier Super administration d’une école. Nommez d’abord quelqu’un d’autre.',
    SAME_NAME: 'C’est déjà votre nom.',
    SAME_EMAIL: 'C’est déjà votre adresse e-mail.',
    AVATAR_NOT_AN_IMAGE: 'La photo de profil doit être une image (PNG, JPEG ou WebP).',
    AVATAR_TOO_LARGE: 'La photo de profil ne doit pas dépasser 1 Mo.',
    PASSWORD_RESET_LINK_INVALID:
      'Ce lien de réinitialisation est invalide, déjà utilisé ou expiré. Demandez-en un nouveau.',
    INVITATION_LINK_INVALID:
      "Ce lien d'invitation est invalide, déjà utilisé ou expiré. Demandez une nouvelle invitation.",
    INVITATION_WRONG_PASSWORD: 'Mot de passe incorrect pour ce compte existant.',
    ROLE_NAME_TAKEN: 'Un rôle porte déjà ce nom dans votre école.',
    ROLE_NOT_FOUND: 'Rôle introuvable.',
    MEMBER_NOT_FOUND: 'Membre introuvable.',
    ROLE_IN_USE:
      'Ce rôle est attribué à des membres : attribuez-leur un autre rôle avant de le supprimer.',
    SYSTEM_ROLE: 'Les rôles de base de l’école ne peuvent pas être supprimés.',
    SUPER_ADMIN_PERMISSIONS: 'Le rôle Super administration garde toutes les permissions.',
    LAST_SUPER_ADMIN:
      'Impossible : ce membre est le dernier Super administration de l’école. Nommez d’abord un autre Super administration.',
    SELF_DEACTIVATION: 'Vous ne pouvez pas désactiver votre propre compte.',
    OWN_ROLE:
      'Vous ne pouvez pas changer votre propre rôle : demandez-le à un autre administrateur.',
    ROLE_BEYOND_YOURS:
      'Vous ne pouvez attribuer qu’un rôle dont vous avez vous-même toutes les permissions.',
    MEMBER_BEYOND_YOURS:
      'Ce membre a des permissions que vous n’avez pas : vous ne pouvez pas modifier son accès.',
    PERMISSIONS_BEYOND_YOURS:
      'Vous ne pouvez accorder à un rôle que des permissions que vous avez vous-même.',
    ALREADY_MEMBER: 'Cette personne est déjà membre de l’école.',
    PROGRAMME_NOT_FOUND: 'Programme introuvable.',
    LEVEL_NOT_FOUND: 'Niveau introuvable.',
    YEAR_NOT_FOUND: 'Année scolaire introuvable.',
    PROGRAMME_NAME_TAKEN: 'Un programme porte déjà ce nom.',
    LEVEL_NAME_TAKEN: 'Ce programme a déjà un niveau de ce nom.',
    YEAR_LABEL_TAKEN: 'Cette année scolaire existe déjà.',
    YEAR_DATES: 'La fin de l’année doit être après son début.',
    NO_CURRENT_YEAR:
      'Aucune année scolaire en cours : créez-en une dans « Programmes et cursus » avant d’inscrire.',
    PROGRAMME_ARCHIVED: 'Ce programme est archivé.',
    LEVEL_ARCHIVED: 'Ce niveau est archivé : choisissez un niveau actif.',
    ADMISSION_NOT_FOUND: 'Demande d’inscription introuvable.',
    ADMISSION_ALREADY_DECIDED: 'Cette demande a déjà été traitée.',
    ADMISSION_NO_CURRENT_YEAR:
      'L’école n’a pas d’année scolaire en cours : créez-la avant d’accepter.',
    STUDENT_NOT_FOUND: 'Étudiant introuvable.',
    GUARDIAN_NOT_FOUND: 'Responsable introuvable.',
    ENROLMENT_NOT_FOUND: 'Inscription introuvable.',
    MATRICULE_TAKEN: 'Ce matricule est déjà attribué à un autre étudiant.',
    GUARDIAN_PHONE_TAKEN: 'Un autre responsable a déjà ce numéro de téléphone.',
    GUARDIAN_ALREADY_LINKED: 'Ce responsable est déjà lié à cet étudiant.',
    STUDENT_ARCHIVED: 'Cet étudiant est archivé.',
    ENROLMENT_ALREADY_WITHDRAWN: 'Cette inscription est déjà retirée.',
    OTHER_LEVEL_THIS_YEAR:
      'Cet étudiant est déjà inscrit dans un autre niveau pour cette année. Retirez d’abord cette inscription.',
    BIRTH_DATE_IN_FUTURE: 'La date de naissance ne peut pas être dans le futur.',
    LEVEL_OF_OTHER_PROGRAMME: 'Ce niveau n’appartient pas au programme choisi.',
    IMPORT_NOT_FOUND: 'Import introuvable.',
    IMPORT_NO_FILE: 'Joignez un fichier CSV ou Excel (.xlsx).',
    IMPORT_TOO_LARGE: 'Le fichier dépasse 10 Mo. Découpez-le en plusieurs fichiers.',
    IMPORT_TOO_LARGE_UNCOMPRESSED:
      'Ce fichier est trop volumineux une fois décompressé. Découpez-le en plusieurs fichiers.',
    IMPORT_UNSUPPORTED: 'Format non reconnu : envoyez un fichier CSV ou Excel (.xlsx).',
    IMPORT_EMPTY: 'Le fichier ne contient aucune ligne d’étudiant.',
    IMPORT_TOO_MANY_ROWS: 'Le fichier dépasse 50 000 lignes. Découpez-le en plusieurs fichiers.',
    IMPORT_MISSING_COLUMN: 'Colonne « {{column}} » absente de la première ligne.',
    IMPORT_MIXED_SEPARATORS:
      'Séparateurs mélangés : certaines lignes utilisent « ; » et d’autres « , ». Utilisez un seul séparateur.',
    IMPORT_UNREADABLE_XLSX: 'Ce fichier Excel est illisible ou protégé.',
    IMPORT_UNREADABLE_CSV: 'Fichier CSV illisible : un guillemet n’est probablement pas fermé.',
    IMPORT_NOT_PREVIEWED: 'Cet import a déjà été lancé.',
    IMPORT_NOTHING_TO_IMPORT: 'Aucune ligne valide à importer.',
    IMPORT_ALL_OR_NOTHING_BLOCKED:
      'Des lignes sont en erreur : corrigez le fichier, ou choisissez d’ignorer les lignes en erreur.',
    IMPORT_ROW_STUDENT_ARCHIVED: 'Ligne {{line}} : cet étudiant est archivé.',
    IMPORT_ROW_OTHER_LEVEL:
      'Ligne {{line}} : cet étudiant est déjà inscrit dans un autre niveau pour cette année. Retirez d’abord cette inscription.',
    INVOICE_NOT_FOUND: 'Facture introuvable.',
    INVOICE_LINE_NOT_FOUND: 'Ligne de facture introuvable.',
    INVOICE_ALREADY_PAID:
      'Une des factures choisies a déjà été payée (ou annulée) entre-temps : la liste a été mise à jour.',
    INVOICE_ALREADY_VOID: 'Cette facture est déjà annulée.',
    INVOICE_HAS_PAYMENTS: 'Cette facture a reçu des paiements : remboursez-les avant de l’annuler.',
    INVOICE_NOT_DRAFT: 'Seule une facture en brouillon peut être modifiée ou émise.',
    NOT_A_LATE_FEE: 'Seule une pénalité de retard peut être annulée ainsi.',
    LATE_FEE_ALREADY_WAIVED: 'Cette pénalité est déjà annulée.',
    SCHOLARSHIP_NOT_FOUND: 'Bourse introuvable.',
    SCHOLARSHIP_ALREADY_DECIDED: 'Cette bourse a déjà été décidée.',
    COUPON_NOT_FOUND: 'Coupon introuvable.',
    COUPON_CODE_TAKEN: 'Ce code est déjà utilisé par un autre coupon de l’école.',
    COUPON_IN_USE:
      'Ce coupon a déjà été utilisé : seuls la description, les dates et les limites peuvent changer.',
    COUPON_ARCHIVED: 'Ce coupon est archivé : il ne peut plus être modifié.',
    COUPON_UNKNOWN: 'Ce code promo n’existe pas pour cette école.',
    COUPON_DISABLED: 'Ce coupon a été désactivé par l’école.',
    COUPON_NOT_YET_VALID: 'Ce coupon n’est pas encore valable.',
    COUPON_EXPIRED: 'Ce coupon a expiré.',
    COUPON_EXHAUSTED: 'Ce coupon a atteint son nombre maximal d’utilisations.',
    COUPON_FAMILY_LIMIT: 'Votre famille a déjà utilisé ce coupon le nombre de fois permis.',
    COUPON_NOT_APPLICABLE: 'Ce coupon ne s’applique à aucune des factures choisies.',
    COUPON_OVER_INVOICE:
      'La remise de ce coupon ({{amount, money}}) dépasse le reste à payer de la facture ({{balance, money}}).',
    COUPON_ALREADY_ON_INVOICE: 'Ce coupon est déjà appliqué à cette facture.',
    SCHOLARSHIP_SELF_DECISION:
      'Vous avez recommandé cette bourse : un autre membre (Directeur ou Super administration) doit l’accorder ou la refuser.',
    PAYMENT_NOT_FOUND: 'Paiement introuvable.',
    INVOICE_NOT_PAYABLE:
      'Une des factures choisies n’est pas à payer (payée, annulée ou d’un autre responsable).',
    NOTHING_TO_PAY: 'Il n’y a rien à payer : choisissez des factures ou un montant.',
    AMOUNT_ABOVE_BALANCE:
      'Le montant dépasse ce qui reste à payer sur les factures choisies ({{balance, money}}).',
    AMOUNT_BELOW_MINIMUM:
      'Le montant est inférieur au minimum accepté par l’école ({{minimum, money}}).',
    AMOUNT_NOT_WHOLE_FRANCS: 'Écrivez le montant en chiffres, sans centimes (par exemple 50 000).',
    PARTIAL_NOT_ALLOWED:
      'L’école n’accepte pas les paiements partiels en ligne : payez les factures entières.',
    WALLET_UNAVAILABLE: 'Ce moyen de paiement n’est pas proposé par l’école.',
    PAYMENT_ALREADY_ACTIVE:
      'Un paiement est déjà en cours pour ces factures et ce responsable : attendez son résultat.',
    IDEMPOTENCY_KEY_INVALID: 'La clé d’idempotence doit faire de 8 à 100 caractères simples.',
    IDEMPOTENCY_KEY_REUSED:
      'Cette clé d’idempotence a déjà servi pour une autre demande de paiement.',
    PAYMENT_NOT_PENDING: 'Ce paiement n’est plus en attente : il ne peut plus être annulé.',
    CANCEL_REFUSED_BY_PROVIDER:
      'Le prestataire n’a pas pu annuler la demande : réessayez dans un instant ou attendez son issue.',
    PAYMENT_EVENT_NOT_FOUND: 'Notification introuvable.',
    PAYMENT_EVENT_ALREADY_REVIEWED: 'Cette notification a déjà été examinée.',
    REFUND_ABOVE_REFUNDABLE:
      'Le remboursement dépasse ce qui reste remboursable sur ce paiement ({{refundable, money}}).',
    REFUND_NOT_REFUNDABLE:
      'Seul un paiement réussi (ou déjà partiellement remboursé) peut être remboursé.',
    REFUND_ALREADY_PENDING: 'Un remboursement de ce paiement est déjà en cours.',
    REFUND_PROVIDER_FULL_ONLY:
      'Ce prestataire ne rembourse que le paiement entier ({{amount, money}}) : remboursez tout, ou enregistrez un remboursement manuel.',
    REFUND_PROVIDER_UNAVAILABLE:
      'Ce paiement ne peut pas être remboursé par le prestataire : enregistrez un remboursement manuel.',
    CASH_SESSION_NOT_FOUND: 'Session de caisse introuvable.',
    CASH_SESSION_ALREADY_OPEN:
      'Vous avez déjà une caisse ouverte : clôturez-la avant d’en ouvrir une autre.',
    CASH_SESSION_CLOSED:
      'Cette session de caisse est clôturée : plus aucun encaissement n’y est possible.',
    CASH_SESSION_ALREADY_CLOSED: 'Cette session de caisse est déjà clôturée.',
    NOT_YOUR_CASH_SESSION: 'Seul le caissier de cette session peut y encaisser.',
    ONLY_CASHIER_CLOSES: 'Seul le caissier de cette session peut la clôturer.',
    CASH_DIFFERENCE_NEEDS_COMMENT:
      'Expliquez l’écart entre le montant attendu et le montant compté.',
    GUARDIAN_NOT_LINKED:
      'Ce responsable n’est pas lié à cet étudiant : choisissez l’un de ses responsables.',
    STUDENT_HAS_NO_PAYER: 'Cet étudiant n’a aucun responsable : ajoutez-en un avant d’encaisser.',
    INVOICE_OF_ANOTHER_STUDENT: 'Une des factures choisies n’est pas une facture de cet étudiant.',
    NOTHING_DUE: 'Cet étudiant n’a aucune facture à payer.',
    INCOMING_CREDIT_NOT_FOUND: 'Ce crédit à affecter est introuvable.',
    INCOMING_CREDIT_ALREADY_ASSIGNED:
      'Ce crédit a déjà été affecté : il ne peut pas l’être une seconde fois.',
    INCOMING_CREDIT_RETURNED:
      'Ce crédit a été rendu à l’expéditeur : il ne peut plus être affecté.',
    INCOMING_CREDIT_NOT_RETURNABLE:
      'Seul un crédit en attente d’affectation peut être rendu à l’expéditeur.',
    INCOMING_CREDIT_INVALID:
      'Ce crédit entrant est incomplet ou invalide : montant en francs entiers, identifiant de transaction.',
    MERCHANT_CODE_TAKEN: 'Ce code marchand est déjà celui d’une école chez cet opérateur.',
    INVOICE_AWAITS_PAYMENT:
      'Un paiement mobile money est en attente pour cette facture : attendez son issue ou annulez la demande avant d’encaisser.',
    SCHOOL_NOT_FOUND: 'École introuvable.',
    SCHOOL_ADDRESS_NOT_FOUND: 'Aucune école ne correspond à cette adresse.',
    SCHOOL_SLUG_BUSY:
      'Plusieurs écoles de ce nom sont créées en ce moment : réessayez dans un instant.',
    NO_MAIN_PAYER: 'Cet étudiant n’a pas de responsable payeur : ajoutez-en un.',
    NOBODY_ENROLLED: 'Aucun étudiant n’est inscrit dans ce niveau pour l’année scolaire en cours.',
    INVOICE_NOT_IN_LINK:
      'Une des factures choisies ne peut pas être payée avec ce lien. Rechargez la page et choisissez parmi les factures affichées.',
    WALLET_NOT_OFFERED:
      'Ce moyen de paiement n’est pas proposé par l’école : choisissez-en un autre.',
    PAYER_FORM_EXPIRED:
      'Ce formulaire n’est plus valable : vérifiez vos choix et appuyez de nouveau sur Payer.',
    RECEIPT_NOT_FOUND: 'Reçu introuvable.',
    RECEIPT_VERIFICATION_NOT_FOUND:
      'Reçu introuvable : ce code ne correspond à aucun reçu émis par une école sur Écolage.',
    RECEIPT_ARCHIVE_TOO_LARGE:
      'Trop de reçus sur cette période (5 000 au plus) : choisissez une période plus courte.',
    RECEIPT_ARCHIVE_EMPTY: 'Aucun reçu sur cette période.',
    OPERATOR_ONLY: 'Cette page est réservée à l’équipe Écolage (opérateur de la plateforme).',
    OPERATOR_NO_SCHOOL:
      'Ce compte n’est membre d’aucune école : ouvrez la console opérateur ou connectez-vous avec un compte d’école.',
    OPERATOR_SCHOOL_NOT_FOUND: 'École introuvable.',
    OPERATOR_KYC_DOCUMENT_NOT_FOUND: 'Document introuvable pour cette école.',
    CONTACT_MESSAGE_NOT_FOUND: 'Message introuvable.',
    FEE_RATE_IN_PAST: 'Un nouveau taux s’applique à partir d’aujourd’hui ou d’une date à venir.',
    FEE_WALLET_MISMATCH: 'Ce moyen de paiement ne passe pas par cet opérateur.',
    FEE_RATE_EXISTS: 'Un taux existe déjà pour cet opérateur, ce moyen de paiement et cette date.',
    BANK_RIB_INVALID:
      'Le RIB doit compter 24 caractères : code banque (2 lettres du pays et 3 chiffres), code guichet (5 chiffres), numéro de compte (12 chiffres) et clé (2 chiffres).',
    BANK_RIB_KEY_INVALID:
      'La clé du RIB ne correspond pas : vérifiez le code banque, le code guichet, le numéro de compte et la clé.',
    BANK_IBAN_INVALID:
      'Cet IBAN n’est pas valide : vérifiez ses chiffres de contrôle et sa longueur (28 caractères dans l’UEMOA, ex. TG53 TG00 9060 …).',
    BANK_BIC_INVALID:
      'Le BIC (code SWIFT) doit compter 8 ou 11 caractères : 4 lettres de la banque, 2 du pays, 2 de la ville, puis 3 de l’agence.',
    BANK_ACCOUNT_REQUIRED: 'Indiquez au moins le RIB ou l’IBAN du compte.',
    BANK_PASSWORD_INVALID:
      'Mot de passe incorrect : les coordonnées bancaires n’ont pas été modifiées.',
    KYC_FILE_TYPE_INVALID:
      'Envoyez un fichier PDF, JPEG ou PNG (son contenu, pas seulement son nom).',
    KYC_FILE_TOO_LARGE:
      'Ce fichier dépasse {{maxMegabytes}} Mo : réduisez-le ou scannez-le en plus basse résolution.',
    KYC_FILE_REQUIRED: 'Choisissez le fichier à envoyer.',
    KYC_DOCUMENT_NOT_FOUND: 'Document introuvable.',
    KYC_REFUSAL_REASON_REQUIRED: 'Indiquez le motif du refus : l’école le verra.',
    LOGO_NOT_AN_IMAGE: 'Ce fichier n’est pas une image PNG, JPEG ou WebP lisible.',
    LOGO_TOO_LARGE: 'Le logo ne doit pas dépasser {{maxMegabytes}} Mo.',
    LOGO_REQUIRED: 'Choisissez une image pour le logo.',
    LOGO_NOT_FOUND: 'Cette école n’a pas de logo.',
    APPEARANCE_COLOR_INVALID: 'Choisissez une couleur au format #RRGGBB (ex. #484D9B).',
    PLAN_MEMBER_LIMIT_REACHED:
      'Votre formule Découverte permet {{limit}} utilisateurs : désactivez un membre ou passez à la formule Croissance.',
    PLAN_MEMBER_LIMIT_EXCEEDED:
      'Cette formule permet {{limit}} utilisateurs et votre école en compte {{members}} (invitations en attente comprises) : désactivez des membres d’abord.',
    SCHOOL_SLUG_TAKEN:
      'Cette adresse est déjà prise par une autre école : choisissez-en une autre.',
    SCHOOL_SLUG_RESERVED: 'Cette adresse est réservée par Écolage : choisissez-en une autre.',
    WALLET_NOT_IN_DEPLOYMENT:
      'Ce moyen de paiement n’est pas disponible sur Écolage pour le moment.',
    ADMISSIONS_CLOSED:
      'Les pré-inscriptions en ligne de cette école sont fermées pour le moment. Contactez l’école pour vous inscrire.',
    ADMISSION_PROGRAMME_NOT_OFFERED:
      'Ce programme n’est pas ouvert à la pré-inscription en ligne : choisissez-en un autre ou contactez l’école.',
    MESSAGE_NOT_FOUND: 'Message introuvable.',
    MESSAGE_NOT_RETRYABLE:
      'Seul un message en échec ou abandonné peut être renvoyé ; celui-ci ne l’est pas.',
    AUTOMATION_NOT_FOUND: 'Automatisation introuvable.',
    AUTOMATION_NAME_TAKEN:
      'Une automatisation de l’école porte déjà ce nom : choisissez-en un autre.',
    AUTOMATION_PROGRAMME_NOT_FOUND: 'Ce programme n’existe pas dans votre école.',
    AUTOMATION_LEVEL_NOT_FOUND: 'Ce niveau n’existe pas dans votre école.',
    AUTOMATION_LEVEL_NOT_IN_PROGRAMME: 'Ce niveau n’appartient pas au programme choisi.',
    AUTOMATION_ROLE_NOT_FOUND: 'Un des rôles choisis n’existe pas dans votre école.',
    AUTOMATION_STUDENT_NOT_FOUND: 'Étudiant introuvable.',
    AUTOMATION_TEMPLATE_UNKNOWN_PLACEHOLDER:
      'Variable inconnue : {{unknown}}. Variables possibles pour ce déclencheur : {{allowed}}.',
    AUTOMATION_TEMPLATE_EMPTY: 'Le message est vide : écrivez le texte envoyé.',
    NOTIFICATION_NOT_FOUND: 'Cette notification est introuvable.',
    ACCOUNTING_REPORT_UNKNOWN:
      'Rapport inconnu : choisissez le grand livre, la balance âgée, les encaissements ou les virements.',
    ACCOUNTING_REPORT_PERIOD_INVERTED: 'La date de début doit précéder la date de fin.',
    ACCOUNTING_REPORT_EMPTY:
      'Rien à exporter pour cette période : ce rapport serait vide. Choisissez une autre période.',
    ACCOUNTING_REPORT_TOO_LONG_FOR_PDF:
      'Ce rapport compte plus de {{maximum}} lignes : trop pour un PDF. Choisissez Excel ou une période plus courte.',
    LEDGER_PERIOD_CLOSED:
      'La période comptable est close jusqu’au {{closedThrough}} : passez l’écriture dans la période ouverte.',
    JOURNAL_EMPTY_PERIOD: 'Aucune écriture sur cette période : rien à exporter.',
    JOURNAL_PERIOD_INVALID: 'Période invalide : la date de fin ne peut pas dépasser le {{latest}}.',
    PERIOD_ALREADY_CLOSED:
      'La période est déjà close jusqu’au {{closedThrough}} : choisissez une date postérieure.',
    PERIOD_NOT_EXPORTED:
      'Exportez d’abord le journal de toute la période à clore (des écritures ont pu être passées depuis le dernier export).',
    PERIOD_CLOSE_TOO_LATE:
      'Seuls les jours passés peuvent être clos : choisissez une date antérieure à aujourd’hui.',
    ACCOUNT_UNKNOWN:
      'Le compte {{account}} n’existe pas dans le plan comptable choisi (ligne {{line}}) : indiquez un compte du plan ou un sous-compte.',
    PAYOUT_NOT_FOUND: 'Virement introuvable.',
    PAYOUT_STATUS_CONFLICT:
      'Ce virement a changé de statut : cette action n’est plus possible. Rechargez la page.',
    PAYOUT_NOTHING_TO_PAY: 'Aucun paiement en attente de virement : rien à verser pour le moment.',
    PAYOUT_BELOW_MINIMUM:
      'Le montant net en attente est inférieur au minimum de virement ({{minimum, money}}).',
    PAYOUT_BANK_DETAILS_MISSING:
      'Renseignez d’abord les coordonnées bancaires de l’école (Paramètres › Détails de l’organisation).',
    PAYOUT_TRANSFER_ID_REQUIRED: 'Indiquez la référence du virement donnée par la banque.',
    PAYOUT_RAIL_UNAVAILABLE:
      'Le service de virement n’a pas répondu : rien n’a été envoyé, réessayez dans un instant.',
    PAYOUT_VALUE_DATE_INVALID: 'La date de valeur ne peut pas précéder l’envoi du virement.',
    STATEMENT_NO_FILE: 'Choisissez le fichier du relevé et son opérateur.',
    STATEMENT_TOO_LARGE: 'Le relevé dépasse 20 Mo.',
    STATEMENT_BINARY:
      'Ce fichier n’est pas un relevé texte (CSV ou JSON) : fichier compressé, Excel, PDF ou binaire refusé.',
    STATEMENT_EMPTY: 'Le relevé ne contient aucune ligne de transaction.',
    STATEMENT_INVALID:
      'Relevé refusé : {{count}} erreur(s) de format, listées ci-dessous. Rien n’a été enregistré.',
    STATEMENT_ALREADY_IMPORTED:
      'Ce relevé a déjà été importé : rien n’a été rapproché une seconde fois.',
    RECONCILIATION_ITEM_NOT_FOUND: 'Écart de rapprochement introuvable.',
    RECONCILIATION_ITEM_RESOLVED: 'Cet écart est déjà résolu.',
    RECONCILIATION_RESOLUTION_UNFIT: 'Cette résolution ne convient pas à ce type d’écart.',
    CAMPAIGN_NOT_FOUND: 'Campagne introuvable.',
    CAMPAIGN_LINK_NOT_FOUND: 'Lien de campagne introuvable.',
    CAMPAIGN_ARCHIVED: 'Cette campagne est archivée : elle ne se modifie plus.',
    CAMPAIGN_NOT_SENDABLE: 'Seules les campagnes E-mail et SMS s’envoient depuis Écolage.',
    CAMPAIGN_NOT_ACTIVE: 'Seule une campagne active peut être envoyée.',
    CAMPAIGN_ALREADY_SENT: 'Cette campagne a déjà été envoyée.',
    CAMPAIGN_NO_RECIPIENTS: 'Aucun destinataire joignable pour cette campagne.',
    SCHOOL_SUBSCRIBER_NOT_FOUND: 'Abonné introuvable.',
  },
} as const;
