import { ProviderTimeoutError, ProviderUnavailableError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Overrides the client's default timeout for this call. */
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The small HTTP client adapters receive. Any status comes back as a response; only a timeout
 * (`ProviderTimeoutError`) or a network failure (`ProviderUnavailableError`) throws.
 */
export interface HttpClient {
  request(request: HttpRequest): Promise<HttpResponse>;
}

/** The part of `fetch` the client uses, so tests and the sandbox can pass their own. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<{ status: number; headers: Headers; text(): Promise<string> }>;

export const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;

/** An `HttpClient` over `fetch` (Node's global by default) with a timeout covering the body too. */
export function createHttpClient(
  options: { fetch?: FetchLike; timeoutMs?: number } = {},
): HttpClient {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const defaultTimeout = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  return {
    async request(request) {
      const timeoutMs = request.timeoutMs ?? defaultTimeout;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const response = await fetchImpl(request.url, {
          method: request.method,
          headers: request.headers ?? {},
          ...(request.body === undefined ? {} : { body: request.body }),
          signal: controller.signal,
        });
        const body = await response.text();
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          headers[name.toLowerCase()] = value;
        });
        return { status: response.status, headers, body };
      } catch (error) {
        if (controller.signal.aborted) {
          throw new ProviderTimeoutError(request.method, request.url, timeoutMs);
        }
        throw new ProviderUnavailableError('network', request.method, request.url, undefined, {
          cause: error,
        });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
