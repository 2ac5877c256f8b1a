import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { seedDemoData } from '../../seed/demo-seed';

describe('GET /api/public/schools/:slug and the demo seed', () => {
  const { app, database } = useTestApp();

  it('needs the demo school', async () => {
    expect((await seedDemoData(database().db)).school.slug).toBe('ecole-demo');
  });

  it('returns the public profile of a school', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/public/schools/ecole-demo' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'École Démo',
      slug: 'ecole-demo',
      city: 'Lomé',
      country: 'TG',
      brandColor: '#484D9B',
      supportPhone: '+22890123456',
      contactEmail: 'scolarite@ecole-demo.tg',
      logoUrl: null,
    });
  });

  it('answers 404 in French for an unknown school', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/public/schools/inconnue' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'SCHOOL_ADDRESS_NOT_FOUND',
      message: 'Aucune école ne correspond à cette adresse.',
    });
  });

  it('answers 404 for an archived school, as for an unknown one', async () => {
    const { school } = await seedDemoData(database().db);
    await database().db.execute(
      sql`update organizations set archived_at = now() where id = ${school.id}`,
    );
    try {
      const response = await app().inject({ method: 'GET', url: '/api/public/schools/ecole-demo' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('SCHOOL_ADDRESS_NOT_FOUND');
    } finally {
      await database().db.execute(
        sql`update organizations set archived_at = null where id = ${school.id}`,
      );
    }
  });

  it('answers 400 for a malformed slug', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/public/schools/%C3%89cole' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});
