import type { HttpClient, HttpRequest, HttpResponse } from './http-client';
import type { ProviderLogger } from './provider';

/** Test doubles for the adapters' injected clock, HTTP client and logger. */

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON bodies parsed (readable snapshots); anything else verbatim. */
  body?: unknown;
}

export interface FakeAnswer {
  status: number;
  json?: unknown;
  text?: string;
}

type Route =
  FakeAnswer | FakeAnswer[] | ((request: HttpRequest) => FakeAnswer | Promise<FakeAnswer>);

/**
 * An HTTP client answering from `routes` keyed `"METHOD /path"` (query string ignored). An array
 * answers in turn, repeating its last item. Every request is recorded.
 */
export function createFakeHttp(routes: Record<string, Route>) {
  const requests: RecordedRequest[] = [];
  const served = new Map<string, number>();
  const client: HttpClient = {
    async request(request: HttpRequest): Promise<HttpResponse> {
      requests.push(record(request));
      const key = `${request.method} ${new URL(request.url).pathname}`;
      const route = routes[key];
      if (!route) throw new Error(`No fake answer for ${key}`);
      let answer: FakeAnswer;
      if (typeof route === 'function') answer = await route(request);
      else if (Array.isArray(route)) {
        const index = served.get(key) ?? 0;
        served.set(key, index + 1);
        answer = route[Math.min(index, route.length - 1)] as FakeAnswer;
      } else answer = route;
      return {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
        body: answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json)),
      };
    },
  };
  return { client, requests };
}

function record(request: HttpRequest): RecordedRequest {
  const recorded: RecordedRequest = {
    method: request.method,
    url: request.url,
    headers: { ...request.headers },
  };
  if (request.body !== undefined) {
    try {
      recorded.body = JSON.parse(request.body);
    } catch {
      recorded.body = request.body;
    }
  }
  return recorded;
}

/** A clock that moves only when told to. */
export function createFakeClock(start = '2024-01-15T10:00:00.000Z') {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advanceSeconds(seconds: number) {
      now += seconds * 1000;
    },
    set(iso: string) {
      now = new Date(iso).getTime();
    },
  };
}

export const silentLogger: ProviderLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};

export const ATTEMPT_ID = '0b7c2f8e-4a51-4d36-9f0e-3c2d1a6b5e47';
