import { vi } from 'vitest';

export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

/** Replaces `fetch` for the current test; the setup file restores it afterwards. */
export function stubFetch(implementation: typeof fetch): FetchMock {
  const mock = vi.fn<typeof fetch>(implementation);
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch that stays pending until `respond` is called, to observe the sending state. */
export function deferredFetch() {
  let respond: (response: Response) => void = () => undefined;
  const mock = stubFetch(
    () =>
      new Promise<Response>((resolve) => {
        respond = resolve;
      }),
  );
  return { mock, respond: (response: Response) => respond(response) };
}

/** The parsed JSON body of the n-th call. */
export function sentBody(mock: FetchMock, call = 0): unknown {
  const init = mock.mock.calls[call]?.[1];
  return JSON.parse(String(init?.body));
}
