/**
 * Our own short links (`/s/<code>`, research/messaging.md §7.9) and the opt-out of a category of
 * messages by a link (§7.4: Togo has no two-way SMS). The server owns both (module `messaging`);
 * the words are here so the journal and the web read them the same way.
 */

/** What a short link leads to. */
export const shortLinkPurposeValues = [
  'payment',
  'opt_out',
  'receipt',
  'page',
  'campaign',
] as const;
export type ShortLinkPurpose = (typeof shortLinkPurposeValues)[number];

/** 8 to 10 letters and digits (base62): the code of `/s/<code>`. */
export const SHORT_LINK_CODE = /^[0-9A-Za-z]{8,10}$/;

/**
 * The messages a recipient may stop receiving. A transactional message (a receipt, a one-time
 * code) has no category here: it is never subject to an opt-out.
 */
export const optOutCategoryValues = ['reminder', 'notice', 'marketing'] as const;
export type OptOutCategory = (typeof optOutCategoryValues)[number];

/** Where an opt-out came from. */
export const optOutSourceValues = ['link', 'provider', 'keyword', 'staff'] as const;
export type OptOutSource = (typeof optOutSourceValues)[number];

/** « Ne plus recevoir les rappels de paiement de … »: each category in words. */
export const optOutCategoryLabels: Record<OptOutCategory, string> = {
  reminder: 'les rappels de paiement',
  notice: 'les avis de l’école',
  marketing: 'les annonces de l’école',
};

/** The same in English, for the journal read in English. */
export const optOutCategoryLabelsEn: Record<OptOutCategory, string> = {
  reminder: 'payment reminders',
  notice: 'school notices',
  marketing: 'school announcements',
};

export const optOutSourceLabels: Record<OptOutSource, string> = {
  link: 'Lien de désabonnement',
  provider: 'Signalé par l’opérateur',
  keyword: 'Mot-clé STOP',
  staff: 'Personnel de l’école',
};

export const optOutSourceLabelsEn: Record<OptOutSource, string> = {
  link: 'Unsubscribe link',
  provider: 'Reported by the carrier',
  keyword: 'STOP keyword',
  staff: 'School staff',
};

/** The French sentences of the short links' and the opt-out pages. */
export const ShortLinkMessages = {
  unknownTitle: 'Lien introuvable',
  unknown:
    'Ce lien n’existe pas. Vérifiez qu’il est complet (copiez-le depuis le message reçu), ou demandez-en un nouveau à l’école.',
  expiredTitle: 'Lien expiré',
  expired: 'Ce lien a expiré. Demandez-en un nouveau à l’école.',
  optOutInvalidTitle: 'Lien de désabonnement invalide',
  optOutInvalid:
    'Ce lien de désabonnement n’est pas valide. Vérifiez qu’il est complet, ou adressez-vous à l’école.',
} as const;
