import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testAppOptions } from '../../test/test-app';
import { useTestDatabase } from '../../test/test-database';
import { createLogger } from '../logger';
import { apiSecurityHeaders, securityHeaders } from './security';

describe('the cheap hot path keeps the access log and the security headers', () => {
  const database = useTestDatabase();

  it('writes one access-log line per request, without headers', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger(
      { LOG_LEVEL: 'info' },
      {},
      {
        write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
      },
    );
    const app = await buildApp({ ...testAppOptions(database()), logger });
    await app.ready();
    lines.length = 0;
    const response = await app.inject({
      method: 'GET',
      url: '/api/health?sonde=1',
      headers: { authorization: 'Bearer secret', cookie: 'refresh=secret' },
      remoteAddress: '102.64.9.9',
    });
    await app.close();
    const access = lines.filter((line) => line.msg === 'requête');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      method: 'GET',
      url: '/api/health?sonde=1',
      ip: '102.64.9.9',
      statusCode: response.statusCode,
      reqId: response.headers['x-request-id'] ?? expect.anything(),
    });
    expect(typeof access[0]?.ms).toBe('number');
    // Fastify's two lines are gone, and no header (token, cookie) is ever written.
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it("does not write a payer link's token", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger(
      { LOG_LEVEL: 'info' },
      {},
      {
        write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
      },
    );
    const app = await buildApp({ ...testAppOptions(database()), logger });
    await app.ready();
    await app.inject({ method: 'GET', url: '/payer/l/jeton-secret-du-parent' });
    await app.close();
    const access = lines.filter((line) => line.msg === 'requête');
    expect(access.map((line) => line.url)).toEqual(['/payer/l/…']);
    expect(JSON.stringify(lines)).not.toContain('jeton-secret-du-parent');
  });

  it("sends helmet's headers, computed once, on pages and not-found, and the API's share on the API", async () => {
    const reference = Fastify();
    await reference.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    reference.get('/', () => '');
    const expected = (await reference.inject({ method: 'GET', url: '/' })).headers;
    await reference.close();
    const computed = await securityHeaders({ https: false });
    expect(Object.keys(computed).length).toBeGreaterThanOrEqual(10);
    for (const [name, value] of Object.entries(computed)) expect(expected[name]).toBe(value);

    const app = await buildApp(testAppOptions(database()));
    const pageMissing = await app.inject({ method: 'GET', url: '/nulle-part' });
    const answered = await app.inject({ method: 'GET', url: '/api/health/live' });
    const missing = await app.inject({ method: 'GET', url: '/api/nulle-part' });
    await app.close();
    // Pages (here a page's not-found) carry every one of helmet's headers.
    for (const response of [pageMissing]) {
      for (const [name, value] of Object.entries(computed)) {
        expect(response.headers[name], name).toBe(value);
      }
    }
    // The API's answers carry those a JSON answer or a file is concerned by, and not the others.
    const forApi = apiSecurityHeaders(computed);
    expect(Object.keys(forApi)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'cross-origin-resource-policy',
        'referrer-policy',
        'x-content-type-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
      ]),
    );
    for (const response of [answered, missing]) {
      for (const [name, value] of Object.entries(computed)) {
        expect(response.headers[name], name).toBe(name in forApi ? value : undefined);
      }
    }
    const https = apiSecurityHeaders(await securityHeaders({ https: true }));
    expect(https['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(https['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
