import type { FastifyServerOptions } from 'fastify';
import type { Config } from './env';

/**
 * Properties of an error that may carry people's data: a failed query's parameters (Drizzle), the
 * row values PostgreSQL puts in `detail` (« Key (phone)=(+228…) already exists »), and the raw
 * object pino would keep.
 */
const PERSONAL_KEYS = new Set(['params', 'detail', 'raw']);
/** Errors nested deeper (causes of causes…, or a cycle) are named, not detailed. */
const MAX_DEPTH = 5;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * A data exception (PostgreSQL class 22) quotes the value it refused
 * (« invalid input syntax for type uuid: "Ama Mensah" »): the quote is masked.
 */
function safeMessage(error: Error & { code?: unknown; query?: unknown; params?: unknown }) {
  if (typeof error.query === 'string' && 'params' in error) {
    return `Failed query: ${error.query}\nparams: [masqué]`;
  }
  if (typeof error.code === 'string' && error.code.startsWith('22')) {
    return error.message.replace(/"[^]*"/, '"[masqué]"');
  }
  return error.message;
}

function serialize(error: Error, depth: number): SerializedError {
  const message = safeMessage(error);
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: error.stack?.replace(error.message, message) ?? '',
  };
  for (const [key, item] of Object.entries(error)) {
    if (PERSONAL_KEYS.has(key) || key === 'cause' || item === undefined) continue;
    serialized[key] = serializeError(item, depth + 1);
  }
  if (error.cause !== undefined) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  if (error instanceof AggregateError) {
    serialized.errors = error.errors.map((item: unknown) => serializeError(item, depth + 1));
  }
  return serialized;
}

/**
 * pino's `err` serializer without personal data: the SQL text of a failed query is kept (it has
 * placeholders only), its parameters never are, nor the values PostgreSQL quotes in `detail`.
 * Causes are serialized the same way; anything but an error is returned as it is.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  return depth > MAX_DEPTH ? `${value.name} (non détaillée)` : serialize(value, depth);
}

/** Fields that name a person's contact, masked wherever a log line carries them (top level or one down). */
const PERSONAL_FIELDS = ['phone', 'email', 'payerPhone', 'recipient'];

/** pino options shared by the API server, the payments thread and the command-line tools. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    // Plain values pass through: the error handler hands over errors it has already serialized.
    serializers: { err: serializeError as (error: Error) => SerializedError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        // A safety net: code logs ids, never a person's phone or e-mail; one that slips is masked.
        ...PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]),
      ],
      censor: '[masqué]',
    },
  };
}
