import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProviderCall {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type ProviderAnswer =
  { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number } | 'hang';

/**
 * A real HTTP provider on a free port of 127.0.0.1: records every call and answers with
 * `answer(call)` (a status and JSON body after an optional delay; `hang` never answers).
 */
export async function startProviderServer() {
  const calls: ProviderCall[] = [];
  let answer: (call: ProviderCall) => ProviderAnswer = () => ({ status: 200, body: {} });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      calls.push(call);
      const planned = answer(call);
      if (planned === 'hang') return;
      setTimeout(() => {
        response.writeHead(planned.status, {
          'content-type': 'application/json',
          ...planned.headers,
        });
        response.end(JSON.stringify(planned.body ?? {}));
      }, planned.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
