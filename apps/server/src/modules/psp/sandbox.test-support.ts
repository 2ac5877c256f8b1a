// The adapters' tests against the provider sandbox itself (apps/psp-sandbox), on a real port.
import { buildSandbox, type BuildSandboxOptions } from '../../../../psp-sandbox/src/app';
import { sandboxProviderEnv } from '../../../../psp-sandbox/demo-env.mjs';
import { createHttpClient } from './http-client';
import { silentLogger } from './providers.test-support';

export interface SentCallback {
  url: string;
  method: string;
  body: string;
}

/**
 * A sandbox listening on 127.0.0.1 (real clock), whose callbacks are captured instead of sent;
 * `env` points every adapter at it with the demo credentials.
 */
export async function startSandbox(options: BuildSandboxOptions = {}) {
  const callbacks: SentCallback[] = [];
  const app = await buildSandbox({
    callbackFetch: (async (input: string | URL | Request, init?: RequestInit) => {
      callbacks.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: String(init?.body ?? ''),
      });
      return new Response('OK', { status: 200 });
    }) as typeof fetch,
    ...options,
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    callbacks,
    env: sandboxProviderEnv(origin),
    /** What every adapter gets besides its configuration. */
    context: {
      now: () => new Date(),
      http: createHttpClient({ timeoutMs: 5_000 }),
      logger: silentLogger,
    },
    /** Turns a fault switch on (`/__sim/faults`). */
    async fault(provider: string, fault: string, options: Record<string, unknown> = {}) {
      const response = await app.inject({
        method: 'POST',
        url: '/__sim/faults',
        payload: { provider, fault, options },
      });
      if (response.statusCode !== 201) throw new Error(`fault refused: ${response.body}`);
    },
  };
}
