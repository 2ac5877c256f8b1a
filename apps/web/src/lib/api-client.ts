import type { ApiError, ApiErrorParams, ApiIssue } from '@ecolage/contracts';

/**
 * Tiny fetch-based client for the JSON API under `/api` (relative URLs: the same origin serves the
 * app and the API; `vite` proxies `/api` in development). Only types come from the contracts here,
 * so this module adds no schema code to the landing page's bundle.
 */

/**
 * The server answered with a non-2xx status. `code` says what happened (a domain code of the
 * catalogue, `ROLE_NAME_TAKEN`, or a general one), `params` what its sentence is built from
 * (`{ minimum: 10000 }`), `serverMessage` the server's French sentence, if any.
 */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly params: ApiErrorParams;
  readonly serverMessage: string | undefined;
  readonly issues: ApiIssue[];

  constructor(status: number, body: Partial<ApiError> | undefined) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiClientError';
    this.status = status;
    this.code = body?.code;
    this.params = body?.params ?? {};
    this.serverMessage = body?.message;
    this.issues = body?.issues ?? [];
  }
}

/** The request never got an answer (offline, DNS, connection reset, CORS…). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** The input was refused before sending; `issues` holds the schema's messages. */
export class ClientValidationError extends Error {
  readonly issues: ApiIssue[];

  constructor(issues: ApiIssue[]) {
    super(issues[0]?.message ?? 'Invalid input');
    this.name = 'ClientValidationError';
    this.issues = issues;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The parameters of an answer: only numbers and texts, by name. */
function readParams(value: unknown): ApiErrorParams | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return Object.fromEntries(entries);
}

/** Reads `{message, code, params, issues}` leniently: a message alone is still worth showing. */
export function readApiError(body: unknown): Partial<ApiError> | undefined {
  if (!isRecord(body) || typeof body.message !== 'string' || body.message.trim() === '') {
    return undefined;
  }
  const issues = Array.isArray(body.issues)
    ? body.issues.filter(
        (issue): issue is ApiIssue =>
          isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string',
      )
    : undefined;
  const params = readParams(body.params);
  return {
    message: body.message,
    code: typeof body.code === 'string' ? (body.code as ApiError['code']) : undefined,
    ...(params ? { params } : {}),
    ...(issues ? { issues } : {}),
  };
}

/** The body as JSON, or `undefined` when it is empty, not JSON or cut off. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

export interface RequestOptions {
  /** Sent as `Accept-Language` so the server can answer in the reader's language. */
  language?: string;
  signal?: AbortSignal;
}

async function requestJson(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  if (options.language) headers['Accept-Language'] = options.language;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      credentials: 'same-origin',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new NetworkError(cause);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    throw new ApiClientError(response.status, readApiError(payload));
  }
  return payload;
}

/** POSTs `body` as JSON and returns the parsed answer; throws the errors above. */
export function postJson(path: string, body: unknown, options: RequestOptions = {}) {
  return requestJson('POST', path, body, options);
}

/** GETs a public JSON resource (no session): `getJson('/api/invitations/preview?token=…')`. */
export function getJson(path: string, options: RequestOptions = {}) {
  return requestJson('GET', path, undefined, options);
}
