import { AdmissionMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import {
  admissionSchool,
  applicantOf,
  postAdmission,
  type AdmissionSchool,
} from './admission.test-support';

/** The page's HTML with the spaces before a tag's end taken out (`<option value="x" >`). */
function htmlOf(response: { body: string }): string {
  return response.body.replace(/\s+>/g, '>');
}

/** The message under a field (`<p class="error" id="<id>-erreur">`). */
function errorUnder(page: string, id: string): string | undefined {
  return new RegExp(`<p class="error" id="${id}-erreur">([^<]*)</p>`).exec(page)?.[1];
}

describe('pre-registration form /inscription/:slug', () => {
  const { app, database } = useTestApp({ formRateLimit: { max: 3, timeWindow: '1 minute' } });
  let school: AdmissionSchool;

  const count = async (table: 'students' | 'admissions', organizationId = school.organizationId) =>
    (
      await database().db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)}
          where organization_id = ${organizationId}`,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    school = await admissionSchool(app(), database().db);
  });

  it('shows the form: French labels, selects of gender, country (Togo first), programmes and levels', async () => {
    const response = await app().inject({ method: 'GET', url: `/inscription/${school.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const page = htmlOf(response);
    expect(page).toContain('<h1 id="titre">Demande d’inscription — Lycée Les Cocotiers</h1>');
    expect(page).toContain('Année scolaire 2026-2027.');
    for (const label of ['Nom', 'E-mail', 'Téléphone', 'Genre', 'Pays', 'Programme', 'Niveau']) {
      expect(page).toMatch(new RegExp(`<label for="[a-z]+">${label}</label>`));
    }
    expect(page).toMatch(/<form[^>]*method="post"[^>]*action="\/inscription\/lycee-les-cocotiers"/);
    expect(page).toMatch(/id="email"[^>]*type="email"/);
    expect(page).toMatch(/id="telephone"[^>]*inputmode="numeric"/);
    expect(page).toContain('Chiffres uniquement, par exemple 90123456.');
    const genders = [...page.matchAll(/<option value="(male|female|other)">([^<]+)</g)];
    expect(genders.map((match) => match[2])).toEqual(['Masculin', 'Féminin', 'Autre']);
    const countries = /<select id="pays"[\s\S]*?<\/select>/.exec(page)![0];
    expect(countries.indexOf('>Togo<')).toBeLessThan(countries.indexOf('>Bénin<'));
    expect(countries).toMatch(/<option value="TG" selected>Togo<\/option>/);
    expect(page).toContain(`<option value="${school.licence.id}">Licence Informatique</option>`);
    expect(page).toMatch(
      new RegExp(
        `<optgroup label="Master Droit" data-programme="${school.master.id}">\\s*<option value="${school.m1.id}">M1`,
      ),
    );
    expect(page).toMatch(/<input id="site-web" type="text" name="website" tabindex="-1"/);
    expect(page).toContain('Envoyer la demande');
    expect(page).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('answers 404 for an unknown school', async () => {
    const response = await app().inject({ method: 'GET', url: '/inscription/ecole-inconnue' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('École introuvable.');
    const posted = await postAdmission(app(), 'ecole-inconnue', applicantOf(school));
    expect(posted.statusCode).toBe(404);
  });

  it('refuses each missing field with the spec’s French message, under the field', async () => {
    const response = await postAdmission(app(), school.slug, {});
    expect(response.statusCode).toBe(400);
    const page = response.body;
    expect(page).toContain('Corrigez les champs signalés ci-dessous.');
    expect(errorUnder(page, 'nom')).toBe(AdmissionMessages.nameRequired);
    expect(errorUnder(page, 'email')).toBe(AdmissionMessages.emailRequired);
    expect(errorUnder(page, 'telephone')).toBe(AdmissionMessages.phoneRequired);
    expect(errorUnder(page, 'genre')).toBe(AdmissionMessages.genderRequired);
    expect(errorUnder(page, 'pays')).toBe(AdmissionMessages.countryRequired);
    expect(errorUnder(page, 'programme')).toBe(AdmissionMessages.programmeRequired);
    expect(errorUnder(page, 'niveau')).toBe(AdmissionMessages.levelRequired);
    expect(page).toMatch(
      /id="nom"[^>]*aria-describedby="nom-aide nom-erreur"[^>]*aria-invalid="true"/,
    );
    expect(await count('students')).toBe(0);
  });

  it('refuses wrong values with their messages and keeps what was typed', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ name: 'K' }, 'nom', AdmissionMessages.nameTooShort],
      [{ name: 'K'.repeat(121) }, 'nom', AdmissionMessages.nameTooLong],
      [{ email: 'kossi@' }, 'email', AdmissionMessages.emailInvalid],
      [{ phone: '90 12 34 56' }, 'telephone', AdmissionMessages.phoneDigitsOnly],
      [{ phone: '9012' }, 'telephone', AdmissionMessages.phoneTooShort],
      [{ phone: '9'.repeat(16) }, 'telephone', AdmissionMessages.phoneTooLong],
      [{ phone: '12345678' }, 'telephone', AdmissionMessages.phoneInvalid],
      [{ gender: 'robot' }, 'genre', AdmissionMessages.genderRequired],
      [{ country: 'XX' }, 'pays', AdmissionMessages.countryRequired],
    ];
    for (const [overrides, id, message] of cases) {
      const response = await postAdmission(app(), school.slug, applicantOf(school, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorUnder(response.body, id), JSON.stringify(overrides)).toBe(message);
    }
    const kept = await postAdmission(
      app(),
      school.slug,
      applicantOf(school, { name: 'Ama <Mensah>', email: 'ama@', gender: 'female', country: 'BJ' }),
    );
    const page = htmlOf(kept);
    expect(page).toContain('value="Ama &lt;Mensah&gt;"');
    expect(page).toContain('value="ama@"');
    expect(page).toContain('<option value="female" selected>Féminin</option>');
    expect(page).toContain('<option value="BJ" selected>Bénin</option>');
    expect(page).toContain(`<option value="${school.l1.id}" selected>L1</option>`);
    expect(await count('students')).toBe(0);
  });

  it('refuses a level of another programme or of another school', async () => {
    const other = await admissionSchool(app(), database().db, 'Institut du Plateau');
    const refusals = [
      [school.m1.id, AdmissionMessages.levelOfOtherProgramme],
      [other.l1.id, AdmissionMessages.levelNotOffered],
    ] as const;
    for (const [levelId, message] of refusals) {
      const response = await postAdmission(app(), school.slug, applicantOf(school, { levelId }));
      expect(response.statusCode).toBe(400);
      expect(errorUnder(response.body, 'niveau')).toBe(message);
    }
    expect(await count('students')).toBe(0);
    expect(await count('admissions')).toBe(0);
  });

  it('answers a filled honeypot as a success and writes nothing', async () => {
    const response = await postAdmission(
      app(),
      school.slug,
      applicantOf(school, { website: 'https://spam.example' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(AdmissionMessages.received);
    expect(await count('students')).toBe(0);
    expect(await count('admissions')).toBe(0);
  });

  it('files a request: student « En attente », the request, audit, e-mail to the school, SMS', async () => {
    const response = await postAdmission(
      app(),
      school.slug,
      applicantOf(school, { name: '  Kossi Agbéko ', email: 'Kossi.Agbeko@Exemple.tg' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(AdmissionMessages.received);
    const { db } = database();
    const students = await db.execute<Record<string, unknown>>(sql`
      select s.full_name, s.matricule, s.status, s.phone, s.email, s.programme_id,
        h.to_status, h.changed_by
      from students s join student_status_changes h
        on h.organization_id = s.organization_id and h.student_id = s.id
      where s.organization_id = ${school.organizationId}`);
    expect(students.rows).toEqual([
      {
        full_name: 'Kossi Agbéko',
        matricule: 'STU-001',
        status: 'pending',
        phone: '+22890123456',
        email: 'kossi.agbeko@exemple.tg',
        programme_id: school.licence.id,
        to_status: 'pending',
        changed_by: 'Inscription en ligne',
      },
    ]);
    const admissions = await db.execute<Record<string, unknown>>(sql`
      select full_name, email, phone, gender, country, level_id, status, ip from admissions
      where organization_id = ${school.organizationId}`);
    expect(admissions.rows).toEqual([
      {
        full_name: 'Kossi Agbéko',
        email: 'kossi.agbeko@exemple.tg',
        phone: '+22890123456',
        gender: 'male',
        country: 'TG',
        level_id: school.l1.id,
        status: 'submitted',
        ip: expect.stringMatching(/^10\.0\./),
      },
    ]);
    const audit = await db.execute<{ action: string; actor_type: string; actor_label: string }>(sql`
      select action, actor_type, actor_label from audit_entries
      where organization_id = ${school.organizationId} and action like 'admission.%'`);
    expect(audit.rows).toEqual([
      { action: 'admission.submitted', actor_type: 'system', actor_label: 'Inscription en ligne' },
    ]);
    const messages = await db.execute<{ channel: string; recipient: string; body: string }>(sql`
      select channel, recipient, body from outbound_messages
      where organization_id = ${school.organizationId} and template like 'admission.%'
      order by channel`);
    expect(messages.rows).toHaveLength(2);
    const [email, sms] = messages.rows;
    expect(email).toMatchObject({ channel: 'email', recipient: school.contactEmail });
    expect(email!.body).toContain('Programme : Licence Informatique, niveau L1');
    expect(email!.body).toContain('/admin/etudiants/inscriptions');
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+22890123456' });
    expect(sms!.body).toBe(
      "Lycée Les Cocotiers : votre demande d'inscription est bien enregistrée (matricule STU-001). " +
        "L'école vous répondra par SMS et par e-mail.",
    );

    // The same person again within the hour (same phone, another level): the same answer, nothing new.
    const again = await postAdmission(
      app(),
      school.slug,
      applicantOf(school, {
        email: 'autre@exemple.tg',
        programmeId: school.master.id,
        levelId: school.m1.id,
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(AdmissionMessages.received);
    expect(await count('students')).toBe(1);
    expect(await count('admissions')).toBe(1);

    // Someone else is a new request.
    await postAdmission(
      app(),
      school.slug,
      applicantOf(school, { name: 'Ama Mensah', email: 'ama@exemple.tg', phone: '91234567' }),
    );
    expect(await count('admissions')).toBe(2);
    const matricules = await db.execute<{ matricule: string }>(sql`
      select matricule from students where organization_id = ${school.organizationId}
      order by matricule`);
    expect(matricules.rows.map((row) => row.matricule)).toEqual(['STU-001', 'STU-002']);
  });

  it('keeps its per-IP budget and says so on the form', async () => {
    const ip = '10.9.9.9';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await postAdmission(app(), school.slug, {}, ip);
      expect(response.statusCode).toBe(400);
    }
    const limited = await postAdmission(app(), school.slug, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.body).toContain('Trop de demandes envoyées depuis cette connexion.');
    const page = await app().inject({
      method: 'GET',
      url: `/inscription/${school.slug}`,
      remoteAddress: ip,
    });
    expect(page.statusCode).toBe(200);
  });
});
