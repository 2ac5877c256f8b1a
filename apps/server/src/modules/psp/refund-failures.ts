import type { PaymentFailure } from './provider';

/**
 * Why a refund did not go through, in the words of the staff who asked for it. A refund moves
 * money the other way: the account debited is the school's (a low balance is ours, not the
 * payer's) and the wallet credited is the payer's, so the payment sentences do not fit.
 */
export const REFUND_FAILURE_REASONS = {
  merchant_balance_insufficient: 'Solde du compte marchand insuffisant pour rembourser',
  merchant_account_inactive: 'Compte marchand inactif chez le prestataire : contactez-le',
  payee_not_found: 'Portefeuille du payeur introuvable : remboursement impossible',
  payee_not_allowed: 'Le portefeuille du payeur ne peut pas recevoir ce remboursement',
  payee_limit_reached: 'Plafond du portefeuille du payeur atteint',
  not_refundable:
    'Le prestataire refuse ce remboursement : paiement non abouti ou montant au-delà du reste à rembourser',
  payment_not_found: 'Le paiement à rembourser est introuvable chez le prestataire',
  duplicate: 'Ce remboursement est déjà enregistré chez le prestataire',
  invalid_request: 'Demande de remboursement refusée par le prestataire (paramètres invalides)',
  configuration:
    'Le prestataire refuse nos identifiants de remboursement : vérifiez la configuration',
  provider_error: "Erreur de traitement chez l'opérateur",
  unknown: 'Remboursement refusé par le prestataire',
} as const;

export type RefundFailureCode = keyof typeof REFUND_FAILURE_REASONS;

// MTN Disbursement's reasons (research §2.4, §2.7) and the HTTP refusals every provider shares.
const PROVIDER_CODES = new Map<string, RefundFailureCode>(
  Object.entries({
    NOT_ENOUGH_FUNDS: 'merchant_balance_insufficient',
    SENDER_ACCOUNT_NOT_ACTIVE: 'merchant_account_inactive',
    PAYEE_NOT_FOUND: 'payee_not_found',
    PAYER_NOT_FOUND: 'payee_not_found',
    PAYEE_NOT_ALLOWED_TO_RECEIVE: 'payee_not_allowed',
    PAYER_LIMIT_REACHED: 'payee_limit_reached',
    PAYEE_LIMIT_REACHED: 'payee_limit_reached',
    NOT_ALLOWED: 'not_refundable',
    TRANSACTION_NOT_FOUND: 'payment_not_found',
    RESOURCE_NOT_FOUND: 'payment_not_found',
    RESOURCE_ALREADY_EXIST: 'duplicate',
    INVALID_CURRENCY: 'invalid_request',
    INVALID_CALLBACK_URL_HOST: 'invalid_request',
    INTERNAL_PROCESSING_ERROR: 'provider_error',
    COULD_NOT_PERFORM_TRANSACTION: 'provider_error',
    HTTP_400: 'invalid_request',
    HTTP_401: 'configuration',
    HTTP_403: 'configuration',
    HTTP_404: 'payment_not_found',
    HTTP_409: 'duplicate',
    HTTP_422: 'invalid_request',
  } satisfies Record<string, RefundFailureCode>),
);

/** The refund failure for a provider's code; unknown codes keep a generic sentence. */
export function describeRefundFailure(providerCode: string): PaymentFailure {
  const code = PROVIDER_CODES.get(providerCode) ?? 'unknown';
  return { code, providerCode, reason: REFUND_FAILURE_REASONS[code] };
}

/** A refund failure whose canonical code the adapter already knows. */
export function refundFailureOf(code: RefundFailureCode, providerCode: string): PaymentFailure {
  return { code, providerCode, reason: REFUND_FAILURE_REASONS[code] };
}
