import { systemRoles } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from '../../seed/demo-seed';
import { logIn } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { ensureAccount } from '../auth';
import { addMemberWithSystemRole } from './access.service';

interface Actor {
  label: string;
  userId: string;
  token: string;
  roleId: string;
  permissions: string[];
}

/**
 * Every way a role is given (member role change, invitation, role creation and edit), tried by
 * every demo role and by a custom role that manages roles without holding everything: a member
 * gives only a role whose permissions are all his own, never changes his own role, and grants a
 * role only permissions he holds.
 */
describe('no one climbs above his own role', () => {
  const { app, database } = useTestApp();
  const sql$ = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    database()
      .db.execute<T>(query)
      .then((result) => result.rows);
  let organizationId = '';
  let roleIds = new Map<string, string>();
  const actors: Actor[] = [];
  let target = '';
  let customRole = '';
  let invited = 0;

  const call = (actor: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app().inject({ method, url, payload, headers: { authorization: `Bearer ${actor.token}` } });
  const roleOf = async (userId: string) =>
    (
      await sql$<{ role_id: string }>(
        sql`select role_id from memberships where organization_id = ${organizationId} and user_id = ${userId}`,
      )
    )[0]?.role_id;
  const holds = (actor: Actor, permissions: readonly string[]) =>
    permissions.every((permission) => actor.permissions.includes(permission));

  beforeAll(async () => {
    const seeded = await seedDemoData(database().db);
    organizationId = seeded.school.id;
    const roles = await sql$<{ id: string; key: string | null }>(
      sql`select id, key from roles where organization_id = ${organizationId}`,
    );
    roleIds = new Map(roles.map((role) => [role.key ?? '', role.id]));
    // A custom role that manages roles and members without holding everything.
    const delegate = ['read:members', 'manage:members', 'manage:roles', 'read:students'];
    const [custom] = await sql$<{ id: string }>(sql`
      insert into roles (organization_id, key, name, permissions)
      values (${organizationId}, null, 'Délégué équipe', ${`{${delegate.join(',')}}`}::text[])
      returning id`);
    const [empty] = await sql$<{ id: string }>(sql`
      insert into roles (organization_id, key, name, permissions)
      values (${organizationId}, null, 'Rôle à remplir', '{}'::text[]) returning id`);
    customRole = empty!.id;
    const extra = [
      { key: 'delegate', name: 'Délé Gué', email: 'delegue@ecole-demo.tg', roleKey: 'reader' },
      { key: 'target', name: 'Ci Ble', email: 'cible@ecole-demo.tg', roleKey: 'reader' },
    ] as const;
    const ids = await database().db.transaction(async (tx) => {
      const result: string[] = [];
      for (const person of extra) {
        const { user } = await ensureAccount(tx, { ...person, password: DEMO_PASSWORD });
        await addMemberWithSystemRole(
          tx,
          { organizationId, userId: user.id, roleKey: person.roleKey, userLabel: user.name },
          { actor: { type: 'system', label: 'Test' }, ip: null },
        );
        result.push(user.id);
      }
      return result;
    });
    await sql$(sql`update memberships set role_id = ${custom!.id} where user_id = ${ids[0]!}`);
    target = ids[1]!;
    const people = [
      ...demoAccounts.map((account) => ({ label: account.roleKey, email: account.email })),
      { label: 'délégué (rôle personnalisé)', email: 'delegue@ecole-demo.tg' },
    ];
    for (const person of people) {
      const { accessToken, body } = await logIn(app(), person.email, DEMO_PASSWORD);
      actors.push({
        label: person.label,
        userId: body.user.id,
        token: accessToken,
        roleId: body.role.id,
        permissions: body.permissions,
      });
    }
  });

  it('lets no one change his own role, to any role', async () => {
    for (const actor of actors) {
      for (const role of systemRoles) {
        const roleId = roleIds.get(role.key)!;
        if (roleId === actor.roleId) continue;
        const response = await call(actor, 'PATCH', `/api/members/${actor.userId}`, { roleId });
        expect(response.statusCode, `${actor.label} → ${role.key}`).toBe(403);
        if (actor.permissions.includes('manage:members')) {
          expect(response.json().message).toBe(
            'Vous ne pouvez pas changer votre propre rôle : demandez-le à un autre administrateur.',
          );
        }
        expect(await roleOf(actor.userId)).toBe(actor.roleId);
      }
    }
  });

  it('gives another member only a role whose permissions are all the giver’s own', async () => {
    const reader = roleIds.get('reader')!;
    for (const actor of actors) {
      for (const role of systemRoles) {
        await sql$(sql`update memberships set role_id = ${reader} where user_id = ${target}`);
        const roleId = roleIds.get(role.key)!;
        const response = await call(actor, 'PATCH', `/api/members/${target}`, { roleId });
        const allowed =
          actor.permissions.includes('manage:members') && holds(actor, role.permissions);
        expect(response.statusCode, `${actor.label} gives ${role.key}`).toBe(allowed ? 204 : 403);
        expect(await roleOf(target)).toBe(allowed ? roleId : reader);
      }
    }
  });

  it('invites a newcomer only with a role whose permissions are all the inviter’s own', async () => {
    for (const actor of actors) {
      for (const role of systemRoles) {
        invited += 1;
        const email = `nouveau${invited}@exemple.tg`;
        const response = await call(actor, 'POST', '/api/members/invitations', {
          name: 'Nouveau Venu',
          email,
          roleId: roleIds.get(role.key),
        });
        const allowed =
          actor.permissions.includes('manage:members') && holds(actor, role.permissions);
        expect(response.statusCode, `${actor.label} invites as ${role.key}`).toBe(
          allowed ? 201 : 403,
        );
        // A refused invitation leaves nothing behind: no account, no membership.
        const accounts = await sql$(sql`select 1 from users where email = ${email}`);
        expect(accounts).toHaveLength(allowed ? 1 : 0);
      }
    }
  });

  it('creates and edits roles only with the editor’s own permissions, for manage:roles holders', async () => {
    for (const actor of actors) {
      for (const role of systemRoles) {
        const permissions = [...role.permissions];
        const allowed = actor.permissions.includes('manage:roles') && holds(actor, permissions);
        await sql$(sql`update roles set permissions = '{}'::text[] where id = ${customRole}`);
        const edited = await call(actor, 'PATCH', `/api/roles/${customRole}`, { permissions });
        expect(edited.statusCode, `${actor.label} edits to ${role.key}`).toBe(allowed ? 200 : 403);
        const [row] = await sql$<{ permissions: string[] }>(
          sql`select permissions from roles where id = ${customRole}`,
        );
        expect(row?.permissions).toHaveLength(allowed ? permissions.length : 0);
        const created = await call(actor, 'POST', '/api/roles', {
          name: `Copie ${role.key} par ${actor.label}`,
          permissions,
        });
        expect(created.statusCode, `${actor.label} creates ${role.key}`).toBe(allowed ? 201 : 403);
      }
    }
    const delegate = actors.find((actor) => actor.label.startsWith('délégué'))!;
    const beyond = await call(delegate, 'PATCH', `/api/roles/${customRole}`, {
      permissions: ['read:students', 'refund:payments'],
    });
    expect(beyond.json().message).toBe(
      'Vous ne pouvez accorder à un rôle que des permissions que vous avez vous-même.',
    );
    const own = await call(delegate, 'PATCH', `/api/roles/${customRole}`, {
      permissions: ['read:students'],
    });
    expect(own.statusCode).toBe(200);
  });

  it('the Directeur cannot touch a Super administration, and learns why in French', async () => {
    const director = actors.find((actor) => actor.label === 'director')!;
    const superAdmin = actors.find((actor) => actor.label === 'super_admin')!;
    const demote = await call(director, 'PATCH', `/api/members/${superAdmin.userId}`, {
      roleId: roleIds.get('reader'),
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().message).toBe(
      'Ce membre a des permissions que vous n’avez pas : vous ne pouvez pas modifier son accès.',
    );
    const deactivate = await call(director, 'PATCH', `/api/members/${superAdmin.userId}`, {
      status: 'inactive',
    });
    expect(deactivate.statusCode).toBe(403);
    const promote = await call(director, 'PATCH', `/api/members/${target}`, {
      roleId: roleIds.get('super_admin'),
    });
    expect(promote.json().message).toBe(
      'Vous ne pouvez attribuer qu’un rôle dont vous avez vous-même toutes les permissions.',
    );
  });

  it('tells each reader which roles he may give', async () => {
    for (const actor of actors.filter((candidate) =>
      candidate.permissions.includes('read:members'),
    )) {
      const roles = (await call(actor, 'GET', '/api/roles')).json() as {
        id: string;
        permissions: string[];
        assignable: boolean;
      }[];
      for (const role of roles) {
        expect(role.assignable, `${actor.label}: ${role.id}`).toBe(holds(actor, role.permissions));
      }
    }
  });
});
