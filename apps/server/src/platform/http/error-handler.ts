import { ErrorCode, type ApiError } from '@ecolage/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

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
};

const INTERNAL_MESSAGE =
  'Une erreur interne est survenue. Veuillez réessayer ; si le problème persiste, contactez le support.';

/** Every error leaves the API in the shape of DESIGN.md §7; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, body } = toApiError(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, statusCode }, body.message);
    return reply.status(statusCode).send(body);
  });
}

function toApiError(error: FastifyError): { statusCode: number; body: ApiError } {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: { message: error.message, code: error.code, issues: error.issues },
    };
  }
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
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) return { statusCode: error.statusCode ?? 400, body: known };
  if (error.statusCode === 429) {
    return {
      statusCode: 429,
      body: {
        code: ErrorCode.RATE_LIMITED,
        message: 'Trop de requêtes. Veuillez patienter un instant avant de réessayer.',
      },
    };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      statusCode: error.statusCode,
      body: { code: ErrorCode.VALIDATION_FAILED, message: 'La requête est invalide.' },
    };
  }
  return { statusCode: 500, body: { code: ErrorCode.INTERNAL_ERROR, message: INTERNAL_MESSAGE } };
}

/** The answer for an unknown route under /api. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body: ApiError = {
    code: ErrorCode.NOT_FOUND,
    message: `Aucune ressource ne correspond à ${request.method} ${request.url.split('?')[0]}.`,
  };
  return reply.status(404).send(body);
}
