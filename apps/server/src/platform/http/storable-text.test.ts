import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpSchool } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';
import { findUnstorableText, UnstorableTextMessages } from './storable-text';

describe('findUnstorableText', () => {
  it('finds NUL and lone surrogates wherever they are, keys included', () => {
    expect(findUnstorableText('a\u0000b')).toBe('');
    expect(findUnstorableText({ name: 'x\ud800y' })).toBe('name');
    expect(findUnstorableText({ lines: [{ label: 'ok' }, { label: '\udc00' }] })).toBe(
      'lines.1.label',
    );
    expect(findUnstorableText({ ['clé\u0000']: 1 })).toBe('clé\uFFFD');
  });

  it('lets through whole surrogate pairs (emoji), accents and non-strings', () => {
    expect(findUnstorableText({ name: 'Ama 👍🏾 Agbéko', age: 12, ok: true, none: null })).toBe(
      undefined,
    );
  });

  it('walks a very deep body without overflowing the stack', () => {
    let deep: unknown = 'a\u0000b';
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(findUnstorableText(deep)?.split('.')).toHaveLength(200_000);
  });
});

describe('NUL and lone surrogates are refused at the edge with a French 400', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let slug = '';
  let studentId = '';

  const counts = async () =>
    (
      await database().db.execute<{ contacts: number; audit: number; organizations: number }>(sql`
        select (select count(*)::int from contact_messages) as contacts,
               (select count(*)::int from audit_entries) as audit,
               (select count(*)::int from organizations) as organizations`)
    ).rows[0];

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée du Golfe');
    const found = await database().db.execute<{ slug: string }>(
      sql`select slug from organizations where id = ${school.organizationId}`,
    );
    slug = found.rows[0]!.slug;
    const student = await school.call('POST', '/api/students', { fullName: 'Kossi Agbéko' });
    studentId = student.json().id;
  });

  it('in a JSON body, on public and staff routes alike, writing nothing', async () => {
    const before = await counts();
    const contact = await app().inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'a\u0000b', email: 'ama@exemple.tg', subject: 'Sujet', message: 'Texte' },
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toEqual({
      code: 'UNSTORABLE_TEXT',
      message: UnstorableTextMessages.field('name'),
      params: { field: 'name' },
      issues: [{ path: 'name', message: UnstorableTextMessages.field('name') }],
    });
    expect(contact.json().message).toMatch(/^Le champ « name » contient un caractère invalide/);

    const renamed = await school.call('PATCH', `/api/students/${studentId}`, {
      fullName: 'x\ud800y',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().issues).toEqual([
      { path: 'fullName', message: UnstorableTextMessages.field('fullName') },
    ]);

    const registration = await app().inject({
      method: 'POST',
      url: '/api/auth/registration',
      payload: {
        name: 'Afi',
        email: 'afi@exemple.tg',
        password: 'motdepasse-solide',
        schoolName: 'École\u0000',
      },
    });
    expect(registration.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('in the query and the path of an API route', async () => {
    const search = await school.call('GET', '/api/students?search=%00');
    expect(search.statusCode).toBe(400);
    expect(search.json().issues).toEqual([
      { path: 'query.search', message: UnstorableTextMessages.field('query.search') },
    ]);
    const path = await school.call('GET', '/api/public/schools/a%00b');
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({
      code: 'UNSTORABLE_ADDRESS',
      message: UnstorableTextMessages.address,
    });
    // An escape that is no UTF-8 at all (a lone surrogate's bytes) is refused by the router.
    const broken = await school.call('GET', '/api/students?search=x&y=%ED%A0%80');
    expect(broken.statusCode).toBeLessThan(500);
    const brokenPath = await app().inject({ method: 'GET', url: '/api/public/schools/%ED%A0%80' });
    expect(brokenPath.statusCode).toBe(400);
    expect(brokenPath.json().message).toMatch(/^L’adresse demandée est mal formée/);
  });

  it('on the server-rendered pages: a 400 HTML page in French', async () => {
    for (const url of [`/payer/%00`, `/payer/${slug}/code/%00`, '/inscription/%00', '/nulle%00']) {
      const page = await app().inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(400);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<html lang="fr">');
      expect(page.body).toContain('Demande invalide');
      expect(page.body).toContain('caractère invalide (caractère nul ou caractère Unicode');
    }
  });

  it('in form-encoded bodies: the payer’s code request and the pre-registration form', async () => {
    const code = await app().inject({
      method: 'POST',
      url: `/payer/${slug}/code`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'matricule=STU%00-001&phone=90112233',
    });
    expect(code.statusCode).toBe(400);
    expect(code.headers['content-type']).toContain('text/html');
    expect(code.body).toContain('Le champ « matricule » contient un caractère invalide');
    const form = await app().inject({
      method: 'POST',
      url: `/inscription/${slug}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ama%00&email=ama%40exemple.tg&phone=90445566',
    });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain('Le champ « name » contient un caractère invalide');
    const admissions = await database().db.execute<{ n: number }>(
      sql`select count(*)::int as n from admissions`,
    );
    expect(admissions.rows[0]!.n).toBe(0);
  });

  it('in a multipart upload: the file’s name and the fields sent with it', async () => {
    const upload = (fileName: string, note: string) => {
      const boundary = 'limite';
      return app().inject({
        method: 'POST',
        url: '/api/students/imports',
        headers: {
          authorization: `Bearer ${school.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: [
          `--${boundary}`,
          'Content-Disposition: form-data; name="note"',
          '',
          note,
          `--${boundary}`,
          `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
          'Content-Type: text/csv',
          '',
          'Nom complet\r\nAma Mensah',
          `--${boundary}--`,
          '',
        ].join('\r\n'),
      });
    };
    const badName = await upload('eleves\u0000.csv', 'rien');
    expect(badName.statusCode).toBe(400);
    expect(badName.json().issues).toEqual([
      { path: 'file', message: UnstorableTextMessages.field('file') },
    ]);
    const badField = await upload('eleves.csv', 'a\u0000b');
    expect(badField.statusCode).toBe(400);
    expect(badField.json().issues[0].path).toBe('note');
    expect((await upload('élèves.csv', 'rien')).statusCode).toBe(201);
  });
});
