import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testAppOptions } from '../../test/test-app';
import { useTestDatabase } from '../../test/test-database';

describe('serving the built web app on the API port', () => {
  const database = useTestDatabase();
  let app: FastifyInstance;
  let dist: string;
  const script = 'console.log("écolage");'.repeat(50);

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'ecolage-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="fr"><title>Écolage</title></html>',
    );
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    writeFileSync(
      path.join(dist, 'routes.json'),
      JSON.stringify(['/', '/about', '/verifier/:code', '/admin', '/admin/etudiants/:studentId']),
    );
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
    app = await buildApp({
      ...testAppOptions(database()),
      webDistDir: dist,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without long cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Écolage</title>');
  });

  it('serves hashed assets with a one-year immutable cache, pre-compressed when accepted', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(script.length);
  });

  it('falls back to index.html for the routes of the app, whatever the case or trailing slash', async () => {
    for (const url of [
      '/about',
      '/About/',
      '/admin',
      '/admin/etudiants/42?onglet=factures',
      '/verifier/Xk3_q9',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Écolage</title>');
    }
  });

  it('answers 404 with the app (its not-found page) for an address the router lacks', async () => {
    for (const url of [
      '/nexiste-pas',
      '/une/page/inconnue',
      '/verifier',
      '/verifier/a/b',
      '/admin/rien',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<title>Écolage</title>');
    }
  });

  it('keeps JSON 404s under /api and for missing assets of other methods', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/rien' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const post = await app.inject({ method: 'POST', url: '/about' });
    expect(post.statusCode).toBe(404);
  });

  it('serves other public files revalidated', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
