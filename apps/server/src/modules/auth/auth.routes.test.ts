import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SMALL_PNG, logIn, registerSchool } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { verifyAuditChain } from '../audit';

describe('sign-up: POST /api/auth/registration', () => {
  const { app, database } = useTestApp();

  it('creates the school, its seven system roles and a Super administration member, all journaled', async () => {
    const { organizationId } = await registerSchool(app(), { email: 'direction@sainte-rita.tg' });
    const db = database().db;
    const roles = await db.execute<{ name: string }>(
      sql`select name from roles where organization_id = ${organizationId} order by name`,
    );
    expect(roles.rows.map((row) => row.name)).toEqual([
      'Caissier',
      'Comptabilité',
      'Directeur',
      'Finance',
      'Lecteur',
      'Scolarité',
      'Super administration',
    ]);
    const member = await db.execute<{ role: string; status: string }>(sql`
      select r.name as role, m.status from memberships m
      join roles r on r.organization_id = m.organization_id and r.id = m.role_id
      where m.organization_id = ${organizationId}`);
    expect(member.rows).toEqual([{ role: 'Super administration', status: 'active' }]);
    const slug = await db.execute<{ slug: string }>(
      sql`select slug from organizations where id = ${organizationId}`,
    );
    expect(slug.rows[0]?.slug).toBe('college-sainte-rita-de-lome');
    const actions = await db.execute<{ action: string }>(
      sql`select action from audit_entries where organization_id = ${organizationId} order by id`,
    );
    expect(actions.rows.map((row) => row.action)).toEqual([
      'organization.created',
      'account.registered',
      'member.added',
    ]);
    expect(await verifyAuditChain(db, organizationId)).toEqual({ valid: true, entries: 3 });
  });

  it('gives a second school of the same name its own slug', async () => {
    const { organizationId } = await registerSchool(app());
    const slug = await database().db.execute<{ slug: string }>(
      sql`select slug from organizations where id = ${organizationId}`,
    );
    expect(slug.rows[0]?.slug).toBe('college-sainte-rita-de-lome-2');
  });

  it('refuses a taken e-mail, whatever its case, with a clear French error on the field', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/registration',
      payload: {
        name: 'Autre',
        email: 'DIRECTION@Sainte-Rita.tg',
        password: 'motdepasse',
        schoolName: 'Autre école',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: 'Un compte existe déjà avec cette adresse e-mail.',
      issues: [{ path: 'email', message: 'Un compte existe déjà avec cette adresse e-mail.' }],
    });
    const schools = await database().db.execute(
      sql`select 1 from organizations where name = 'Autre école'`,
    );
    expect(schools.rows).toHaveLength(0);
  });

  it.each([
    [{ name: 'A' }, 'name', 'Le nom doit contenir au moins 2 caractères.'],
    [{ email: 'pas-un-email' }, 'email', "Format d'e-mail invalide."],
    [{ password: '12345' }, 'password', 'Le mot de passe doit contenir au moins 6 caractères.'],
    [{ schoolName: ' ' }, 'schoolName', "Le nom de l'école doit contenir au moins 2 caractères."],
  ])('refuses %j with the spec message', async (override, path, message) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/registration',
      payload: {
        name: 'Koffi',
        email: 'koffi@exemple.tg',
        password: 'motdepasse',
        schoolName: 'École',
        ...override,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path, message });
  });

  it('keeps a real image as the avatar and serves it at an unguessable address', async () => {
    const { email, password } = await registerSchool(app(), { avatar: SMALL_PNG });
    const { body } = await logIn(app(), email, password);
    expect(body.user.avatarUrl).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.png$/);
    const image = await app().inject({ method: 'GET', url: body.user.avatarUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it.each([
    [
      'a text file renamed as an image',
      `data:image/png;base64,${Buffer.from('pas une image').toString('base64')}`,
      'La photo de profil doit être une image (PNG, JPEG ou WebP).',
    ],
    [
      'an image over 1 Mo',
      `data:image/png;base64,${Buffer.concat([Buffer.from(SMALL_PNG.split(',')[1] ?? '', 'base64'), Buffer.alloc(1024 * 1024)]).toString('base64')}`,
      'La photo de profil ne doit pas dépasser 1 Mo.',
    ],
  ])('refuses %s as avatar', async (_label, avatar, message) => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/registration',
      payload: {
        name: 'Koffi',
        email: 'koffi.avatar@exemple.tg',
        password: 'motdepasse',
        schoolName: 'École',
        avatar,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({
      path: expect.stringMatching(/avatar/),
      message,
    });
  });
});
