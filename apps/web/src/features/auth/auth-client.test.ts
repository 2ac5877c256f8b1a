import { describe, expect, it, vi } from 'vitest';
import { ApiClientError, NetworkError } from '../../lib/api-client';
import { jsonResponse, stubFetch } from '../../test/fetch-mock';
import { SCHOOL_B, sessionAnswer, storeSession } from '../../test/session';
import { apiRequest, logOut, refreshSession, switchSchool } from './auth-client';
import { getSession, SESSION_STORAGE_KEY, sessionEndReason, setSession } from './session-store';

function authorization(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Authorization');
}

const unauthorized = () =>
  jsonResponse(401, { message: 'Votre session a expiré.', code: 'UNAUTHENTICATED' });

/**
 * A server whose access tokens are `jeton-a` (expired) then `jeton-b` (valid): data routes answer
 * 401 to anything but the valid token, the refresh answers `refresh` (a session on jeton-b by
 * default).
 */
function fakeServer({
  valid = 'jeton-b',
  refresh = () => Promise.resolve(jsonResponse(200, sessionAnswer({ access_token: 'jeton-b' }))),
}: { valid?: string; refresh?: () => Promise<Response> } = {}) {
  return stubFetch((input, init) => {
    const path = String(input);
    if (path === '/api/auth/refresh') return refresh();
    if (authorization(init) !== `Bearer ${valid}`) return Promise.resolve(unauthorized());
    return Promise.resolve(jsonResponse(200, { path }));
  });
}

const calls = (mock: ReturnType<typeof stubFetch>, path: string) =>
  mock.mock.calls.filter(([input]) => String(input) === path);

describe('apiRequest', () => {
  it('sends the access token as a Bearer header, JSON and the reader language', async () => {
    storeSession({ accessToken: 'jeton-b' });
    document.documentElement.lang = 'fr';
    const fetchMock = fakeServer();
    await expect(
      apiRequest('/api/students', { method: 'POST', body: { name: 'Kossi' } }),
    ).resolves.toEqual({ path: '/api/students' });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer jeton-b');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('fr');
    expect(init?.body).toBe('{"name":"Kossi"}');
    expect(init?.credentials).toBe('same-origin');
  });

  it('on a 401, refreshes once, saves the new session and retries with the new token', async () => {
    storeSession({ accessToken: 'jeton-a' });
    const fetchMock = fakeServer();
    await expect(apiRequest('/api/students')).resolves.toEqual({ path: '/api/students' });

    expect(
      fetchMock.mock.calls.map(([input, init]) => [String(input), authorization(init)]),
    ).toEqual([
      ['/api/students', 'Bearer jeton-a'],
      ['/api/auth/refresh', null],
      ['/api/students', 'Bearer jeton-b'],
    ]);
    expect(calls(fetchMock, '/api/auth/refresh')[0]?.[1]?.credentials).toBe('same-origin');
    expect(getSession()?.accessToken).toBe('jeton-b');
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').accessToken).toBe(
      'jeton-b',
    );
  });

  it('shares one refresh between concurrent 401s (single flight)', async () => {
    storeSession({ accessToken: 'jeton-a' });
    let release: () => void = () => undefined;
    const fetchMock = fakeServer({
      refresh: () =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse(200, sessionAnswer({ access_token: 'jeton-b' })));
        }),
    });
    const requests = Promise.all([
      apiRequest('/api/students'),
      apiRequest('/api/payments'),
      apiRequest('/api/programmes'),
    ]);
    await vi.waitFor(() => expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1));
    release();
    await expect(requests).resolves.toHaveLength(3);

    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    for (const path of ['/api/students', '/api/payments', '/api/programmes']) {
      expect(calls(fetchMock, path).map(([, init]) => authorization(init))).toEqual([
        'Bearer jeton-a',
        'Bearer jeton-b',
      ]);
    }
  });

  it('does not refresh again when another request has already renewed the token', async () => {
    storeSession({ accessToken: 'jeton-a' });
    const fetchMock = fakeServer();
    await apiRequest('/api/students');
    // A late 401 for a request sent with the old token: the stored token is already new.
    await expect(refreshSession('jeton-a')).resolves.toMatchObject({ accessToken: 'jeton-b' });
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
  });

  it('ends the session when the refresh is refused (second 401)', async () => {
    storeSession({ accessToken: 'jeton-a' });
    const fetchMock = fakeServer({ refresh: () => Promise.resolve(unauthorized()) });
    const error = await apiRequest('/api/students').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).status).toBe(401);
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionEndReason()).toBe('expired');
    expect(calls(fetchMock, '/api/students')).toHaveLength(1);
  });

  it('ends the session when the retried request is refused again', async () => {
    storeSession({ accessToken: 'jeton-a' });
    const fetchMock = fakeServer({ valid: 'aucun' });
    await expect(apiRequest('/api/students')).rejects.toMatchObject({ status: 401 });
    expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1);
    expect(calls(fetchMock, '/api/students')).toHaveLength(2);
    expect(getSession()).toBeNull();
  });

  it('refreshes first when the stored token is known to have expired', async () => {
    storeSession({ accessToken: 'jeton-a', expiresAt: Date.now() - 1000 });
    const fetchMock = fakeServer();
    await apiRequest('/api/students');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/auth/refresh',
      '/api/students',
    ]);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    storeSession({ accessToken: 'jeton-a' });
    fakeServer({ refresh: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(apiRequest('/api/students')).rejects.toBeInstanceOf(NetworkError);
    expect(getSession()?.accessToken).toBe('jeton-a');
  });

  it('passes a 403 on untouched, session kept', async () => {
    storeSession({ accessToken: 'jeton-b' });
    stubFetch(() =>
      Promise.resolve(jsonResponse(403, { message: 'Permission refusée.', code: 'FORBIDDEN' })),
    );
    await expect(apiRequest('/api/audit')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      serverMessage: 'Permission refusée.',
    });
    expect(getSession()).not.toBeNull();
  });
});

