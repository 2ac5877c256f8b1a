import { z } from 'zod';
import { domainErrorCodes, type DomainErrorCode } from './error-codes';

/**
 * Machine-readable error codes, stable across releases. The web app maps them onto fields and
 * messages; the French sentence in `message` is what a person reads.
 */
export const ErrorCode = {
  /** The body, query or params failed validation; `issues` lists each field. */
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** The body is not valid JSON. */
  MALFORMED_JSON: 'MALFORMED_JSON',
  /** The body is larger than the route accepts. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** The content type is not one the route accepts (JSON only). */
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  /** No route or no record with that identifier (also for another school's records). */
  NOT_FOUND: 'NOT_FOUND',
  /** The HTTP method is not allowed on this route. */
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  /** Too many requests from this client in the current window. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** No valid session. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** The session is valid but its role lacks the permission. */
  FORBIDDEN: 'FORBIDDEN',
  /** The request conflicts with the current state (duplicate, already done). */
  CONFLICT: 'CONFLICT',
  /** The database is unreachable; only on the health check and 503 answers. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** Anything unexpected: the details go to the log, never to the client. */
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const apiIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/** Every code an answer may carry: the general ones above and the domain catalogue's. */
export type AnyErrorCode = ErrorCode | DomainErrorCode;
export const allErrorCodes = [
  ...new Set<AnyErrorCode>([...Object.values(ErrorCode), ...domainErrorCodes]),
] as [AnyErrorCode, ...AnyErrorCode[]];

/** A code's parameters (amounts in francs, counts, names), by name. */
export const apiErrorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The one error shape of every 4xx and 5xx answer (DESIGN.md §7): `code` for programs (a general
 * code or one of the domain catalogue, `error-codes/`), `message` the French sentence, `params`
 * what the sentence is built from (omitted when none), `issues` the fields at fault.
 */
export const apiErrorSchema = z.object({
  message: z.string().describe('La phrase en français, pour une personne.'),
  code: z
    .enum(allErrorCodes)
    .describe('Code général ou code métier du catalogue (packages/contracts/src/error-codes).'),
  params: apiErrorParamsSchema
    .optional()
    .describe('Les valeurs dont la phrase est faite (montants en francs, noms), selon le code.'),
  issues: z.array(apiIssueSchema).optional(),
});
export type ApiErrorParams = z.infer<typeof apiErrorParamsSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;
export type ApiIssue = z.infer<typeof apiIssueSchema>;
