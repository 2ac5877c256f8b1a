import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SMALL_PNG, logIn, registerSchool } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { addMemberWithSystemRole } from '../access';

describe('Mon profil: /api/profile', () => {
  const { app, database } = useTestApp();
  let session: Awaited<ReturnType<typeof logIn>>;
  let organizationId = '';
  const call = (
    method: 'GET' | 'PATCH' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app().inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${session.accessToken}` },
      cookies: { ecolage_refresh: session.refreshToken },
    });

  beforeAll(async () => {
    const school = await registerSchool(app(), {
      email: 'profil@exemple.tg',
      name: 'Afi Mensah',
      password: 'ancien-mot',
    });
    organizationId = school.organizationId;
    session = await logIn(app(), school.email, school.password);
  });

  it('reads and renames, journaled; the same name is refused', async () => {
    expect((await call('GET', '/api/profile')).json()).toEqual({
      name: 'Afi Mensah',
      email: 'profil@exemple.tg',
      avatarUrl: null,
    });
    const renamed = await call('PATCH', '/api/profile', { name: '  Afi Mensah-Lawson ' });
    expect(renamed.json().name).toBe('Afi Mensah-Lawson');
    const same = await call('PATCH', '/api/profile', { name: 'Afi Mensah-Lawson' });
    expect(same.json().issues).toEqual([{ path: 'name', message: 'C’est déjà votre nom.' }]);
    expect((await call('PATCH', '/api/profile', { name: 'A' })).json().message).toBe(
      'Le nom doit contenir au moins 2 caractères.',
    );
  });

  it('changes and removes the avatar; refuses a non-image', async () => {
    const set = await call('PUT', '/api/profile/avatar', { avatar: SMALL_PNG });
    expect(set.json().avatarUrl).toMatch(/^\/api\/avatars\/.+\.png$/);
    const bad = await call('PUT', '/api/profile/avatar', {
      avatar: 'data:image/png;base64,SGVsbG8=',
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('DELETE', '/api/profile/avatar')).json().avatarUrl).toBeNull();
  });

  it('changes the e-mail only with the right password and to a free address', async () => {
    await registerSchool(app(), { email: 'prise@exemple.tg' });
    expect(
      (
        await call('POST', '/api/profile/email', { email: 'nouvelle@exemple.tg', password: 'faux' })
      ).json().message,
    ).toBe('Mot de passe incorrect.');
    expect(
      (
        await call('POST', '/api/profile/email', {
          email: 'Prise@exemple.tg',
          password: 'ancien-mot',
        })
      ).statusCode,
    ).toBe(409);
    const changed = await call('POST', '/api/profile/email', {
      email: 'nouvelle@exemple.tg',
      password: 'ancien-mot',
    });
    expect(changed.json().email).toBe('nouvelle@exemple.tg');
  });

  it('changes the password, keeps this session and closes the others', async () => {
    const other = await logIn(app(), 'nouvelle@exemple.tg', 'ancien-mot');
    const mismatch = await call('POST', '/api/profile/password', {
      currentPassword: 'ancien-mot',
      newPassword: 'nouveau-mot',
      confirmPassword: 'autre',
    });
    expect(mismatch.json().issues).toContainEqual({
      path: 'confirmPassword',
      message: 'Les mots de passe ne correspondent pas.',
    });
    const wrong = await call('POST', '/api/profile/password', {
      currentPassword: 'faux',
      newPassword: 'nouveau-mot',
      confirmPassword: 'nouveau-mot',
    });
    expect(wrong.json().issues).toContainEqual({
      path: 'currentPassword',
      message: 'Mot de passe incorrect.',
    });
    const changed = await call('POST', '/api/profile/password', {
      currentPassword: 'ancien-mot',
      newPassword: 'nouveau-mot',
      confirmPassword: 'nouveau-mot',
    });
    expect(changed.statusCode).toBe(204);
    const refresh = (token: string) =>
      app().inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { ecolage_refresh: token },
      });
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    const mine = await refresh(session.refreshToken);
    expect(mine.statusCode).toBe(200);
    session = {
      ...session,
      accessToken: mine.json().access_token,
      refreshToken: mine.cookies.find((c) => c.name === 'ecolage_refresh')?.value ?? '',
    };
  });

  it('refuses to delete the last Super administration, then deletes once another exists', async () => {
    const refused = await call('DELETE', '/api/profile', { password: 'nouveau-mot' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/dernier Super administration/);
    const successor = await registerSchool(app(), {
      email: 'successeur@exemple.tg',
      schoolName: 'Sa propre école',
    });
    const successorId = (await logIn(app(), successor.email, successor.password)).body.user.id;
    await database().db.transaction((tx) =>
      addMemberWithSystemRole(
        tx,
        { organizationId, userId: successorId, roleKey: 'super_admin', userLabel: 'Successeur' },
        { actor: { type: 'system', label: 'Test' }, ip: null },
      ),
    );
    expect((await call('DELETE', '/api/profile', { password: 'faux' })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/profile', { password: 'nouveau-mot' })).statusCode).toBe(
      204,
    );
    const login = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nouvelle@exemple.tg', password: 'nouveau-mot' },
    });
    expect(login.statusCode).toBe(401);
    const row = await database().db.execute<{ name: string; email: string }>(
      sql`select name, email from users where id = ${session.body.user.id}`,
    );
    expect(row.rows[0]).toEqual({
      name: 'Compte supprimé',
      email: `supprime+${session.body.user.id}@ecolage.invalid`,
    });
    const actions = await database().db.execute<{ action: string }>(
      sql`select action from audit_entries where organization_id = ${organizationId} and action like 'profile.%' or action = 'account.deleted' order by id`,
    );
    expect(actions.rows.map((r) => r.action)).toEqual([
      'profile.renamed',
      'profile.avatar_changed',
      'profile.avatar_removed',
      'profile.email_changed',
      'profile.password_changed',
      'account.deleted',
    ]);
  });
});
