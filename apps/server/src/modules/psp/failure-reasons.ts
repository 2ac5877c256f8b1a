import type { PaymentFailure } from './provider';

/** Canonical failure codes, each with the French sentence a payer or a cashier reads. */
export const FAILURE_REASONS = {
  insufficient_funds: 'Solde insuffisant',
  payer_not_found: 'Numéro de portefeuille introuvable',
  payer_declined: 'Paiement refusé par le payeur',
  not_validated:
    'Paiement non validé sur le téléphone du payeur (code secret incorrect ou demande refusée)',
  payer_timeout: "Le payeur n'a pas validé le paiement à temps",
  limit_reached: 'Plafond du portefeuille atteint',
  account_inactive: 'Compte du payeur inactif ou bloqué',
  not_allowed: "Ce paiement n'est pas autorisé par l'opérateur",
  payer_mismatch: 'Le numéro utilisé ne correspond pas au payeur attendu',
  cancelled: 'Paiement annulé',
  expired: 'Délai de paiement expiré',
  duplicate: 'Paiement déjà enregistré chez le prestataire',
  invalid_request: 'Demande de paiement refusée par le prestataire (paramètres invalides)',
  configuration: 'Le prestataire refuse nos identifiants : vérifiez la configuration',
  provider_error: "Erreur de traitement chez l'opérateur",
  unknown: "Paiement refusé par l'opérateur",
} as const;

export type FailureCode = keyof typeof FAILURE_REASONS;

/**
 * Provider codes → canonical codes. MTN codes are upper case, Wave's kebab-case; they do not
 * collide, so one table serves every adapter.
 */
const PROVIDER_CODES = new Map<string, FailureCode>(
  Object.entries({
    // MTN MoMo (research §2.4)
    NOT_ENOUGH_FUNDS: 'insufficient_funds',
    PAYER_NOT_FOUND: 'payer_not_found',
    PAYEE_NOT_FOUND: 'not_allowed',
    COULD_NOT_PERFORM_TRANSACTION: 'payer_timeout',
    PAYER_LIMIT_REACHED: 'limit_reached',
    SENDER_ACCOUNT_NOT_ACTIVE: 'account_inactive',
    PAYEE_NOT_ALLOWED_TO_RECEIVE: 'not_allowed',
    NOT_ALLOWED: 'not_allowed',
    // Generic at MTN, and often a low balance: the sentence stays generic.
    INTERNAL_PROCESSING_ERROR: 'provider_error',
    TRANSACTION_NOT_FOUND: 'provider_error',
    APPROVAL_REJECTED: 'payer_declined',
    REJECTED: 'payer_declined',
    EXPIRED: 'expired',
    TIMEOUT: 'payer_timeout',
    TRANSACTION_CANCELED: 'cancelled',
    RESOURCE_ALREADY_EXIST: 'duplicate',
    // Wave last_payment_error.code (research §4.2)
    'insufficient-funds': 'insufficient_funds',
    'blocked-account': 'account_inactive',
    'cross-border-payment-not-allowed': 'not_allowed',
    'payer-mobile-mismatch': 'payer_mismatch',
    // Orange, FedaPay and PayGate words
    FAILED: 'unknown',
    declined: 'unknown',
    canceled: 'cancelled',
    // HTTP refusals common to every provider
    HTTP_400: 'invalid_request',
    HTTP_401: 'configuration',
    HTTP_403: 'configuration',
    HTTP_409: 'duplicate',
    HTTP_422: 'invalid_request',
  } satisfies Record<string, FailureCode>),
);

/** The canonical failure for a provider's code; unknown codes keep a generic sentence. */
export function describeFailure(providerCode: string): PaymentFailure {
  // A Map, not an object lookup: a code such as `constructor` must not hit the prototype.
  const code = PROVIDER_CODES.get(providerCode) ?? 'unknown';
  return { code, providerCode, reason: FAILURE_REASONS[code] };
}

/** A failure whose canonical code the adapter already knows (e.g. PayGate's numeric codes). */
export function failureOf(code: FailureCode, providerCode: string): PaymentFailure {
  return { code, providerCode, reason: FAILURE_REASONS[code] };
}
