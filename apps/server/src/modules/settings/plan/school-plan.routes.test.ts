import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../../../test/auth-helpers';
import { memberWith } from '../../../test/members';
import { ok, signUpSchool, type Call } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { planTermsAt } from '../../organizations';

/** A school signed up on `plan` through the API, with its Super administration's caller. */
async function signUpOn(app: FastifyInstance, plan: string | undefined, schoolName: string) {
  const email = `direction.${Math.random().toString(36).slice(2)}@ecole.tg`;
  const password = 'motdepasse-solide';
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/registration',
    payload: { name: 'Yawa Agbeko', email, password, schoolName, ...(plan ? { plan } : {}) },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const session = await logIn(app, email, password);
  const call: Call = (method, url, payload) =>
    app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
  return {
    call,
    token: session.accessToken,
    organizationId: session.body.organization.id as string,
  };
}

async function readerRoleId(call: Call): Promise<string> {
  const roles = await ok<{ id: string; name: string }[]>(call('GET', '/api/roles'));
  return roles.find((role) => role.name === 'Lecteur')!.id;
}

const invite = (call: Call, roleId: string, n: string) =>
  call('POST', '/api/members/invitations', {
    name: `Membre ${n}`,
    email: `m${n}@ecole.tg`,
    roleId,
  });

