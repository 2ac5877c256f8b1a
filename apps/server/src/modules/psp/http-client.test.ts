import { describe, expect, it } from 'vitest';
import { isOutcomeUnknown, ProviderTimeoutError, ProviderUnavailableError } from './errors';
import { createHttpClient, type FetchLike } from './http-client';

// A fetch that answers only when its signal aborts, as a provider that never replies.
const hangingFetch: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('createHttpClient', () => {
  it('throws ProviderTimeoutError when the provider does not answer in time', async () => {
    const client = createHttpClient({ fetch: hangingFetch, timeoutMs: 20 });
    const error = await client
      .request({ method: 'POST', url: 'https://api.example.test/v1/pay?secret=x' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect(isOutcomeUnknown(error)).toBe(true);
    // The message keeps the path, never the query string.
    expect((error as Error).message).toBe(
      "Le prestataire n'a pas répondu en 20 ms (POST /v1/pay).",
    );
  });

  it('lets one request override the default timeout', async () => {
    const client = createHttpClient({ fetch: hangingFetch, timeoutMs: 60_000 });
    await expect(
      client.request({ method: 'GET', url: 'https://api.example.test/', timeoutMs: 10 }),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it('throws ProviderUnavailableError on a network failure', async () => {
    const client = createHttpClient({
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await client
      .request({ method: 'GET', url: 'https://api.example.test/status' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).reason).toBe('network');
    expect(isOutcomeUnknown(error)).toBe(true);
  });

  it('returns any HTTP status with its body and lower-cased headers', async () => {
    const client = createHttpClient({
      fetch: async (_url, init) =>
        new Response(JSON.stringify({ echo: init.body }), {
          status: 409,
          headers: { 'X-Thing': 'yes' },
        }),
    });
    const response = await client.request({
      method: 'POST',
      url: 'https://api.example.test/',
      body: 'hello',
    });
    expect(response.status).toBe(409);
    expect(response.headers['x-thing']).toBe('yes');
    expect(JSON.parse(response.body)).toEqual({ echo: 'hello' });
  });
});
