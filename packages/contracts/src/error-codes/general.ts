import { AuthMessages } from '../auth';
import { invalidPhoneMessage } from '../phone';
import { defineError } from './define';

/**
 * The house's general answers that always say the same sentence. The other general codes of
 * `ErrorCode` (VALIDATION_FAILED, NOT_FOUND, CONFLICT, MALFORMED_JSON…) carry a sentence that
 * depends on the request: the web shows the server's sentence for them.
 */
export const generalErrors = {
  /** 401 — a route that needs a session was called without one (no or unreadable token). */
  UNAUTHENTICATED: defineError(401, AuthMessages.sessionRequired),
  /** 403 — the member's role lacks the route's permission. */
  FORBIDDEN: defineError(403, AuthMessages.forbidden),
  /** 429 — too many requests from this client in the current window (rate limit). */
  RATE_LIMITED: defineError(
    429,
    'Trop de requêtes. Veuillez patienter un instant avant de réessayer.',
  ),
  /** 500 — anything unexpected: the details go to the log, never to the client. */
  INTERNAL_ERROR: defineError(
    500,
    'Une erreur interne est survenue. Veuillez réessayer ; si le problème persiste, contactez le support.',
  ),
  /**
   * 400 — a field rule, not a refusal of its own: a phone number that is no valid number. The
   * server answers VALIDATION_FAILED with this sentence on the field; the forms say the code's text.
   */
  PHONE_INVALID: defineError(400, invalidPhoneMessage),
  /** 400 — a path parameter or the query holds a NUL or a lone surrogate (unstorable text). */
  UNSTORABLE_ADDRESS: defineError(
    400,
    'L’adresse demandée contient un caractère invalide (caractère nul ou caractère Unicode incomplet).',
  ),
  /** 400 — a field (`field`, dotted path, may be empty) holds unstorable text. */
  UNSTORABLE_TEXT: defineError<{ field: string }>(400, ({ field }) =>
    field
      ? `Le champ « ${field} » contient un caractère invalide (caractère nul ou caractère Unicode incomplet).`
      : 'La requête contient un caractère invalide (caractère nul ou caractère Unicode incomplet).',
  ),
};