describe('Plans: chosen at sign-up, shown, changed, their users counted', () => {
  const { app, database } = useTestApp();

  let decouverte: Awaited<ReturnType<typeof signUpOn>>;
  let roleId = '';

  beforeAll(async () => {
    decouverte = await signUpOn(app(), 'decouverte', 'École Découverte');
    roleId = await readerRoleId(decouverte.call);
  });

  it('starts a school on the plan chosen at sign-up, with its terms stored', async () => {
    const plan = await ok(decouverte.call('GET', '/api/settings/plan'));
    expect(plan).toMatchObject({
      plan: 'decouverte',
      terms: {
        commissionRateBp: 150,
        feeFreeVolumeXof: 1_000_000,
        subscriptionXof: 165_000,
        subscriptionPeriod: 'year',
        memberLimit: 5,
        remindersPerMonth: 1000,
      },
      usage: { members: 1, memberLimit: 5 },
    });
    const fallback = await signUpOn(app(), undefined, 'École Sans Choix');
    expect(await ok(fallback.call('GET', '/api/settings/plan'))).toMatchObject({
      plan: 'croissance',
      terms: { commissionRateBp: 200, memberLimit: null },
      usage: { members: 1, memberLimit: null },
    });
    const refused = await app().inject({
      method: 'POST',
      url: '/api/auth/registration',
      payload: {
        name: 'Yawa Agbeko',
        email: 'x@ecole.tg',
        password: 'motdepasse',
        schoolName: 'École X',
        plan: 'gratuit',
      },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses the 6th user on Découverte (pending invitations count), in words', async () => {
    for (const n of ['1', '2', '3', '4'])
      expect((await invite(decouverte.call, roleId, n)).statusCode).toBe(201);
    const sixth = await invite(decouverte.call, roleId, '5');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({
      code: 'PLAN_MEMBER_LIMIT_REACHED',
      params: { limit: 5 },
      message:
        'Votre formule Découverte permet 5 utilisateurs : désactivez un membre ou passez à la formule Croissance.',
    });
    const { rows } = await database().db.execute<{ n: number }>(sql`
      select count(*)::int as n from memberships where organization_id = ${decouverte.organizationId}`);
    expect(rows[0]?.n).toBe(5);
  });

  it('lets an expired invitation free its seat, and counts a reactivated member', async () => {
    const db = database().db;
    await db.execute(sql`
      update invitations set expires_at = now() - interval '1 minute'
       where organization_id = ${decouverte.organizationId}
         and user_id = (select id from users where email = 'm4@ecole.tg')`);
    expect((await ok(decouverte.call('GET', '/api/settings/plan'))).usage.members).toBe(4);
    expect((await invite(decouverte.call, roleId, '6')).statusCode).toBe(201);
    // A member deactivated, then reactivated once the plan is full again: refused.
    const { rows } = await db.execute<{ user_id: string }>(sql`
      select m.user_id from memberships m join users u on u.id = m.user_id
       where m.organization_id = ${decouverte.organizationId} and u.email = 'm1@ecole.tg'`);
    const userId = rows[0]!.user_id;
    await db.execute(sql`update memberships set status = 'active' where user_id = ${userId}`);
    const off = await decouverte.call('PATCH', `/api/members/${userId}`, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(204);
    expect((await invite(decouverte.call, roleId, '7')).statusCode).toBe(201);
    const back = await decouverte.call('PATCH', `/api/members/${userId}`, { status: 'active' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'PLAN_MEMBER_LIMIT_REACHED', params: { limit: 5 } });
  });

  it('gives the last seat to one of two invitations sent at the same instant', async () => {
    const school = await signUpOn(app(), 'decouverte', 'École Course');
    const role = await readerRoleId(school.call);
    for (const n of ['a1', 'a2', 'a3'])
      expect((await invite(school.call, role, n)).statusCode).toBe(201);
    const answers = await Promise.all([
      invite(school.call, role, 'b1'),
      invite(school.call, role, 'b2'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect((await ok(school.call('GET', '/api/settings/plan'))).usage.members).toBe(5);
  });

  it('changes plan: terms appended with their date, the former ones still readable at their date', async () => {
    const db = database().db;
    const before = new Date();
    const moved = await ok(decouverte.call('PUT', '/api/settings/plan', { plan: 'croissance' }));
    expect(moved).toMatchObject({
      plan: 'croissance',
      terms: { commissionRateBp: 200, memberLimit: null },
    });
    expect((await invite(decouverte.call, roleId, '8')).statusCode).toBe(201);
    const back = await decouverte.call('PUT', '/api/settings/plan', { plan: 'decouverte' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({
      code: 'PLAN_MEMBER_LIMIT_EXCEEDED',
      params: { limit: 5, members: 6 },
    });
    const past = await planTermsAt(db, decouverte.organizationId, new Date(before.getTime() - 1));
    expect(past).toMatchObject({ plan: 'decouverte', commissionRateBp: 150 });
    const now = await planTermsAt(db, decouverte.organizationId, new Date());
    expect(now).toMatchObject({ plan: 'croissance', commissionRateBp: 200 });
    expect(
      await planTermsAt(db, decouverte.organizationId, new Date('2001-01-01')),
    ).toBeUndefined();
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from school_plan_terms where organization_id = ${decouverte.organizationId}`);
    expect(rows[0]?.n).toBe(2);
    const { rows: journal } = await db.execute<{ details: Record<string, string> }>(sql`
      select details from audit_entries
       where organization_id = ${decouverte.organizationId} and action = 'organization.plan_changed'`);
    expect(journal.map((entry) => entry.details)).toEqual([
      { 'formule avant': 'decouverte', formule: 'croissance' },
    ]);
  });

  it('is changed only with manage:settings, and read with read:settings', async () => {
    const school = await signUpSchool(app(), 'École Lecteurs');
    const reader = await memberWith(app(), database().db, school, ['read:settings']);
    const as = (method: 'GET' | 'PUT', payload?: object) =>
      app().inject({
        method,
        url: '/api/settings/plan',
        payload,
        headers: { authorization: `Bearer ${reader}` },
      });
    expect((await as('GET')).statusCode).toBe(200);
    expect((await as('PUT', { plan: 'personnalise' })).statusCode).toBe(403);
    const unknown = await school.call('PUT', '/api/settings/plan', { plan: 'gratuit' });
    expect(unknown.statusCode).toBe(400);
  });
});
