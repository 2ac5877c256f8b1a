// How the sandbox sends its notifications by default: Node's `http` with kept-alive connections,
// a fraction of `fetch`'s cost per request when thousands of payments are confirmed at once (the
// payments benchmark); tests pass their own `callbackFetch`.
import http from 'node:http';
import https from 'node:https';

const agents = {
  http: new http.Agent({ keepAlive: true }),
  https: new https.Agent({ keepAlive: true }),
};

/** The part of `fetch` the dispatcher uses: the status; the answer's body is read and dropped. */
export const sendOverHttp = ((input: string | URL | Request, init?: RequestInit) =>
  new Promise<Response>((resolve, reject) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(
      url,
      {
        method: init?.method ?? 'GET',
        headers: init?.headers as Record<string, string> | undefined,
        agent: secure ? agents.https : agents.http,
        ...(init?.signal ? { signal: init.signal } : {}),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(new Response(null, { status: response.statusCode })));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(typeof init?.body === 'string' ? init.body : undefined);
  })) as typeof fetch;
