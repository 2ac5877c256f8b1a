import type { z } from 'zod';
import { ProviderRejectedError, ProviderUnavailableError } from './errors';
import { describeFailure } from './failure-reasons';
import type { HttpRequest, HttpResponse } from './http-client';
import type { PaymentFailure, ProviderContext, ProviderId } from './provider';
import type { TokenCache } from './token-cache';

/**
 * Sends one provider request and logs method, path, status and duration (never headers, bodies or
 * query strings: they carry keys and references). 5xx and 429 throw `ProviderUnavailableError`
 * (outcome unknown); every other status is returned for the adapter to translate.
 */
export async function sendToProvider(
  ctx: ProviderContext<unknown>,
  provider: ProviderId,
  operation: string,
  request: HttpRequest,
): Promise<HttpResponse> {
  const started = ctx.now().getTime();
  const path = pathOf(request.url);
  try {
    const response = await ctx.http.request(request);
    const log = { provider, operation, method: request.method, path, status: response.status };
    // Status polls are frequent: successful calls log at debug level, the rest at info.
    const level = response.status < 300 ? 'debug' : 'info';
    ctx.logger[level]({ ...log, ms: ctx.now().getTime() - started }, 'psp call');
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderUnavailableError(
        'server_error',
        request.method,
        request.url,
        response.status,
      );
    }
    return response;
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError && error.reason === 'server_error')) {
      ctx.logger.warn(
        { provider, operation, method: request.method, path, err: error },
        'psp call failed',
      );
    }
    throw error;
  }
}

/** Parses a JSON answer with `schema`; an unreadable 2xx answer leaves the outcome unknown. */
export function readJson<T>(schema: z.ZodType<T>, response: HttpResponse, request: HttpRequest): T {
  let data: unknown;
  try {
    data = JSON.parse(response.body);
  } catch (error) {
    throw new ProviderUnavailableError(
      'malformed_response',
      request.method,
      request.url,
      response.status,
      {
        cause: error,
      },
    );
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ProviderUnavailableError(
      'malformed_response',
      request.method,
      request.url,
      response.status,
      {
        cause: parsed.error,
      },
    );
  }
  return parsed.data;
}

/** A 4xx answer as a refusal, with the provider's body kept for the attempt's record. */
export function rejection(response: HttpResponse, failure?: PaymentFailure): ProviderRejectedError {
  let body: unknown = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // Not JSON: kept as text.
  }
  return new ProviderRejectedError(
    failure ?? describeFailure(`HTTP_${response.status}`),
    response.status,
    body,
  );
}

/**
 * Runs `call` with a bearer token; on 401 forgets the token and tries once more with a fresh one
 * (a 401 means the provider did nothing, so repeating is safe even for a payment request).
 */
export async function withBearerToken(
  tokens: TokenCache,
  call: (authorization: string) => Promise<HttpResponse>,
): Promise<HttpResponse> {
  const first = await call(`Bearer ${await tokens.get()}`);
  if (first.status !== 401) return first;
  tokens.invalidate();
  return call(`Bearer ${await tokens.get()}`);
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '?';
  }
}
