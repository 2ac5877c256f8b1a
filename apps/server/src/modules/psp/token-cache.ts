export interface AccessToken {
  value: string;
  expiresInSeconds: number;
}

export interface TokenCacheOptions {
  now(): Date;
  fetchToken(): Promise<AccessToken>;
  /** Refresh when fewer seconds than this remain (MTN tokens last 3600 s; 60 s is the habit). */
  refreshBeforeSeconds?: number;
}

export interface TokenCache {
  get(): Promise<string>;
  /** Forget the token (the provider answered 401): the next `get` fetches a new one. */
  invalidate(): void;
}

interface Cached {
  value: string;
  expiresAt: number;
  refreshAt: number;
}

/**
 * An OAuth-style token kept until shortly before it expires. Single flight: concurrent callers
 * share one token request. If an early refresh fails while the old token is still valid, the old
 * token is used (a provider blip must not fail payments for nothing).
 */
export function createTokenCache(options: TokenCacheOptions): TokenCache {
  const refreshBefore = (options.refreshBeforeSeconds ?? 60) * 1000;
  let current: Cached | undefined;
  let inFlight: Promise<Cached> | undefined;

  function refresh(): Promise<Cached> {
    inFlight ??= options
      .fetchToken()
      .then((token) => {
        const obtainedAt = options.now().getTime();
        const lifetime = Math.max(0, token.expiresInSeconds) * 1000;
        // A token shorter-lived than twice the margin is refreshed at half its life instead.
        const margin = Math.min(refreshBefore, lifetime / 2);
        current = {
          value: token.value,
          expiresAt: obtainedAt + lifetime,
          refreshAt: obtainedAt + lifetime - margin,
        };
        return current;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    async get() {
      const now = options.now().getTime();
      const cached = current;
      if (cached && now < cached.refreshAt) return cached.value;
      try {
        return (await refresh()).value;
      } catch (error) {
        if (cached && options.now().getTime() < cached.expiresAt) return cached.value;
        throw error;
      }
    },
    invalidate() {
      current = undefined;
    },
  };
}
