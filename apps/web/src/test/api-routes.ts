import { jsonResponse, stubFetch } from './fetch-mock';
import type { FetchMock } from './fetch-mock';

/** A request as a route handler sees it. */
export interface RouteRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/**
 * `'GET /api/members'` → the answer: a Response, or a body sent as JSON with status 200 (or a
 * promise of either, to hold the answer back).
 */
export type Routes = Record<string, (request: RouteRequest) => Response | unknown>;

/**
 * Stubs `fetch` with a small router on method and path (the query string is the handler's to
 * read). An unknown route answers 404, like the server.
 */
export function routeFetch(routes: Routes): FetchMock {
  return stubFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) {
      return jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' });
    }
    const answer: unknown = await handler({
      method,
      url,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      headers: new Headers(init?.headers),
    });
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
}

/** The fetch calls made to `method path` (whatever their query string), in order. */
function callsMatching(mock: FetchMock, method: string, path: string) {
  return mock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === path && (init?.method ?? 'GET').toUpperCase() === method;
  });
}

/** The calls made to `method path` (query strings included), in order. */
export function callsTo(mock: FetchMock, method: string, path: string): URL[] {
  return callsMatching(mock, method, path).map(
    ([input]) => new URL(String(input), 'http://localhost'),
  );
}

/** The JSON bodies sent to `method path`, in order. */
export function bodiesSentTo(mock: FetchMock, method: string, path: string): unknown[] {
  return callsMatching(mock, method, path).map(([, init]) =>
    init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  );
}

/** The headers sent with each call to `method path`, in order. */
export function headersSentTo(mock: FetchMock, method: string, path: string): Headers[] {
  return callsMatching(mock, method, path).map(([, init]) => new Headers(init?.headers));
}
