import { payoutStatusLabels, type PayoutStatusValue } from '../accounting-payouts';
import { defineError } from './define';

const statusWord = (status: unknown) =>
  typeof status === 'string' && status in payoutStatusLabels
    ? `« ${payoutStatusLabels[status as PayoutStatusValue]} »`
    : 'un autre statut';

const francs = (amount: unknown) =>
  typeof amount === 'number' && Number.isFinite(amount)
    ? `${new Intl.NumberFormat('fr-FR').format(amount)} FCFA`
    : 'le minimum';

/** « Comptabilité › Virements » (module `accounting`, payouts/). */
export const payoutErrors = {
  /** 404 — no payout with that id in the school. */
  PAYOUT_NOT_FOUND: defineError(404, 'Virement introuvable.'),
  /** 409 — an action the payout's status no longer allows (sent twice, paid twice, a paid one failed). */
  PAYOUT_STATUS_CONFLICT: defineError<{ status: string }>(
    409,
    ({ status }) =>
      `Ce virement est ${statusWord(status)} : cette action n’est plus possible. Rechargez la page.`,
  ),
  /** 409 — « Créer un virement » with no payment waiting to be paid out (or a net of 0 or less). */
  PAYOUT_NOTHING_TO_PAY: defineError(
    409,
    'Aucun paiement en attente de virement : rien à verser pour le moment.',
  ),
  /** 409 — the pending net is under the school's minimum. */
  PAYOUT_BELOW_MINIMUM: defineError<{ minimum: number }>(
    409,
    ({ minimum }) =>
      `Le montant net en attente est inférieur au minimum de virement (${francs(minimum)}).`,
  ),
  /** 409 — the school has no bank account in « Détails de l’organisation ». */
  PAYOUT_BANK_DETAILS_MISSING: defineError(
    409,
    'Renseignez d’abord les coordonnées bancaires de l’école (Paramètres › Détails de l’organisation).',
  ),
  /** 400 — « Envoyer » on the manual rail without the bank's transfer reference (field `transferId`). */
  PAYOUT_TRANSFER_ID_REQUIRED: defineError(
    400,
    'Indiquez la référence du virement donnée par la banque.',
  ),
  /** 502 — the transfer service refused or did not answer; nothing changed. */
  PAYOUT_RAIL_UNAVAILABLE: defineError(
    502,
    'Le service de virement n’a pas répondu : rien n’a été envoyé, réessayez dans un instant.',
  ),
  /** 400 — a value date before the payout was sent (field `valueDate`). */
  PAYOUT_VALUE_DATE_INVALID: defineError(
    400,
    'La date de valeur ne peut pas précéder l’envoi du virement.',
  ),
};