describe('switchSchool', () => {
  it('asks for the other school with the access token and replaces the session', async () => {
    storeSession({ accessToken: 'jeton-a' });
    const fetchMock = stubFetch(() =>
      Promise.resolve(
        jsonResponse(200, sessionAnswer({ access_token: 'jeton-ecole-b', organization: SCHOOL_B })),
      ),
    );
    await switchSchool(SCHOOL_B.id);
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/api/auth/switch-school');
    expect(init?.method).toBe('POST');
    expect(authorization(init)).toBe('Bearer jeton-a');
    expect(JSON.parse(String(init?.body))).toEqual({ organizationId: SCHOOL_B.id });
    expect(getSession()).toMatchObject({
      accessToken: 'jeton-ecole-b',
      organization: { name: 'Institut Lumière de Kara' },
    });
  });
});

describe('logOut', () => {
  it('clears the session at once and asks the server to revoke the refresh token', async () => {
    storeSession({ accessToken: 'jeton-a' });
    const fetchMock = stubFetch(() => Promise.resolve(new Response(null, { status: 204 })));
    await logOut();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionEndReason()).toBe('logout');
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(authorization(init)).toBe('Bearer jeton-a');
  });

  it('signs out this device even when the server cannot be reached', async () => {
    storeSession();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(logOut()).resolves.toBeUndefined();
    expect(getSession()).toBeNull();
  });

  it('drops a refresh answer that arrives after the logout', async () => {
    storeSession({ accessToken: 'jeton-a' });
    let release: () => void = () => undefined;
    const fetchMock = stubFetch((input) => {
      if (String(input) === '/api/auth/refresh') {
        return new Promise((resolve) => {
          release = () => resolve(jsonResponse(200, sessionAnswer({ access_token: 'jeton-b' })));
        });
      }
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    const refreshing = refreshSession('jeton-a');
    await vi.waitFor(() => expect(calls(fetchMock, '/api/auth/refresh')).toHaveLength(1));
    const loggingOut = logOut();
    release();
    await expect(refreshing).resolves.toBeNull();
    await loggingOut;
    expect(getSession()).toBeNull();
  });
});

describe('session store', () => {
  it('drops a stored session that is not the expected shape', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{"accessToken":"x"}');
    expect(getSession()).toBeNull();
    window.localStorage.setItem(SESSION_STORAGE_KEY, 'pas du JSON');
    expect(getSession()).toBeNull();
  });

  it('sees a session saved by another tab', () => {
    expect(getSession()).toBeNull();
    const session = storeSession({ accessToken: 'autre-onglet' });
    expect(getSession()).toEqual(session);
    setSession({ ...session, accessToken: 'ici' });
    expect(getSession()?.accessToken).toBe('ici');
  });
});
