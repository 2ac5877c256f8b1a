import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { logIn, registerSchool } from '../../test/auth-helpers';
import { testAppOptions } from '../../test/test-app';
import { useTestDatabase } from '../../test/test-database';

describe('every /api route declares its access rule', () => {
  const database = useTestDatabase();

  it('refuses to register a route with no rule, or with two', async () => {
    const app = await buildApp(testAppOptions(database()));
    expect(() => app.get('/api/oubli', () => ({}))).toThrow(/must declare exactly one/);
    expect(() =>
      app.get('/api/double', { config: { public: true, session: true } }, () => ({})),
    ).toThrow(/must declare exactly one/);
    await app.close();
  });

  it('answers 403 in French when the role lacks the permission', async () => {
    const app = await buildApp(testAppOptions(database()));
    app.post('/api/essai-roles', { config: { permission: 'manage:roles' } }, () => ({ ok: true }));
    await app.ready();
    const school = await registerSchool(app, { email: 'lecteur.test@exemple.tg' });
    const session = await logIn(app, school.email, school.password);
    await database().db.execute(sql`
      update memberships m set role_id = r.id from roles r
      where r.organization_id = m.organization_id and r.key = 'reader' and m.user_id = ${session.body.user.id}`);
    const response = await app.inject({
      method: 'POST',
      url: '/api/essai-roles',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'FORBIDDEN',
      message: "Vous n'avez pas la permission d'effectuer cette action.",
    });
    await app.close();
  });
});
