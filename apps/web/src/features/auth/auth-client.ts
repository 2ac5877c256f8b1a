import type { SessionResponse } from '@ecolage/contracts';
import { ApiClientError, NetworkError, readApiError, readJson } from '../../lib/api-client';
import {
  clearSession,
  getSession,
  parseStoredSession,
  sessionFromResponse,
  setSession,
} from './session-store';
import type { Session } from './session-store';

/**
 * Calls of the signed-in member: `Authorization: Bearer <access token>` on every request. The
 * access token is short-lived (15 minutes); when the server answers 401 the client trades the
 * httpOnly refresh cookie for a new token once (`POST /api/auth/refresh`) and retries once. A
 * second refusal ends the session: the admin guard then sends the reader to /login?next=….
 *
 * The refresh cookie is rotated and the server revokes the whole session when an old one is
 * presented twice, so refreshes never overlap: concurrent 401s in a tab share one refresh
 * (single flight) and tabs take turns through a Web Lock, re-reading the stored session first in
 * case another tab has just refreshed it.
 */

export const REFRESH_PATH = '/api/auth/refresh';
export const LOGOUT_PATH = '/api/auth/logout';
export const SWITCH_SCHOOL_PATH = '/api/auth/switch-school';

/** A token that expires within this margin is refreshed before use rather than after a 401. */
const EXPIRY_MARGIN_MS = 10_000;
const LOCK_NAME = 'ecolage.session';

/** The answer is 2xx but not the expected shape (a proxy page, another API version…). */
export class UnexpectedAnswerError extends Error {
  constructor() {
    super('Unexpected answer from the server');
    this.name = 'UnexpectedAnswerError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. the `Idempotency-Key` of a call that starts a payment. */
  headers?: Record<string, string>;
}

function isExpired(session: Session, now = Date.now()): boolean {
  return session.expiresAt !== undefined && session.expiresAt - EXPIRY_MARGIN_MS <= now;
}

/** The session of a login, refresh or switch answer, or UnexpectedAnswerError. */
export function readSessionAnswer(payload: unknown): Session {
  if (typeof payload !== 'object' || payload === null) throw new UnexpectedAnswerError();
  const session = parseStoredSession(
    JSON.stringify(sessionFromResponse(payload as SessionResponse)),
  );
  if (!session) throw new UnexpectedAnswerError();
  return session;
}

async function send(
  path: string,
  options: ApiRequestOptions,
  accessToken: string | undefined,
  accept = 'application/json',
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language) headers['Accept-Language'] = language;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new NetworkError(cause);
  }
}

async function answerOf(response: Response): Promise<unknown> {
  const payload = await readJson(response);
  if (!response.ok) throw new ApiClientError(response.status, readApiError(payload));
  return payload;
}

// Mutual exclusion of the operations that present the refresh cookie (refresh, switch, logout):
// in this tab by a promise chain, across tabs by a Web Lock where the browser has them.
let queue: Promise<unknown> = Promise.resolve();

function withSessionLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const locked = (): Promise<T> =>
    locks?.request ? (locks.request(LOCK_NAME, task) as Promise<T>) : task();
  const run = queue.then(locked, locked);
  queue = run.catch(() => undefined);
  return run;
}

/** Trades the refresh cookie for a new session; null (session ended) when the server refuses. */
async function refreshNow(staleToken: string | undefined): Promise<Session | null> {
  const current = getSession();
  if (!current) return null; // signed out meanwhile (here or in another tab)
  if (staleToken !== undefined && current.accessToken !== staleToken && !isExpired(current)) {
    return current; // another request or tab has already refreshed it
  }
  const response = await send(REFRESH_PATH, { method: 'POST' }, undefined);
  if (response.status === 401) {
    clearSession('expired');
    return null;
  }
  const session = readSessionAnswer(await answerOf(response));
  if (!getSession()) return null; // logged out while the refresh was on its way
  setSession(session);
  return session;
}

let refreshing: Promise<Session | null> | null = null;

/**
 * Renews the access token that `staleToken` was (single flight: callers during a refresh share
 * it). Resolves to the new session, or null when the session is over (cleared here). Network
 * failures reject with NetworkError and keep the session.
 */
export function refreshSession(staleToken?: string): Promise<Session | null> {
  refreshing ??= withSessionLock(() => refreshNow(staleToken)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Sends `request` with the current access token (refreshed first if known to be expired); on a
 * 401, refreshes once and sends again; a second 401 ends the session.
 */
async function withAccessToken(
  request: (accessToken: string | undefined) => Promise<Response>,
  refresh: (staleToken: string) => Promise<Session | null>,
): Promise<Response> {
  let session = getSession();
  if (session && isExpired(session)) session = await refresh(session.accessToken);
  const response = await request(session?.accessToken);
  if (response.status !== 401 || !session) return response;

  const renewed = await refresh(session.accessToken);
  if (!renewed) return response;
  const retried = await request(renewed.accessToken);
  if (retried.status === 401) clearSession('expired');
  return retried;
}

/**
 * A JSON call of the signed-in member: `apiRequest('/api/students?page=2')`. Throws
 * ApiClientError (4xx/5xx, with the server's French message), NetworkError, or the abort.
 */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const response = await withAccessToken(
    (accessToken) => send(path, options, accessToken),
    refreshSession,
  );
  return answerOf(response);
}

export interface DownloadedFile {
  blob: Blob;
  /** The `Content-Disposition` header (`attachment; filename="…"`), or null. */
  disposition: string | null;
}

/**
 * A file of the signed-in member (`GET`, bearer token, same refresh-once retry as
 * `apiRequest`): `apiDownload('/api/audit-entries/export?category=user')`. Throws like
 * `apiRequest`, with the server's French message on a refusal.
 */
export async function apiDownload(
  path: string,
  options: Pick<ApiRequestOptions, 'signal'> = {},
): Promise<DownloadedFile> {
  const response = await withAccessToken(
    (accessToken) => send(path, options, accessToken, 'text/csv, */*;q=0.5'),
    refreshSession,
  );
  if (!response.ok)
    throw new ApiClientError(response.status, readApiError(await readJson(response)));
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (cause) {
    throw new NetworkError(cause); // the connection broke while the file was coming
  }
  return { blob, disposition: response.headers.get('Content-Disposition') };
}

/**
 * `POST /api/auth/switch-school`: the same member in another of their schools. Runs under the
 * session lock (the server rotates the refresh cookie) and replaces the session.
 */
export function switchSchool(organizationId: string): Promise<Session> {
  return withSessionLock(async () => {
    const response = await withAccessToken(
      (accessToken) =>
        send(SWITCH_SCHOOL_PATH, { method: 'POST', body: { organizationId } }, accessToken),
      refreshNow, // already under the lock: the shared refresh would wait for it forever
    );
    const session = readSessionAnswer(await answerOf(response));
    setSession(session);
    return session;
  });
}

/**
 * Logs out: forgets the session at once (spec §4) and asks the server to revoke the refresh
 * token and clear its cookie. A failed call is ignored: this device is signed out either way.
 */
export async function logOut(): Promise<void> {
  const accessToken = getSession()?.accessToken;
  clearSession('logout');
  await withSessionLock(async () => {
    try {
      await fetch(LOGOUT_PATH, {
        method: 'POST',
        headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
        credentials: 'same-origin',
        keepalive: true,
      });
    } catch {
      // Offline: the refresh cookie expires on its own.
    }
  });
}
