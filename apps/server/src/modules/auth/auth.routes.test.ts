import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SMALL_PNG, logIn, registerSchool } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { verifyAuditChain } from '../audit';

describe('sign-up: POST /api/auth/registration', () => {
  // The timing check signs up 14 times: more than the per-address budget of a minute.
  const { app, database } = useTestApp({ authRateLimit: { max: 1000, timeWindow: '1 minute' } });

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

  it('answers a known address, whatever its case, exactly as a new one, and tells its owner by e-mail', async () => {
    const sign = (email: string, schoolName: string) =>
      app().inject({
        method: 'POST',
        url: '/api/auth/registration',
        payload: { name: 'Autre', email, password: 'autre-mot-de-passe', schoolName },
      });
    const known = await sign('DIRECTION@Sainte-Rita.tg', 'Autre école');
    const fresh = await sign('nouvelle@exemple.tg', 'Nouvelle école');
    expect(known.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(known.json()).toEqual(fresh.json());
    expect(known.json()).toEqual({
      message:
        'Demande enregistrée. Vérifiez votre messagerie : nous vous avons écrit à cette adresse. Si votre école vient d’être créée, vous pouvez déjà vous connecter.',
    });
    const db = database().db;
    const schools = await db.execute(sql`select 1 from organizations where name = 'Autre école'`);
    expect(schools.rows).toHaveLength(0);
    // The owner's account is untouched: his password still opens it, the newcomer's does not.
    const wrong = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'direction@sainte-rita.tg', password: 'autre-mot-de-passe' },
    });
    expect(wrong.statusCode).toBe(401);
    await logIn(app(), 'direction@sainte-rita.tg', 'motdepasse-solide');

    const mail = await db.execute<{ recipient: string; template: string; body: string }>(sql`
      select recipient, template, body from outbound_messages
      where recipient in ('direction@sainte-rita.tg', 'nouvelle@exemple.tg') order by created_at`);
    expect(mail.rows.map((row) => [row.recipient, row.template])).toEqual([
      ['direction@sainte-rita.tg', 'registration_welcome'],
      ['direction@sainte-rita.tg', 'registration_existing_account'],
      ['nouvelle@exemple.tg', 'registration_welcome'],
    ]);
    const warning = mail.rows[1]?.body ?? '';
    expect(warning).toContain('Aucune école n’a été créée');
    expect(warning).toContain('http://localhost:80/login');
    expect(warning).toContain('http://localhost:80/mot-de-passe-oublie');
    expect(mail.rows[2]?.body).toContain('Votre école « Nouvelle école » est créée');
    const attempts = await db.execute<{ action: string; organization_id: string | null }>(
      sql`select action, organization_id from audit_entries where action = 'account.registration_attempted'`,
    );
    expect(attempts.rows).toEqual([
      { action: 'account.registration_attempted', organization_id: null },
    ]);
  });

  it('takes about as long for a known address as for a new one', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      const response = await app().inject({
        method: 'POST',
        url: '/api/auth/registration',
        payload: { name: 'Koffi', email, password: 'motdepasse', schoolName: 'École du temps' },
      });
      expect(response.statusCode).toBe(201);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const fresh: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      fresh.push(await time(`temps.${i}@exemple.tg`));
      known.push(await time('direction@sainte-rita.tg'));
    }
    // Wide bounds: a loaded machine is noisy, while an unpadded answer differs by the whole
    // creation (a school, its roles, its sequences).
    const ratio = median(known) / median(fresh);
    expect(ratio, `${median(known)} ms vs ${median(fresh)} ms`).toBeGreaterThan(1 / 3);
    expect(ratio, `${median(known)} ms vs ${median(fresh)} ms`).toBeLessThan(3);
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
