import { ErrorCode, type ApiIssue } from '@ecolage/contracts';

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

/**
 * The one error type services throw. `message` is a French sentence shown to people; `code` is for
 * programs. The HTTP layer turns it into the error shape of DESIGN.md §7.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly issues: ApiIssue[] | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { statusCode?: number; issues?: ApiIssue[]; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = options.statusCode ?? defaultStatus[code];
    this.issues = options.issues;
  }
}

export function notFound(message: string): AppError {
  return new AppError(ErrorCode.NOT_FOUND, message);
}
