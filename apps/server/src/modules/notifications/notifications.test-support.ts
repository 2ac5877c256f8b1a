import { randomUUID } from 'node:crypto';
import type { EventName, EventPayloadInput } from '@ecolage/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../platform/db/database';
import { createEventDispatcher } from '../../platform/outbox/event-dispatcher';
import { publishEvent } from '../../platform/outbox/outbox';
import { logIn } from '../../test/auth-helpers';
import { ok, signUpSchool, type Call } from '../../test/school-fixture';
import { addMemberWithSystemRole } from '../access/access.service';
import { memberships } from '../access/access.tables';
import { ensureAccount } from '../auth';
import { users } from '../auth/auth.tables';
import { outboundMessages } from '../messaging/messaging.tables';
import { notificationEventHandlers } from './staff-notice.handlers';
import { staffNotifications } from './notifications.tables';

export interface StaffMember {
  userId: string;
  email: string;
  token: string;
  call: Call;
}

function caller(app: FastifyInstance, token: string): Call {
  return (method, url, payload) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}

/**
 * A member of the school: a system role (`roleKey`), or a role of the school's own holding only
 * `permissions` (created through /api/roles).
 */
export async function addStaff(
  app: FastifyInstance,
  db: Database,
  school: { organizationId: string; call: Call },
  name: string,
  role: { roleKey: string } | { permissions: string[] },
): Promise<StaffMember> {
  const email = `${name.toLowerCase().replace(/[^a-z]/g, '')}.${randomUUID().slice(0, 8)}@ecole.tg`;
  const userId = await db.transaction(async (tx) => {
    const { user } = await ensureAccount(tx, { email, name, password: 'motdepasse' });
    await addMemberWithSystemRole(
      tx,
      {
        organizationId: school.organizationId,
        userId: user.id,
        roleKey: 'roleKey' in role ? role.roleKey : 'reader',
        userLabel: name,
      },
      { actor: { type: 'system', label: 'Test' }, ip: null },
    );
    return user.id;
  });
  if ('permissions' in role) {
    const created = await ok(
      school.call('POST', '/api/roles', {
        name: `Rôle ${name} ${randomUUID().slice(0, 4)}`,
        permissions: role.permissions,
      }),
      201,
    );
    const patched = await school.call('PATCH', `/api/members/${userId}`, { roleId: created.id });
    expect(patched.statusCode, patched.body).toBe(204);
  }
  const { accessToken } = await logIn(app, email, 'motdepasse');
  return { userId, email, token: accessToken, call: caller(app, accessToken) };
}

/** A school signed up through the API, with its Super administration as a `StaffMember`. */
export async function schoolWithAdmin(app: FastifyInstance, db: Database, name?: string) {
  const school = await signUpSchool(app, name ?? `École ${randomUUID().slice(0, 6)}`);
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${school.email})`);
  const owner: StaffMember = {
    userId: admin!.id,
    email: school.email,
    token: school.token,
    call: school.call,
  };
  return { ...school, admin: owner };
}

/** Turns a member inactive (deactivated: no more notifications). */
export async function deactivate(db: Database, organizationId: string, userId: string) {
  await db
    .update(memberships)
    .set({ status: 'inactive' })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

/** Publishes an event of the school as its producer would, then runs the bell's handlers. */
export async function publishAndDispatch<Name extends EventName>(
  db: Database,
  organizationId: string,
  name: Name,
  payload: EventPayloadInput<Name>,
  aggregateId = randomUUID(),
) {
  await db.transaction((tx) => publishEvent(tx, name, payload, { organizationId, aggregateId }));
  await dispatchBell(db);
}

/** Runs the bell's handlers on every event waiting for them. */
export async function dispatchBell(db: Database) {
  const dispatcher = createEventDispatcher(db, notificationEventHandlers);
  while ((await dispatcher.dispatch()) > 0) {
    // until nothing is left
  }
}

/** Every item of the school: who, what, title. */
export async function itemsOf(db: Database, organizationId: string) {
  return db
    .select()
    .from(staffNotifications)
    .where(eq(staffNotifications.organizationId, organizationId));
}

export async function emailsOf(db: Database, organizationId: string, template: string) {
  return db
    .select()
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.organizationId, organizationId),
        eq(outboundMessages.template, template),
      ),
    );
}
