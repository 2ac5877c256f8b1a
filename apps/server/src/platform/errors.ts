import type { ErrorCode } from '@ecolage/contracts';
import {
  domainErrorMessage,
  errorCatalogue,
  type AnyErrorCode,
  type ApiErrorParams,
  type ApiIssue,
  type DomainErrorCode,
  type ErrorParams,
  type NoParams,
} from '@ecolage/contracts';

const defaultStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

export interface AppErrorOptions {
  statusCode?: number;
  issues?: ApiIssue[];
  params?: ApiErrorParams;
  cause?: unknown;
}

/**
 * The one error type services throw. `message` is a French sentence shown to people; `code` is for
 * programs (a domain code of the catalogue in `@ecolage/contracts`, with its `params`, or a general
 * one). The HTTP layer turns it into the error shape of DESIGN.md §7. Services build it with
 * `domainError(code, params)`; `new AppError` is for the general codes.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly issues: ApiIssue[] | undefined;
  readonly params: ApiErrorParams | undefined;

  constructor(
    readonly code: AnyErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode =
      options.statusCode ??
      (code in defaultStatus
        ? defaultStatus[code as ErrorCode]
        : errorCatalogue[code as DomainErrorCode].status);
    this.issues = options.issues;
    this.params = options.params;
  }

  /** True when this is the domain error `code` (`error.is('PAYMENT_ALREADY_ACTIVE')`). */
  is(code: AnyErrorCode): boolean {
    return this.code === code;
  }
}

export interface DomainErrorOptions {
  /** The form field the error is about: `issues` gets the message on that path. */
  field?: string;
  /** Another status than the catalogue's (a record named by a form's field is a 400, not a 404). */
  statusCode?: number;
  cause?: unknown;
}

/** The arguments after the code: its parameters (none for most codes), then options. */
export type DomainErrorArgs<C extends DomainErrorCode> =
  ErrorParams<C> extends NoParams
    ? [params?: NoParams, options?: DomainErrorOptions]
    : [params: ErrorParams<C>, options?: DomainErrorOptions];

/**
 * A domain error of the catalogue, with its French sentence and status:
 * `throw domainError('AMOUNT_BELOW_MINIMUM', { minimum })`,
 * `throw domainError('ROLE_NAME_TAKEN', {}, { field: 'name' })`.
 */
export function domainError<C extends DomainErrorCode>(
  code: C,
  ...[params, options = {}]: DomainErrorArgs<C>
): AppError {
  const values = (params ?? {}) as ErrorParams<C>;
  const message = domainErrorMessage(code, values);
  const hasParams = Object.keys(values).length > 0;
  return new AppError(code, message, {
    ...(options.statusCode ? { statusCode: options.statusCode } : {}),
    ...(options.field ? { issues: [{ path: options.field, message }] } : {}),
    ...(hasParams ? { params: values as ApiErrorParams } : {}),
    ...(options.cause !== undefined ? { cause: options.cause } : {}),
  });
}

/** True when `error` is the domain error `code`: what callers compare, never the sentence. */
export function isDomainError(error: unknown, code: DomainErrorCode): error is AppError {
  return error instanceof AppError && error.code === code;
}

/** A 404 of the catalogue: `throw notFound('INVOICE_NOT_FOUND')`. */
export function notFound(code: NotFoundCode): AppError {
  return domainError(code);
}

/** The catalogue's codes answered 404 that take no parameters. */
export type NotFoundCode = Extract<DomainErrorCode, `${string}NOT_FOUND`>;
