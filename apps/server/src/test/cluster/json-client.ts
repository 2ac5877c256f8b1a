/**
 * A JSON client of the product's HTTP API for tests and benches that drive real processes:
 * `jsonClient(origin, token)(method, path, body)` sends the body as JSON (with the bearer token
 * when given) and returns the parsed answer; any status from 300 up throws with the answer's text.
 */
export function jsonClient(origin: string, token = '') {
  return async <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path} : ${response.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
}
