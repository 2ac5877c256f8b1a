import { ErrorCode, type ApiError, type DomainErrorCode } from '@ecolage/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  closedPeriodRefusal,
  isConcurrencyFailure,
  isUniqueViolation,
  violatedConstraint,
} from '../db/errors';
import { AppError, domainError } from '../errors';
import { serializeError } from '../logger';

/** Fastify's own error codes, translated into our codes and French sentences. */
const frameworkErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ErrorCode.MALFORMED_JSON,
    message: "Le corps de la requête n'est pas un JSON valide.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ErrorCode.MALFORMED_JSON,
    message: 'Le corps de la requête est vide alors que du JSON est attendu.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ErrorCode.PAYLOAD_TOO_LARGE,
    message: 'La requête est trop volumineuse.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: "Ce type de contenu n'est pas accepté : envoyez du JSON (application/json).",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ErrorCode.MALFORMED_JSON,
    message: 'La longueur annoncée ne correspond pas au corps de la requête.',
  },
  FST_ERR_BAD_URL: {
    code: ErrorCode.VALIDATION_FAILED,
    message: 'L’adresse demandée est mal formée (caractère encodé invalide).',
  },
};

/** A unique key hit by a request that raced another one, when no better sentence is known. */
export const DUPLICATE_MESSAGE =
  'Cet enregistrement existe déjà : une autre demande vient de le créer. Actualisez la page et vérifiez.';
/** A deadlock or a serialization failure that outlived the transaction helper's retries. */
export const CONCURRENT_MESSAGE =
  'Une autre modification des mêmes données était en cours : rien n’a été enregistré. Réessayez.';

/** A page for a person (the server-rendered pages' errors): its title, the French sentence. */
export interface ErrorPage {
  title: string;
  message: string;
}

export interface ErrorHandlerOptions {
  /** The domain error code of each unique constraint or index a racing request can hit. */
  conflictCodes: Readonly<Record<string, DomainErrorCode>>;
  /** Sends an error as an HTML page, for the requests outside /api (payer pages, forms). */
  sendErrorPage: (reply: FastifyReply, page: ErrorPage, statusCode: number) => FastifyReply;
}

/** Outside /api, a person reads the answer in a browser: an HTML page, not JSON. */
export function isApiRequest(request: FastifyRequest): boolean {
  return (
    request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')
  );
}

function pageTitle(statusCode: number): string {
  if (statusCode === 404) return 'Page introuvable';
  if (statusCode === 413) return 'Demande trop volumineuse';
  if (statusCode === 429) return 'Trop de demandes';
  if (statusCode >= 500) return 'Service momentanément indisponible';
  return 'Demande invalide';
}

/**
 * Every error leaves the API in the shape of DESIGN.md §7 (an HTML page outside /api); a 5xx never
 * shows internals, and its log line never carries a query's parameters (`serializeError`). Set as
 * the application's error handler and as Fastify's `frameworkErrors` (malformed URL escapes).
 */
export function createErrorHandler(options: ErrorHandlerOptions) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { statusCode, body } = toApiError(error, options.conflictCodes);
    if (statusCode >= 500) request.log.error({ err: serializeError(error) }, 'request failed');
    else request.log.info({ code: body.code, statusCode }, body.message);
    if (!isApiRequest(request)) {
      const page = { title: pageTitle(statusCode), message: body.message };
      return options.sendErrorPage(reply, page, statusCode);
    }
    return reply.status(statusCode).send(body);
  };
}

/** The answer of an AppError: `params` only when the code has some. */
function appErrorAnswer(error: AppError): { statusCode: number; body: ApiError } {
  return {
    statusCode: error.statusCode,
    body: {
      message: error.message,
      code: error.code,
      ...(error.params ? { params: error.params } : {}),
      ...(error.issues ? { issues: error.issues } : {}),
    },
  };
}

function toApiError(
  error: FastifyError,
  conflictCodes: ErrorHandlerOptions['conflictCodes'],
): { statusCode: number; body: ApiError } {
  if (error instanceof AppError) return appErrorAnswer(error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      // Body fields by their own name (what forms map onto fields); others prefixed: query.page.
      path: [
        error.validationContext === 'body'
          ? undefined
          : error.validationContext?.replace('querystring', 'query'),
        ...issue.instancePath.split('/').filter(Boolean),
      ]
        .filter(Boolean)
        .join('.'),
      message: issue.message ?? 'Valeur invalide.',
    }));
    return {
      statusCode: 400,
      body: {
        message: issues[0]?.message ?? 'La requête contient des champs invalides.',
        code: ErrorCode.VALIDATION_FAILED,
        issues,
      },
    };
  }
  // Two requests raced on a unique key (the loser's check ran before the winner's commit).
  if (isUniqueViolation(error)) {
    const constraint = violatedConstraint(error);
    const code = constraint ? conflictCodes[constraint] : undefined;
    if (code) return appErrorAnswer(domainError(code as never, {} as never, { statusCode: 409 }));
    return { statusCode: 409, body: { code: ErrorCode.CONFLICT, message: DUPLICATE_MESSAGE } };
  }
  // A posting dated in a closed accounting period (the ledger's trigger, SQLSTATE EC409).
  const closedPeriod = closedPeriodRefusal(error);
  if (closedPeriod) return appErrorAnswer(domainError('LEDGER_PERIOD_CLOSED', closedPeriod));
  if (isConcurrencyFailure(error)) {
    return { statusCode: 409, body: { code: ErrorCode.CONFLICT, message: CONCURRENT_MESSAGE } };
  }
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) return { statusCode: error.statusCode ?? 400, body: known };
  if (error.statusCode === 429) return appErrorAnswer(domainError('RATE_LIMITED'));
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      statusCode: error.statusCode,
      body: { code: ErrorCode.VALIDATION_FAILED, message: 'La requête est invalide.' },
    };
  }
  return appErrorAnswer(domainError('INTERNAL_ERROR'));
}

/** The answer for an unknown route under /api. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body: ApiError = {
    code: ErrorCode.NOT_FOUND,
    message: `Aucune ressource ne correspond à ${request.method} ${request.url.split('?')[0]}.`,
  };
  return reply.status(404).send(body);
}
