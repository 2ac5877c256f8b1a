import { ProgrammeMessages, StudentMessages } from '@ecolage/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ok, setUpProgrammes, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';

describe('« Nouvel Étudiant » with a programme: created and enrolled at once', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  async function count(table: 'students' | 'enrolments' | 'invoices', organizationId: string) {
    const result = await database().db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = ${organizationId}`,
    );
    return (result.rows[0] as { n: number }).n;
  }

  it('enrols the new student with the level’s invoices, in the list at once, audited', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const { year, licence, l1 } = await setUpProgrammes(call);
    const created = await ok(
      call('POST', '/api/enrolments', {
        fullName: 'Akossiwa Kuassi',
        phone: '90112233',
        programmeId: licence.id,
        levelId: l1.id,
        academicYearId: year.id,
      }),
      201,
    );
    expect(created.invoicesIssued).toBeGreaterThan(0);
    expect(created.enrolment).toMatchObject({
      level: { id: l1.id },
      academicYear: { id: year.id },
    });
    expect(created.student).toMatchObject({
      fullName: 'Akossiwa Kuassi',
      status: 'active',
      programme: { id: licence.id },
      level: { id: l1.id, name: 'L1' },
    });
    expect(created.student.balance).toBeGreaterThan(0);

    // The list shows the level and what is owed, without « Inscrire » on the student's page.
    const list = await ok(call('GET', '/api/students?search=Akossiwa'));
    expect(list.items).toEqual([
      expect.objectContaining({
        level: { id: l1.id, name: 'L1' },
        balance: created.student.balance,
      }),
    ]);
    const invoices = await ok(call('GET', `/api/invoices?studentId=${created.student.id}`));
    expect(invoices.total).toBe(created.invoicesIssued);

    const journal = await database().db.execute(
      sql`select action from audit_entries where organization_id = ${organizationId}
          and resource_id = ${created.student.id} order by id`,
    );
    expect(journal.rows.map((row) => (row as { action: string }).action)).toEqual([
      'student.created',
      'student.enrolled',
    ]);
  });

  it('refuses a level of another programme, or unknown, and writes nothing', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const { licence, m1 } = await setUpProgrammes(call);
    const before = await Promise.all([
      count('students', organizationId),
      count('enrolments', organizationId),
      count('invoices', organizationId),
    ]);

    const other = await call('POST', '/api/enrolments', {
      fullName: 'Yao Mensah',
      programmeId: licence.id,
      levelId: m1.id,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().issues).toEqual([
      expect.objectContaining({ path: 'levelId', message: StudentMessages.levelOfOtherProgramme }),
    ]);

    const unknown = await call('POST', '/api/enrolments', {
      fullName: 'Yao Mensah',
      programmeId: licence.id,
      levelId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ProgrammeMessages.levelNotFound);

    const noLevel = await call('POST', '/api/enrolments', {
      fullName: 'Yao Mensah',
      programmeId: licence.id,
    });
    expect(noLevel.statusCode).toBe(400);
    expect(JSON.stringify(noLevel.json())).toContain('Choisissez un niveau.');

    expect(
      await Promise.all([
        count('students', organizationId),
        count('enrolments', organizationId),
        count('invoices', organizationId),
      ]),
    ).toEqual(before);
  });

  it('takes the student back when the enrolment fails (an unknown school year)', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const { licence, l1 } = await setUpProgrammes(call);
    const before = await count('students', organizationId);
    const response = await call('POST', '/api/enrolments', {
      fullName: 'Kokou Adjo',
      programmeId: licence.id,
      levelId: l1.id,
      academicYearId: randomUUID(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ProgrammeMessages.yearNotFound);
    expect(await count('students', organizationId)).toBe(before);
  });
});
