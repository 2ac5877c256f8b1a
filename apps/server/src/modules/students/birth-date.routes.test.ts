import { addDays, BirthDateMessages, utcDay } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ok, setUpProgrammes, signUpSchool } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';

/** The French sentence of a refusal: the contract's (issues) or the service's (message). */
function refusal(response: { statusCode: number; json: () => unknown }): string {
  const body = response.json() as { message?: string; issues?: { message: string }[] };
  return body.issues?.[0]?.message ?? body.message ?? '';
}

describe('Étudiants: the birth date (« Date de naissance »)', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  async function journal(organizationId: string, studentId: string) {
    const result = await database().db.execute(
      sql`select action, details from audit_entries where organization_id = ${organizationId}
          and resource_id = ${studentId} order by id`,
    );
    return result.rows as { action: string; details: Record<string, unknown> }[];
  }

  it('writes it on create, returns it in the list and the page, and journals it', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const created = await ok(
      call('POST', '/api/students', { fullName: 'Ama Mensah', birthDate: '2012-03-14' }),
      201,
    );
    expect(created.birthDate).toBe('2012-03-14');
    const detail = await ok(call('GET', `/api/students/${created.id}`));
    expect(detail.birthDate).toBe('2012-03-14');
    const list = await ok(call('GET', '/api/students?search=Ama'));
    expect(list.items[0].birthDate).toBe('2012-03-14');
    const [entry] = await journal(organizationId, created.id);
    expect(entry).toMatchObject({
      action: 'student.created',
      details: { 'date de naissance': '2012-03-14' },
    });
    // Empty or absent: none.
    const none = await ok(call('POST', '/api/students', { fullName: 'Yao', birthDate: '' }), 201);
    expect(none.birthDate).toBeNull();
    const absent = await ok(call('POST', '/api/students', { fullName: 'Kafui' }), 201);
    expect(absent.birthDate).toBeNull();
  });

  it('refuses a bad date in French, with a 400, and writes nothing', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const tomorrow = addDays(utcDay(new Date()), 1);
    const dayAfter = addDays(utcDay(new Date()), 2);
    const cases: [unknown, string][] = [
      ['14/03/2012', BirthDateMessages.invalid],
      ['2012-02-30', BirthDateMessages.invalid],
      ['n’importe quoi', BirthDateMessages.invalid],
      [20120314, BirthDateMessages.invalid],
      ['1899-12-31', BirthDateMessages.tooOld],
      // Tomorrow in Lomé (UTC): past the contract where UTC+14 is already tomorrow, then the
      // school's day refuses it; the day after is refused by the contract.
      [tomorrow, BirthDateMessages.future],
      [dayAfter, BirthDateMessages.future],
    ];
    for (const [birthDate, message] of cases) {
      const response = await call('POST', '/api/students', { fullName: 'Refusé', birthDate });
      expect(response.statusCode, String(birthDate)).toBe(400);
      expect(refusal(response), String(birthDate)).toBe(message);
    }
    // A NUL byte is refused at the edge (400), as in every text the API stores.
    const nul = await call('POST', '/api/students', {
      fullName: 'NUL',
      birthDate: '2012-03-14\u0000',
    });
    expect(nul.statusCode).toBe(400);
    const count = await database().db.execute(
      sql`select count(*)::int as n from students where organization_id = ${organizationId}`,
    );
    expect(count.rows[0]).toEqual({ n: 0 });
    // The oldest day accepted, and today.
    for (const birthDate of ['1900-01-01', utcDay(new Date())]) {
      await ok(call('POST', '/api/students', { fullName: 'Accepté', birthDate }), 201);
    }
  });

  it('changes it on update (journaled before and after), keeps it when absent, clears it', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const student = await ok(
      call('POST', '/api/students', { fullName: 'Kossi Agbéko', birthDate: '2010-05-02' }),
      201,
    );
    const url = `/api/students/${student.id}`;
    const changed = await ok(
      call('PATCH', url, { fullName: 'Kossi Agbéko', birthDate: '2010-06-02' }),
    );
    expect(changed.birthDate).toBe('2010-06-02');
    const entries = await journal(organizationId, student.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'student.updated',
      details: {
        champs: 'date de naissance',
        'date de naissance avant': '2010-05-02',
        'date de naissance': '2010-06-02',
      },
    });
    // A client that does not send the field keeps the date.
    const renamed = await ok(call('PATCH', url, { fullName: 'Kossi A. Agbéko' }));
    expect(renamed.birthDate).toBe('2010-06-02');
    expect((await journal(organizationId, student.id)).at(-1)!.details).not.toHaveProperty(
      'date de naissance',
    );
    const bad = await call('PATCH', url, { fullName: 'Kossi', birthDate: '2010-13-01' });
    expect(bad.statusCode).toBe(400);
    expect(refusal(bad)).toBe(BirthDateMessages.invalid);
    const cleared = await ok(call('PATCH', url, { fullName: 'Kossi A. Agbéko', birthDate: '' }));
    expect(cleared.birthDate).toBeNull();
    expect((await journal(organizationId, student.id)).at(-1)).toMatchObject({
      details: { 'date de naissance avant': '2010-06-02', 'date de naissance': null },
    });
  });

  it('« Nouvel Étudiant » with a programme carries it through POST /api/enrolments', async () => {
    const { call } = await signUpSchool(app());
    const { year, licence, l1 } = await setUpProgrammes(call);
    const created = await ok(
      call('POST', '/api/enrolments', {
        fullName: 'Akossiwa Kuassi',
        birthDate: '2004-11-30',
        programmeId: licence.id,
        levelId: l1.id,
        academicYearId: year.id,
      }),
      201,
    );
    expect(created.student.birthDate).toBe('2004-11-30');
    const refused = await call('POST', '/api/enrolments', {
      fullName: 'Trop tôt',
      birthDate: '1850-01-01',
      programmeId: licence.id,
      levelId: l1.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refusal(refused)).toBe(BirthDateMessages.tooOld);
  });
});
