import { describe, expect, it } from 'vitest';
import { createTokenCache } from './token-cache';
import { createFakeClock } from './providers.test-support';

function setup(expiresInSeconds = 3600) {
  const clock = createFakeClock();
  let issued = 0;
  const pending: Array<() => void> = [];
  let manual = false;
  let failNext = false;
  const cache = createTokenCache({
    now: clock.now,
    refreshBeforeSeconds: 60,
    fetchToken: () => {
      issued += 1;
      const value = `token-${issued}`;
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('token endpoint down'));
      }
      if (!manual) return Promise.resolve({ value, expiresInSeconds });
      return new Promise((resolve) => pending.push(() => resolve({ value, expiresInSeconds })));
    },
  });
  return {
    cache,
    clock,
    issued: () => issued,
    holdRequests: () => (manual = true),
    release: () => pending.splice(0).forEach((resolve) => resolve()),
    failNextFetch: () => (failNext = true),
  };
}

describe('createTokenCache', () => {
  it('reuses the token until less than refreshBeforeSeconds remain, then refreshes early', async () => {
    const { cache, clock, issued } = setup();
    expect(await cache.get()).toBe('token-1');
    clock.advanceSeconds(3539); // 61 s left
    expect(await cache.get()).toBe('token-1');
    clock.advanceSeconds(1); // 60 s left: refresh before it expires
    expect(await cache.get()).toBe('token-2');
    expect(issued()).toBe(2);
  });

  it('makes concurrent callers share one token request (single flight)', async () => {
    const { cache, holdRequests, release, issued } = setup();
    holdRequests();
    const calls = Promise.all([cache.get(), cache.get(), cache.get()]);
    release();
    expect(await calls).toEqual(['token-1', 'token-1', 'token-1']);
    expect(issued()).toBe(1);
  });

  it('shares the early refresh too', async () => {
    const { cache, clock, holdRequests, release, issued } = setup();
    await cache.get();
    clock.advanceSeconds(3590);
    holdRequests();
    const calls = Promise.all([cache.get(), cache.get()]);
    release();
    expect(await calls).toEqual(['token-2', 'token-2']);
    expect(issued()).toBe(2);
  });

  it('keeps the still-valid token when an early refresh fails, and fails once it has expired', async () => {
    const { cache, clock, failNextFetch } = setup();
    await cache.get();
    clock.advanceSeconds(3570);
    failNextFetch();
    expect(await cache.get()).toBe('token-1');
    clock.advanceSeconds(30); // expired now
    failNextFetch();
    await expect(cache.get()).rejects.toThrow('token endpoint down');
    expect(await cache.get()).toBe('token-4');
  });

  it('fetches a new token after invalidate (the provider answered 401)', async () => {
    const { cache } = setup();
    expect(await cache.get()).toBe('token-1');
    cache.invalidate();
    expect(await cache.get()).toBe('token-2');
  });

  it('refreshes a short-lived token at half its life rather than on every call', async () => {
    const { cache, clock, issued } = setup(100);
    await cache.get();
    clock.advanceSeconds(49);
    await cache.get();
    expect(issued()).toBe(1);
    clock.advanceSeconds(1);
    await cache.get();
    expect(issued()).toBe(2);
  });
});
