import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendOverHttp } from './http-send';

describe('the notifications sender', () => {
  const received: { method?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ method: request.method, headers: request.headers, body });
        response.statusCode = request.url === '/refuse' ? 503 : 200;
        response.end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the method, headers and body, and answers the status', async () => {
    const answer = await sendOverHttp(`${origin}/hook`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'wave-signature': 't=1,v1=ab' },
      body: '{"id":"evt_1"}',
    });
    expect(answer.status).toBe(200);
    expect(received.at(-1)).toMatchObject({
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'wave-signature': 't=1,v1=ab' },
      body: '{"id":"evt_1"}',
    });
    expect((await sendOverHttp(`${origin}/refuse`, { method: 'POST', body: '' })).status).toBe(503);
  });

  it('fails when nobody listens, or when the time is up', async () => {
    await expect(sendOverHttp('http://127.0.0.1:9/none', { method: 'POST' })).rejects.toThrow();
    await expect(
      sendOverHttp(`${origin}/hook`, { method: 'POST', signal: AbortSignal.abort() }),
    ).rejects.toThrow();
  });
});
