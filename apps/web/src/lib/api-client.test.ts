import { describe, expect, it } from 'vitest';
import { ApiClientError, NetworkError, postJson, readApiError } from './api-client';
import { jsonResponse, stubFetch } from '../test/fetch-mock';

describe('readApiError', () => {
  it('reads the error shape of the API', () => {
    expect(
      readApiError({
        message: 'Requête invalide.',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'email', message: 'Adresse invalide.' }, { bogus: true }],
      }),
    ).toEqual({
      message: 'Requête invalide.',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'email', message: 'Adresse invalide.' }],
    });
  });

  it('keeps a bare message and ignores bodies without one', () => {
    expect(readApiError({ message: 'Hors service' })).toEqual({
      message: 'Hors service',
      code: undefined,
    });
    expect(readApiError({ message: '  ' })).toBeUndefined();
    expect(readApiError('<html>')).toBeUndefined();
    expect(readApiError(undefined)).toBeUndefined();
  });
});

describe('postJson', () => {
  it('posts JSON with the reader language and returns the answer', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(200, { message: 'ok' })));
    await expect(postJson('/api/x', { a: 1 }, { language: 'en' })).resolves.toEqual({
      message: 'ok',
    });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('en');
  });

  it('throws ApiClientError with the server message on a non-OK answer', async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse(409, { message: 'Déjà fait.', code: 'CONFLICT' })),
    );
    const error = await postJson('/api/x', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', serverMessage: 'Déjà fait.' });
  });

  it('throws ApiClientError without a message when the body is not the API shape', async () => {
    stubFetch(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 })));
    const error = await postJson('/api/x', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).serverMessage).toBeUndefined();
  });

  it('throws NetworkError when no answer comes back', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(postJson('/api/x', {})).rejects.toBeInstanceOf(NetworkError);
  });
});
