import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testAppOptions } from '../../test/test-app';
import { useTestDatabase } from '../../test/test-database';

describe('health, OpenAPI document and security headers', () => {
  const database = useTestDatabase();

  it('GET /api/health reports the database up', async () => {
    const app = await buildApp({
      ...testAppOptions(database()),
      webDistDir: false,
      version: '1.2.3',
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: 'up',
      engine: 'external',
      version: '1.2.3',
    });
  });

  it('GET /api/health answers 503 when the database is down', async () => {
    const failing = { execute: () => Promise.reject(new Error('ECONNREFUSED')) } as never;
    const app = await buildApp({
      ...testAppOptions({ db: failing, engine: 'external' }),
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: 'down' });
  });

  it('lists every API route in /api/openapi.json with request and response schemas', async () => {
    const app = await buildApp({
      ...testAppOptions(database()),
      webDistDir: false,
    });
    await app.ready();
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const documented = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
        ([path, methods]) =>
          Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const expected = [
      'GET /api/health',
      'POST /api/newsletter-subscribe',
      'POST /api/contact',
      'GET /api/public/schools/{slug}',
    ];
    for (const route of expected) expect(documented, route).toContain(route);
    // Every documented operation declares its responses; every POST its body.
    type Operation = { responses?: object; requestBody?: object };
    // These read the refresh cookie only.
    const cookieOnly = new Set(['/api/auth/refresh', '/api/auth/logout']);
    const paths = document.paths as Record<string, Record<string, Operation>>;
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(Object.keys(operation.responses ?? {}), `${method} ${path}`).not.toHaveLength(0);
        if (method === 'post' && !cookieOnly.has(path)) {
          expect(operation.requestBody, `${method} ${path}`).toBeDefined();
        }
      }
    }
    // And nothing under /api is left out, apart from the documentation itself.
    const printed = app.printRoutes({ commonPrefix: false });
    const apiRoutes = [...printed.matchAll(/(\/api\/[^\s(]*) \(([^)]+)\)/g)]
      .flatMap(([, path, methods]) =>
        (methods ?? '')
          .split(', ')
          .map((method) => `${method} ${(path ?? '').replace(/:(\w+)/g, '{$1}')}`),
      )
      .filter((route) => !route.includes('/api/docs') && !route.includes('/api/openapi.json'))
      .filter((route) => !route.startsWith('HEAD ') && !route.startsWith('OPTIONS '));
    for (const route of apiRoutes) expect(documented, route).toContain(route);
    await app.close();
  });

  it('serves the interactive documentation at /api/docs', async () => {
    const app = await buildApp({
      ...testAppOptions(database()),
      webDistDir: false,
    });
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });

  it('sends security headers with a strict script policy', async () => {
    const app = await buildApp({
      ...testAppOptions(database()),
      webDistDir: false,
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when served over HTTPS', async () => {
    const app = await buildApp({
      ...testAppOptions(database()),
      webDistDir: false,
      https: true,
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});
