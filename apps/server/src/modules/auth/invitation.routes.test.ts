import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerSchool } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';

describe('inviting a member by e-mail', () => {
  const { app, database } = useTestApp({ publicUrl: 'https://ecolage.tg' });
  let token = '';
  let cashierRoleId = '';
  const invite = (payload: object) =>
    app().inject({
      method: 'POST',
      url: '/api/members/invitations',
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
  const lastLinkToken = async () => {
    const rows = await database().db.execute<{ body: string }>(
      sql`select body from outbound_messages where template = 'member_invitation' order by created_at desc limit 1`,
    );
    return /token=([\w.-]+)/.exec(rows.rows[0]?.body ?? '')?.[1] ?? '';
  };

  beforeAll(async () => {
    const school = await registerSchool(app(), {
      email: 'direction@college.tg',
      name: 'Afi Mensah',
      schoolName: 'Collège Avenir',
    });
    token = (await logIn(app(), school.email, school.password)).accessToken;
    const roles = await database().db.execute<{ id: string }>(
      sql`select id from roles where organization_id = ${school.organizationId} and key = 'cashier'`,
    );
    cashierRoleId = roles.rows[0]?.id ?? '';
  });

  it('creates a pending member and e-mails a link', async () => {
    const response = await invite({
      name: 'Komi Amegah',
      email: 'Komi@College.tg',
      roleId: cashierRoleId,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Komi Amegah',
      email: 'komi@college.tg',
      role: { name: 'Caissier' },
      status: 'invited',
    });
    const mail = await database().db.execute<{ recipient: string; subject: string; body: string }>(
      sql`select recipient, subject, body from outbound_messages where template = 'member_invitation'`,
    );
    expect(mail.rows[0]).toMatchObject({
      recipient: 'komi@college.tg',
      subject: 'Afi Mensah vous invite sur Écolage (Collège Avenir)',
    });
    expect(mail.rows[0]?.body).toContain('avec le rôle « Caissier »');
    expect(mail.rows[0]?.body).toContain('https://ecolage.tg/invitation?token=');
  });

  it('refuses to invite someone who already belongs to the school', async () => {
    const response = await invite({
      name: 'Komi',
      email: 'komi@college.tg',
      roleId: cashierRoleId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().issues).toEqual([
      { path: 'email', message: 'Cette personne est déjà membre de l’école.' },
    ]);
  });

  it('cannot log in before accepting; accepting sets the password and activates the member', async () => {
    const before = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'komi@college.tg', password: 'caisse-2026' },
    });
    expect(before.statusCode).toBe(401);
    const link = await lastLinkToken();
    const preview = await app().inject({
      method: 'GET',
      url: `/api/invitations/preview?token=${encodeURIComponent(link)}`,
    });
    expect(preview.json()).toEqual({
      schoolName: 'Collège Avenir',
      name: 'Komi Amegah',
      email: 'komi@college.tg',
      roleName: 'Caissier',
      hasAccount: false,
    });
    const accepted = await app().inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: link, password: 'caisse-2026' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      message: 'Bienvenue ! Votre accès est activé : connectez-vous.',
      email: 'komi@college.tg',
    });
    const session = await logIn(app(), 'komi@college.tg', 'caisse-2026');
    expect(session.body.role.name).toBe('Caissier');
    const again = await app().inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: link, password: 'autre-mot' },
    });
    expect(again.statusCode).toBe(400);
    const actions = await database().db.execute<{ action: string }>(
      sql`select action from audit_entries where action in ('member.invited', 'member.joined') order by id`,
    );
    expect(actions.rows.map((row) => row.action)).toEqual(['member.invited', 'member.joined']);
  });

  it('asks an existing account for its own password', async () => {
    await registerSchool(app(), {
      email: 'yao@ailleurs.tg',
      password: 'mot-de-yao',
      schoolName: 'Autre école',
    });
    await invite({ name: 'Yao', email: 'yao@ailleurs.tg', roleId: cashierRoleId });
    const link = await lastLinkToken();
    const preview = await app().inject({
      method: 'GET',
      url: `/api/invitations/preview?token=${encodeURIComponent(link)}`,
    });
    expect(preview.json().hasAccount).toBe(true);
    const wrong = await app().inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: link, password: 'pas-le-sien' },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await app().inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: link, password: 'mot-de-yao' },
    });
    expect(right.statusCode).toBe(200);
    expect((await logIn(app(), 'yao@ailleurs.tg', 'mot-de-yao')).body.memberships).toHaveLength(2);
  });

  it('refuses an expired or forged link, and a role of another school', async () => {
    await invite({ name: 'Essi', email: 'essi@college.tg', roleId: cashierRoleId });
    const link = await lastLinkToken();
    const [id] = link.split('.');
    const forged = await app().inject({
      method: 'GET',
      url: `/api/invitations/preview?token=${id}.${'y'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    await database().db.execute(
      sql`update invitations set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    const expired = await app().inject({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: link, password: 'motdepasse' },
    });
    expect(expired.statusCode).toBe(400);
    const foreign = await registerSchool(app(), { email: 'x@autre.tg', schoolName: 'Étrangère' });
    const foreignRole = await database().db.execute<{ id: string }>(
      sql`select id from roles where organization_id = ${foreign.organizationId} limit 1`,
    );
    const response = await invite({
      name: 'Ama',
      email: 'ama.n@college.tg',
      roleId: foreignRole.rows[0]?.id,
    });
    expect(response.statusCode).toBe(404);
  });
});
