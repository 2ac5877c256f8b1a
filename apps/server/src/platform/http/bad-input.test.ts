import { dateOutOfRangeMessage } from '@ecolage/contracts';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { testAppOptions, useTestApp } from '../../test/test-app';
import { signUpSchool } from '../../test/school-fixture';

describe('bad input never gets a 500 nor writes anything', () => {
  const { app, database } = useTestApp();

  async function rowCounts() {
    const result = await database().db.execute<{ contacts: number; subscriptions: number }>(sql`
      select (select count(*)::int from contact_messages) as contacts,
             (select count(*)::int from newsletter_subscriptions) as subscriptions`);
    return result.rows[0];
  }

  it('answers malformed JSON with 400 MALFORMED_JSON in French', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ama", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'MALFORMED_JSON',
      message: "Le corps de la requête n'est pas un JSON valide.",
    });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/newsletter-subscribe',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('MALFORMED_JSON');
  });

  it('answers wrong types with 400 VALIDATION_FAILED and one issue per field', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 12, email: ['x'], subject: true, message: null },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'email',
      'message',
      'name',
      'subject',
    ]);
    for (const issue of body.issues) expect(issue.message).not.toMatch(/expected|invalid input/i);
  });

  it('answers missing fields with the spec message', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ama', email: 'ama@exemple.tg', subject: '   ', message: 'Bonjour' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Veuillez remplir tous les champs obligatoires.');
  });

  it('answers an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Ama',
        email: 'ama@exemple.tg',
        subject: 'Gros',
        message: 'é'.repeat(40_000),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'La requête est trop volumineuse.',
    });
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/newsletter-subscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ama%40exemple.tg',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers unknown API routes with 404 NOT_FOUND in French', async () => {
    for (const [method, url] of [
      ['GET', '/api/inconnu'],
      ['POST', '/api/health'],
      ['DELETE', '/api/contact'],
    ] as const) {
      const response = await app().inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.json().message).toMatch(/^Aucune ressource/);
    }
  });

  it('wrote nothing for any of the refused requests', async () => {
    expect(await rowCounts()).toEqual({ contacts: 0, subscriptions: 0 });
  });
});

describe('far-future and far-past dates', () => {
  const { app } = useTestApp();

  it('are refused in French by every date parameter, lists and exports alike', async () => {
    const school = await signUpSchool(app(), 'Lycée des Dates');
    for (const url of [
      '/api/payments?to=9999-12-31',
      '/api/payments/export?from=2026-01-01&to=9999-12-31',
      '/api/receipts/archive?from=0001-01-01&to=2026-01-01',
      '/api/audit-entries?from=9999-12-31T00:00:00Z',
      '/api/audit-entries/export?to=9999-12-31T00:00:00Z',
    ]) {
      const response = await school.call('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(dateOutOfRangeMessage);
    }
    const year = await school.call('POST', '/api/academic-years', {
      label: '2026-2027',
      startsOn: '2026-09-01',
      endsOn: '9999-12-31',
    });
    expect(year.statusCode).toBe(400);
    expect(year.json().issues).toEqual([{ path: 'endsOn', message: dateOutOfRangeMessage }]);
  });
});

describe('unexpected failures', () => {
  it('answer 500 with a generic French message and no internals', async () => {
    const broken = await buildApp(testAppOptions({ db: brokenDb(), engine: 'external' }));
    const response = await broken.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ama', email: 'ama@exemple.tg', subject: 'Sujet', message: 'Texte' },
    });
    await broken.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'INTERNAL_ERROR',
      message: expect.stringMatching(/^Une erreur interne est survenue/),
    });
    expect(response.body).not.toMatch(/secret-detail|10\.0\.0\.7|stack/);
  });
});

/** A database whose every call fails with a message that must never reach the client. */
function brokenDb() {
  const fail = () => {
    throw new Error('connection to 10.0.0.7 failed: secret-detail');
  };
  return new Proxy({}, { get: () => fail }) as never;
}
