import { addDays, BirthDateMessages, utcDay } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';
import {
  admissionSchool,
  applicantOf,
  postAdmission,
  submitThroughForm,
  type AdmissionSchool,
} from './admission.test-support';

/** The message under the birth date (`<p class="error" id="naissance-erreur">`). */
function birthDateError(page: string): string | undefined {
  return /<p class="error" id="naissance-erreur">([^<]*)<\/p>/.exec(page)?.[1];
}

describe('pre-registration form: the optional « Date de naissance »', () => {
  const { app, database } = useTestApp({ formRateLimit: { max: 100, timeWindow: '1 minute' } });
  let school: AdmissionSchool;

  beforeAll(async () => {
    school = await admissionSchool(app(), database().db);
  });

  async function birthDateOf(email: string) {
    const found = await database().db.execute<{ birth_date: string | null; status: string }>(sql`
      select s.birth_date::text, s.status from students s join admissions a
        on a.organization_id = s.organization_id and a.student_id = s.id
      where a.organization_id = ${school.organizationId} and a.email = ${email}`);
    return found.rows[0];
  }

  it('offers a labelled, optional date picker up to the school’s today', async () => {
    const response = await app().inject({ method: 'GET', url: `/inscription/${school.slug}` });
    const page = response.body.replace(/\s+/g, ' ');
    expect(page).toContain('<label for="naissance">Date de naissance (facultatif)</label>');
    const input = /<input id="naissance"[^>]*>/.exec(page)![0];
    expect(input).toContain('name="birthDate"');
    expect(input).toContain('type="date"');
    expect(input).toContain(`max="${utcDay(new Date())}"`); // Africa/Lome is UTC
    expect(input).toContain('aria-describedby="naissance-aide"');
    expect(input).not.toContain('required');
  });

  it('refuses a bad date under the field, keeping what was typed', async () => {
    const cases: [string, string][] = [
      ['31/02/2010', BirthDateMessages.invalid],
      ['demain', BirthDateMessages.invalid],
      ['1899-12-31', BirthDateMessages.tooOld],
      [addDays(utcDay(new Date()), 1), BirthDateMessages.future],
    ];
    for (const [birthDate, message] of cases) {
      const response = await postAdmission(
        app(),
        school.slug,
        applicantOf(school, { birthDate, email: 'refus@exemple.tg' }),
      );
      expect(response.statusCode, birthDate).toBe(400);
      expect(birthDateError(response.body), birthDate).toBe(message);
      expect(response.body).toContain(`value="${birthDate}"`);
      expect(response.body).toMatch(/id="naissance"[^>]*aria-invalid="true"/);
    }
    // With another field wrong too, both are said.
    const both = await postAdmission(
      app(),
      school.slug,
      applicantOf(school, { birthDate: 'x', name: 'K' }),
    );
    expect(birthDateError(both.body)).toBe(BirthDateMessages.invalid);
    expect(await birthDateOf('refus@exemple.tg')).toBeUndefined();
  });

  it('gives the student the date (picker or JJ/MM/AAAA), kept when the school accepts', async () => {
    const picked = await submitThroughForm(app(), database().db, school, {
      email: 'afi@exemple.tg',
      phone: '90112201',
      birthDate: '2011-04-23',
    });
    expect(await birthDateOf('afi@exemple.tg')).toEqual({
      birth_date: '2011-04-23',
      status: 'pending',
    });
    await submitThroughForm(app(), database().db, school, {
      email: 'yao@exemple.tg',
      phone: '90112202',
      birthDate: '05/09/2008',
    });
    expect((await birthDateOf('yao@exemple.tg'))!.birth_date).toBe('2008-09-05');
    await submitThroughForm(app(), database().db, school, {
      email: 'sans@exemple.tg',
      phone: '90112203',
    });
    expect((await birthDateOf('sans@exemple.tg'))!.birth_date).toBeNull();

    await ok(school.call('POST', `/api/admissions/${picked}/accept`));
    expect(await birthDateOf('afi@exemple.tg')).toEqual({
      birth_date: '2011-04-23',
      status: 'active',
    });
    const audit = await database().db.execute<{ details: Record<string, unknown> }>(sql`
      select details from audit_entries where organization_id = ${school.organizationId}
        and action = 'admission.submitted' and details->>'e-mail' = 'afi@exemple.tg'`);
    expect(audit.rows[0]!.details).toMatchObject({ 'date de naissance': '2011-04-23' });
  });
});
