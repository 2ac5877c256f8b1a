import { describe, expect, it } from 'vitest';
import { ApiClientError, getJson, NetworkError, postJson, readApiError } from './api-client';
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

  it('reads the parameters of a domain code: numbers and texts only', () => {
    const body = {
      message: 'Le montant est inférieur au minimum accepté par l’école.',
      code: 'AMOUNT_BELOW_MINIMUM',
      params: { minimum: 10_000, school: 'Lycée', nested: { no: 1 }, flag: true },
    };
    expect(readApiError(body)).toEqual({
      message: body.message,
      code: 'AMOUNT_BELOW_MINIMUM',
      params: { minimum: 10_000, school: 'Lycée' },
    });
    const error = new ApiClientError(422, readApiError(body));
    expect(error).toMatchObject({ code: 'AMOUNT_BELOW_MINIMUM', params: { minimum: 10_000 } });
    expect(new ApiClientError(500, undefined).params).toEqual({});
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

describe('getJson', () => {
  it('GETs without a body and reads the answer or the refusal like postJson', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(200, { name: 'Ama' })));
    await expect(getJson('/api/x?token=abc', { language: 'fr' })).resolves.toEqual({
      name: 'Ama',
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('fr');

    stubFetch(() =>
      Promise.resolve(jsonResponse(400, { message: 'Lien invalide.', code: 'VALIDATION_FAILED' })),
    );
    const error = await getJson('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiClientError);
    expect((error as ApiClientError).serverMessage).toBe('Lien invalide.');
  });

  it('passes an abort through instead of calling it a network failure', async () => {
    const controller = new AbortController();
    stubFetch(() => {
      controller.abort();
      return Promise.reject(new DOMException('Aborted', 'AbortError'));
    });
    const error = await getJson('/api/x', { signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
