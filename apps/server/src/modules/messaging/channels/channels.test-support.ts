import type { AdapterDependencies, RawWebhook } from './channel-adapter';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A fake `fetch` that records each call and answers with the next planned response (or throws
 * the planned error): the adapters' wire format seen from the provider's side.
 */
export function fakeProvider(
  ...answers: (Response | Error | (() => Response | Error))[]
): AdapterDependencies & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const dependencies = {
    calls,
    now: () => new Date('2026-11-26T09:00:00Z'),
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      calls.push({
        url: String(input),
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [
            k.toLowerCase(),
            v,
          ]),
        ),
        body: String(init?.body ?? ''),
      });
      const planned = answers.shift() ?? new Response('{}', { status: 200 });
      const answer = typeof planned === 'function' ? planned() : planned;
      if (answer instanceof Error) throw answer;
      return answer;
    }) as typeof fetch,
  };
  return dependencies;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** `fetch failed` with the cause Node gives (ECONNREFUSED, a timeout…). */
export function networkError(code: string, message = code): Error {
  const cause = Object.assign(new Error(message), { code });
  return new TypeError('fetch failed', { cause });
}

export function webhook(
  body: string,
  options: Partial<Omit<RawWebhook, 'rawBody'>> = {},
): RawWebhook {
  return {
    method: 'POST',
    publicUrl: options.publicUrl ?? 'https://ecolage.example/api/webhooks/messages/x',
    headers: options.headers ?? {},
    rawBody: Buffer.from(body, 'utf8'),
    query: options.query ?? {},
    ...(options.pathToken !== undefined ? { pathToken: options.pathToken } : {}),
  };
}

export const sendOptions = () => ({ signal: AbortSignal.timeout(5_000), attempt: 1 });

export const MESSAGE_ID = '0b9c6a4e-3f1d-4c5e-9a7b-2d8e1f0a6c31';
