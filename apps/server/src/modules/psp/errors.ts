import type { PaymentFailure } from './provider';

/**
 * What a provider call can end in besides an answer. `outcome` tells the payments service what to
 * do: `unknown` → mark the attempt `unknown` and query the provider (never re-send blindly);
 * `not_done` → the provider did nothing (refused, or we never sent the request).
 */
export abstract class ProviderError extends Error {
  abstract readonly outcome: 'unknown' | 'not_done';
}

/** No answer within the timeout: the provider may or may not have acted. */
export class ProviderTimeoutError extends ProviderError {
  readonly outcome = 'unknown';

  constructor(
    readonly method: string,
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`Le prestataire n'a pas répondu en ${timeoutMs} ms (${method} ${pathOf(url)}).`);
    this.name = 'ProviderTimeoutError';
  }
}

/** Network failure, 5xx or an answer we cannot read: the outcome is unknown. */
export class ProviderUnavailableError extends ProviderError {
  readonly outcome = 'unknown';

  constructor(
    readonly reason: 'network' | 'server_error' | 'malformed_response',
    readonly method: string,
    readonly url: string,
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    const detail = httpStatus === undefined ? reason : `${reason} ${httpStatus}`;
    super(`Le prestataire est indisponible (${detail}, ${method} ${pathOf(url)}).`, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider answered and refused the request (4xx, or a refusal code in a 200). */
export class ProviderRejectedError extends ProviderError {
  readonly outcome = 'not_done';

  constructor(
    readonly failure: PaymentFailure,
    readonly httpStatus?: number,
    readonly providerBody?: unknown,
  ) {
    super(failure.reason);
    this.name = 'ProviderRejectedError';
  }
}

/** The provider does not know this payment: its creation never landed. */
export class ProviderNotFoundError extends ProviderError {
  readonly outcome = 'not_done';

  constructor(readonly reference: string) {
    super(`Le prestataire ne connaît pas le paiement ${reference}.`);
    this.name = 'ProviderNotFoundError';
  }
}

/** Our request cannot be expressed in this provider's protocol; nothing was sent. */
export class ProviderRequestError extends ProviderError {
  readonly outcome = 'not_done';

  constructor(message: string) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}

/** True for errors after which the payment may exist at the provider. */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof ProviderError && error.outcome === 'unknown';
}

// Query strings may carry references; error messages keep the path only.
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '?';
  }
}
