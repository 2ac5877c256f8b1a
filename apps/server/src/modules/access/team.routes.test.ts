import { allPermissions } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerSchool } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { addMemberWithSystemRole } from './access.service';
import { ensureAccount } from '../auth';

describe('Utilisateurs et rôles: /api/members and /api/roles', () => {
  const { app, database } = useTestApp();
  let token = '';
  let organizationId = '';
  let adminId = '';
  let finance: { userId: string; token: string } = { userId: '', token: '' };

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    as = token,
  ) => app().inject({ method, url, payload, headers: { authorization: `Bearer ${as}` } });

  beforeAll(async () => {
    const school = await registerSchool(app(), { email: 'direction@lycee.tg', name: 'Afi Mensah' });
    organizationId = school.organizationId;
    const session = await logIn(app(), school.email, school.password);
    token = session.accessToken;
    adminId = session.body.user.id;
    const userId = await database().db.transaction(async (tx) => {
      const { user } = await ensureAccount(tx, {
        email: 'ama@lycee.tg',
        name: 'Ama Lawson',
        password: 'motdepasse',
      });
      await addMemberWithSystemRole(
        tx,
        { organizationId, userId: user.id, roleKey: 'finance', userLabel: user.name },
        { actor: { type: 'system', label: 'Test' }, ip: null },
      );
      return user.id;
    });
    finance = { userId, token: (await logIn(app(), 'ama@lycee.tg', 'motdepasse')).accessToken };
  });

  it('lists members with role, status and real last login; searches and pages on the server', async () => {
    const all = (await call('GET', '/api/members')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((item: { name: string }) => item.name)).toEqual([
      'Afi Mensah',
      'Ama Lawson',
    ]);
    expect(all.items[0]).toMatchObject({
      role: { name: 'Super administration' },
      status: 'active',
    });
    expect(all.items[0].lastLoginAt).not.toBeNull();
    const search = (await call('GET', '/api/members?search=LAWSON')).json();
    expect(search.items.map((item: { email: string }) => item.email)).toEqual(['ama@lycee.tg']);
    const page = (await call('GET', '/api/members?page=2&pageSize=1')).json();
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
  });

  it('creates a role from the catalogue, lists it with its member count, edits it', async () => {
    const created = await call('POST', '/api/roles', {
      name: '  Surveillant  ',
      description: 'Suit les présences',
      permissions: ['read:students', 'read:students', 'read:payments'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Surveillant',
      permissions: ['read:students', 'read:payments'],
      memberCount: 0,
      system: false,
    });
    const roles = (await call('GET', '/api/roles')).json();
    expect(roles).toHaveLength(8);
    expect(roles.find((role: { name: string }) => role.name === 'Finance').memberCount).toBe(1);
    const edited = await call('PATCH', `/api/roles/${created.json().id}`, {
      permissions: ['read:students'],
    });
    expect(edited.json().permissions).toEqual(['read:students']);
  });

  it('refuses a blank name, an unknown permission and a duplicate name, in French', async () => {
    const blank = await call('POST', '/api/roles', { name: '  ', permissions: [] });
    expect(blank.json().message).toBe('Le nom du rôle est obligatoire.');
    const unknown = await call('POST', '/api/roles', { name: 'X', permissions: ['fly:planes'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Cette permission n'existe pas.");
    const duplicate = await call('POST', '/api/roles', { name: 'surveillant' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().issues).toEqual([
      { path: 'name', message: 'Un rôle porte déjà ce nom dans votre école.' },
    ]);
    expect(duplicate.json().message).toBe('Un rôle porte déjà ce nom dans votre école.');
    // The code is what the web reads (its own text in the reader's language); no parameters.
    expect(duplicate.json().code).toBe('ROLE_NAME_TAKEN');
    expect(duplicate.json()).not.toHaveProperty('params');
  });

  it('changes a member’s role (effective at once) and journals it', async () => {
    const roles = (await call('GET', '/api/roles')).json();
    const reader = roles.find((role: { name: string }) => role.name === 'Lecteur');
    const response = await call('PATCH', `/api/members/${finance.userId}`, { roleId: reader.id });
    expect(response.statusCode).toBe(204);
    const me = (await call('GET', '/api/auth/me', undefined, finance.token)).json();
    expect(me.role.name).toBe('Lecteur');
    const entries = await database().db.execute<{ details: unknown }>(
      sql`select details from audit_entries where action = 'member.role_changed'`,
    );
    expect(entries.rows[0]?.details).toEqual({
      membre: 'Ama Lawson',
      avant: 'Finance',
      après: 'Lecteur',
    });
  });

  it('never leaves a school without an active Super administration', async () => {
    const roles = (await call('GET', '/api/roles')).json();
    const reader = roles.find((role: { name: string }) => role.name === 'Lecteur');
    // No one changes his own role; a member holding every permission under another role may try.
    const own = await call('PATCH', `/api/members/${adminId}`, { roleId: reader.id });
    expect(own.statusCode).toBe(403);
    const everything = await call('POST', '/api/roles', {
      name: 'Toutes permissions',
      permissions: allPermissions,
    });
    await call('PATCH', `/api/members/${finance.userId}`, { roleId: everything.json().id });
    const response = await call(
      'PATCH',
      `/api/members/${adminId}`,
      { roleId: reader.id },
      finance.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/dernier Super administration/);
    await call('PATCH', `/api/members/${finance.userId}`, { roleId: reader.id });
    expect((await call('DELETE', `/api/roles/${everything.json().id}`)).statusCode).toBe(204);
  });

  it('refuses to deactivate oneself', async () => {
    const response = await call('PATCH', `/api/members/${adminId}`, { status: 'inactive' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Vous ne pouvez pas désactiver votre propre compte.');
  });

  it('deactivates and reactivates a member; a deactivated member is cut off', async () => {
    expect(
      (await call('PATCH', `/api/members/${finance.userId}`, { status: 'inactive' })).statusCode,
    ).toBe(204);
    expect((await call('GET', '/api/auth/me', undefined, finance.token)).statusCode).toBe(401);
    expect(
      (await call('PATCH', `/api/members/${finance.userId}`, { status: 'active' })).statusCode,
    ).toBe(204);
    expect((await call('GET', '/api/auth/me', undefined, finance.token)).statusCode).toBe(200);
  });

  it('deletes only a role nobody holds, never a system role', async () => {
    const roles = (await call('GET', '/api/roles')).json();
    const system = roles.find((role: { name: string }) => role.name === 'Caissier');
    expect((await call('DELETE', `/api/roles/${system.id}`)).json().message).toBe(
      'Les rôles de base de l’école ne peuvent pas être supprimés.',
    );
    const custom = roles.find((role: { name: string }) => role.name === 'Surveillant');
    await call('PATCH', `/api/members/${finance.userId}`, { roleId: custom.id });
    const inUse = await call('DELETE', `/api/roles/${custom.id}`);
    expect(inUse.statusCode).toBe(409);
    const reader = roles.find((role: { name: string }) => role.name === 'Lecteur');
    await call('PATCH', `/api/members/${finance.userId}`, { roleId: reader.id });
    expect((await call('DELETE', `/api/roles/${custom.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/roles')).json()).toHaveLength(7);
  });
});
