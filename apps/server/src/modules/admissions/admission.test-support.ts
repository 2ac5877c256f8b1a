import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database';
import { setUpProgrammes, signUpSchool } from '../../test/school-fixture';

/** Test helpers of the pre-registration form (used by its test files only). */

/** A school with a slug, a contact e-mail, a current year and two programmes (L1, M1). */
export async function admissionSchool(app: FastifyInstance, db: Database, name?: string) {
  const school = await signUpSchool(app, name);
  const programmes = await setUpProgrammes(school.call);
  const contactEmail = `scolarite.${Math.random().toString(36).slice(2)}@ecole.tg`;
  const updated = await db.execute<{ slug: string }>(sql`
    update organizations set contact_email = ${contactEmail}
    where id = ${school.organizationId} returning slug`);
  return { ...school, ...programmes, slug: updated.rows[0]!.slug, contactEmail };
}

export type AdmissionSchool = Awaited<ReturnType<typeof admissionSchool>>;

/** A well-filled form for `school`'s Licence Informatique, L1. */
export function applicantOf(school: AdmissionSchool, overrides: Record<string, string> = {}) {
  return {
    name: 'Kossi Agbéko',
    email: 'kossi.agbeko@exemple.tg',
    phone: '90123456',
    gender: 'male',
    country: 'TG',
    programmeId: school.licence.id as string,
    levelId: school.l1.id as string,
    website: '',
    ...overrides,
  };
}

let visitor = 0;

/** Posts the form as a browser does (urlencoded), each time from another address by default. */
export function postAdmission(
  app: FastifyInstance,
  slug: string,
  fields: Record<string, string>,
  ip = `10.0.${Math.floor(++visitor / 250)}.${(visitor % 250) + 1}`,
) {
  return app.inject({
    method: 'POST',
    url: `/inscription/${slug}`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
  });
}

/** Files a request through the form and returns its id. */
export async function submitThroughForm(
  app: FastifyInstance,
  db: Database,
  school: AdmissionSchool,
  overrides: Record<string, string> = {},
): Promise<string> {
  const fields = applicantOf(school, overrides);
  const response = await postAdmission(app, school.slug, fields);
  if (response.statusCode !== 200) throw new Error(`form refused: ${response.body}`);
  const found = await db.execute<{ id: string }>(sql`
    select id from admissions where organization_id = ${school.organizationId}
      and email = ${fields.email} order by created_at desc limit 1`);
  const id = found.rows[0]?.id;
  if (!id) throw new Error('no admission written');
  return id;
}
