import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerSchool } from './test/auth-helpers';
import { signUpSchool } from './test/school-fixture';
import { useTestApp } from './test/test-app';

/**
 * Requests sent at the same instant that create the same thing (a unique key) or remove the same
 * record: each answers what it would alone, or a 409 with a French sentence — never a 500 — and
 * exactly one thing is created.
 */
describe('simultaneous requests on one unique key', () => {
  const { app, database } = useTestApp({
    rateLimitPerMinute: 100_000,
    authRateLimit: { max: 100_000, timeWindow: '1 minute' },
  });
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  const count = async (query: ReturnType<typeof sql>) =>
    (await database().db.execute<{ n: number }>(query)).rows[0]!.n;
  const statuses = (responses: { statusCode: number }[]) =>
    responses.map((response) => response.statusCode).sort();

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée de la Concurrence');
  });

  it('five sign-ups of one school name: five schools, each under its own address', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        app().inject({
          method: 'POST',
          url: '/api/auth/registration',
          payload: {
            name: 'Afi Mensah',
            email: `afi.${index}@meme-nom.tg`,
            password: 'motdepasse-solide',
            schoolName: 'Collège du Même Nom',
          },
        }),
      ),
    );
    expect(statuses(responses)).toEqual([201, 201, 201, 201, 201]);
    const slugs = await database().db.execute<{ slug: string }>(
      sql`select slug from organizations where name = 'Collège du Même Nom' order by slug`,
    );
    expect(slugs.rows.map((row) => row.slug)).toEqual([
      'college-du-meme-nom',
      'college-du-meme-nom-2',
      'college-du-meme-nom-3',
      'college-du-meme-nom-4',
      'college-du-meme-nom-5',
    ]);
  });

  it('five invitations of one new address: one invitation, four French 409', async () => {
    const roles = await database().db.execute<{ id: string }>(sql`
      select id from roles where organization_id = ${school.organizationId} and key = 'cashier'`);
    const roleId = roles.rows[0]!.id;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        school.call('POST', '/api/members/invitations', {
          name: 'Kodjo Amegah',
          email: 'kodjo@nouveau.tg',
          roleId,
        }),
      ),
    );
    expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual([
      201, 409, 409, 409, 409,
    ]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        code: 'ALREADY_MEMBER',
        message: 'Cette personne est déjà membre de l’école.',
      });
    }
    expect(
      await count(sql`select count(*)::int as n from users where email = 'kodjo@nouveau.tg'`),
    ).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from memberships m join users u on u.id = m.user_id
        where u.email = 'kodjo@nouveau.tg'`),
    ).toBe(1);
  });

  it('five students given one new guardian’s phone: one guardian, linked to all five', async () => {
    const students = await Promise.all(
      Array.from({ length: 5 }, async (_, index) =>
        (await school.call('POST', '/api/students', { fullName: `Enfant ${index}` })).json(),
      ),
    );
    const responses = await Promise.all(
      students.map((student: { id: string }) =>
        school.call('POST', `/api/students/${student.id}/guardians`, {
          fullName: 'Akossiwa Agbéko',
          phone: '90 55 66 77',
          relation: 'mother',
        }),
      ),
    );
    expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual([
      201, 201, 201, 201, 201,
    ]);
    expect(
      await count(sql`select count(*)::int as n from guardians where phone = '+22890556677'`),
    ).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from student_guardians sg
        join guardians g on g.id = sg.guardian_id where g.phone = '+22890556677'`),
    ).toBe(5);
  });

  it('five times one new guardian for one student: one link, four French 409', async () => {
    const student = (
      await school.call('POST', '/api/students', { fullName: 'Yawa Dossou' })
    ).json();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        school.call('POST', `/api/students/${student.id}/guardians`, {
          fullName: 'Koffi Dossou',
          phone: '90 77 88 99',
          relation: 'father',
        }),
      ),
    );
    expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual([
      201, 409, 409, 409, 409,
    ]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().code).toBe('GUARDIAN_ALREADY_LINKED');
      expect(refused.json().message).toMatch(/^[A-ZÉ].*\.$/);
    }
    expect(
      await count(sql`select count(*)::int as n from student_guardians
        where student_id = ${student.id}`),
    ).toBe(1);
  });

  it('five removals of one student: one deletion, journaled once, the others 404', async () => {
    for (let round = 0; round < 3; round += 1) {
      const student = (
        await school.call('POST', '/api/students', { fullName: `À supprimer ${round}` })
      ).json();
      await school.call('POST', `/api/students/${student.id}/guardians`, {
        fullName: `Parent ${round}`,
        phone: `90 00 00 1${round}`,
        relation: 'other',
      });
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => school.call('DELETE', `/api/students/${student.id}`)),
      );
      expect(statuses(responses), responses.map((r) => r.body).join('\n')).toEqual([
        200, 404, 404, 404, 404,
      ]);
      expect(
        await count(sql`select count(*)::int as n from audit_entries
          where action = 'student.deleted' and resource_id = ${student.id}`),
      ).toBe(1);
    }
  });

  it('registration with another school’s name still works alone', async () => {
    await registerSchool(app(), { schoolName: 'Collège du Même Nom' });
    expect(
      await count(
        sql`select count(*)::int as n from organizations where name = 'Collège du Même Nom'`,
      ),
    ).toBe(6);
  });
});
