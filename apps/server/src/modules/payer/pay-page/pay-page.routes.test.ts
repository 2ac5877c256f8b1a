import { invalidPhoneMessage, PayerMessages } from '@ecolage/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { signUpSchool } from '../../../test/school-fixture';
import { outboundMessages } from '../../messaging/messaging.tables';
import { organizations } from '../../organizations/organizations.tables';
import { resolvePaymentLink } from '..';
import { payerCodes } from '../payer.tables';
import { usePayPage, wrongCode } from './pay-page.test-support';

const {
  app,
  db,
  signer,
  school,
  otherSchool,
  family,
  schoolOf,
  askCode,
  typeCode,
  codeIdOf,
  codesTextedTo,
  codeSmsCount,
  auditOf,
} = usePayPage();

describe('the school’s pay page', () => {
  it('shows the school and the form; an unknown or archived school is a 404 page', async () => {
    const page = await app().inject({ method: 'GET', url: `/payer/${school.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Collège Lumière');
    expect(page.body).toContain('<h1 id="titre">Payer les frais de scolarité</h1>');
    expect(page.body).toContain(`action="/payer/${school.slug}/code"`);
    expect(page.body).toContain('Matricule de l’élève');
    expect(page.body).toMatch(/<label for="telephone">Votre numéro de téléphone<\/label>/);
    expect(page.body).toMatch(/<input\s+id="telephone"\s+name="phone"[^>]*type="tel"/);
    expect(page.body).toContain('Recevoir un code par SMS');

    const unknown = await app().inject({ method: 'GET', url: '/payer/ecole-qui-n-existe-pas' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(PayerMessages.schoolNotFound);
    expect(unknown.body).not.toContain('<form');

    const archived = await signUpSchool(app(), 'École Fermée');
    const closed = await schoolOf(archived.organizationId);
    await db()
      .update(organizations)
      .set({ archivedAt: new Date() })
      .where(eq(organizations.id, closed.id));
    const gone = await app().inject({ method: 'GET', url: `/payer/${closed.slug}` });
    expect(gone.statusCode).toBe(404);
    expect(
      (await askCode(closed.slug, { matricule: 'STU-001', phone: '90112233' })).statusCode,
    ).toBe(404);
  });

  it('takes a matricule in any case and a local phone, texts a code, and opens the family’s link', async () => {
    const asked = await askCode(school.slug, { matricule: '  stu-001 ', phone: '90 11 22 33' });
    const codeId = codeIdOf(asked);
    expect(asked.headers.location).toBe(`/payer/${school.slug}/code/${codeId}`);

    const [sms] = await db()
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.template, 'payer.code'));
    expect(sms).toMatchObject({
      organizationId: school.id,
      channel: 'sms',
      recipient: family.motherPhone,
    });
    expect(sms!.body).toMatch(
      /^Collège Lumière : votre code pour payer les frais est \d{6}\. Valable 10 min\. Ne le communiquez à personne\.$/,
    );
    const [code] = await codesTextedTo(family.motherPhone);

    // Only a salted hash is kept.
    const [row] = await db().select().from(payerCodes).where(eq(payerCodes.id, codeId));
    expect(row).toMatchObject({
      matricule: 'STU-001',
      phone: family.motherPhone,
      guardianId: family.guardianId,
      studentId: family.studentId,
      attempts: 0,
      consumedAt: null,
    });
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);

    const page = await app().inject({ method: 'GET', url: asked.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Saisissez le code reçu par SMS');
    expect(page.body).toContain(escapeHtml(PayerMessages.codeSent));
    expect(page.body).toMatch(
      /inputmode="numeric" autocomplete="one-time-code"\s+pattern="\[0-9\]\{6\}"/,
    );
    expect(page.body).toContain('>Valider</button>');
    expect(page.body).toContain(`href="/payer/${school.slug}">Renvoyer un code</a>`);

    const confirmed = await typeCode(school.slug, codeId, code!);
    expect(confirmed.statusCode).toBe(303);
    const token = /^\/payer\/l\/(.+)$/.exec(String(confirmed.headers.location))![1]!;
    const link = await resolvePaymentLink(db(), signer(), token, new Date());
    expect(link.ok).toBe(true);
    expect(link.ok && link.link).toMatchObject({
      organizationId: school.id,
      guardianId: family.guardianId,
      studentId: null,
      purpose: 'code',
    });

    const linkPage = await app().inject({ method: 'GET', url: String(confirmed.headers.location) });
    expect(linkPage.statusCode).toBe(200);
    expect(linkPage.body).toContain('Afiwa Kuassi'); // H1's page: the guardian's own

    const [used] = await db().select().from(payerCodes).where(eq(payerCodes.id, codeId));
    expect(used!.consumedAt).not.toBeNull();
    const [sent] = await auditOf('payer.code_sent');
    const [opened] = await auditOf('payer.code_confirmed');
    for (const entry of [sent, opened]) {
      expect(entry).toMatchObject({
        actorType: 'system',
        actorLabel: 'Page de paiement',
        resourceType: 'guardian',
        resourceId: family.guardianId,
      });
      expect(JSON.stringify(entry!.details)).not.toContain(code);
    }
    expect(sent!.details).toMatchObject({ matricule: 'STU-001', responsable: 'Afiwa Kuassi' });

    // A code serves once.
    const again = await typeCode(school.slug, codeId, code!);
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain(escapeHtml(PayerMessages.codeExpired));
  });

  it('texts the student’s own phone a link to their invoices only', async () => {
    const codeId = codeIdOf(
      await askCode(school.slug, { matricule: 'STU-001', phone: '+228 91 44 55 66' }),
    );
    const code = (await codesTextedTo(family.studentPhone)).at(-1);
    const confirmed = await typeCode(school.slug, codeId, code!);
    const token = String(confirmed.headers.location).replace('/payer/l/', '');
    const link = await resolvePaymentLink(db(), signer(), token, new Date());
    expect(link.ok && link.link).toMatchObject({
      guardianId: family.guardianId,
      studentId: family.studentId,
    });
  });

  it('answers a known and an unknown matricule alike, and texts only the known one', async () => {
    const textedBefore = (await codesTextedTo(family.motherPhone)).length;
    const auditedBefore = (await auditOf('payer.code_sent')).length;
    const started = performance.now();
    const known = await askCode(school.slug, { matricule: 'STU-001', phone: '90112233' });
    const knownMs = performance.now() - started;
    const unknown = await askCode(school.slug, { matricule: 'STU-999', phone: '90112233' });
    const unknownMs = performance.now() - started - knownMs;

    expect(unknown.statusCode).toBe(known.statusCode);
    const [knownId, unknownId] = [codeIdOf(known), codeIdOf(unknown)];
    expect(unknown.headers.location).toBe(
      String(known.headers.location).replace(knownId, unknownId),
    );
    expect(unknown.body).toBe(known.body.replace(knownId, unknownId));
    // Neither answers sooner than the floor, so the one that texted cannot be told by its time.
    expect(Math.min(knownMs, unknownMs)).toBeGreaterThanOrEqual(240);

    const pageOf = (answer: typeof known) =>
      app().inject({ method: 'GET', url: String(answer.headers.location) });
    const [knownPage, unknownPage] = [await pageOf(known), await pageOf(unknown)];
    expect(unknownPage.statusCode).toBe(knownPage.statusCode);
    expect(unknownPage.body).toBe(knownPage.body.replaceAll(knownId, unknownId));

    const texted = await codesTextedTo(family.motherPhone);
    expect(texted).toHaveLength(textedBefore + 1);
    const [unmatched] = await db().select().from(payerCodes).where(eq(payerCodes.id, unknownId));
    expect(unmatched).toMatchObject({ matricule: 'STU-999', guardianId: null, studentId: null });
    expect(await auditOf('payer.code_sent')).toHaveLength(auditedBefore + 1);

    // Typing a code answers the same way too: wrong, with the tries left.
    const code = texted.at(-1);
    const wrongKnown = await typeCode(school.slug, knownId, wrongCode(code!));
    const wrongUnknown = await typeCode(school.slug, unknownId, code!);
    expect(wrongUnknown.statusCode).toBe(400);
    expect(wrongUnknown.statusCode).toBe(wrongKnown.statusCode);
    expect(wrongUnknown.body).toBe(wrongKnown.body.replaceAll(knownId, unknownId));
    expect(wrongUnknown.body).toContain(
      `${escapeHtml(PayerMessages.codeWrong)} Il vous reste 4 essais.`,
    );
  });

  it('sends nothing for another school’s slug with this school’s matricule', async () => {
    const before = await codeSmsCount();
    const asked = await askCode(otherSchool.slug, {
      matricule: family.matricule,
      phone: family.motherPhone,
    });
    const codeId = codeIdOf(asked);
    expect(asked.headers.location).toBe(`/payer/${otherSchool.slug}/code/${codeId}`);
    expect(await codeSmsCount()).toBe(before);
    const [row] = await db().select().from(payerCodes).where(eq(payerCodes.id, codeId));
    expect(row).toMatchObject({ organizationId: otherSchool.id, guardianId: null });
  });

  it('sends nothing to a phone not registered for the student', async () => {
    const before = await codeSmsCount();
    // The other school's guardian, and a number no one has.
    for (const phone of ['+22899887766', '+22893000000']) {
      codeIdOf(await askCode(school.slug, { matricule: family.matricule, phone }));
    }
    expect(await codeSmsCount()).toBe(before);
    const rows = await db().select().from(payerCodes);
    expect(rows.map((row) => row.guardianId)).toEqual([null, null]);
  });

  it('says in French what is missing or wrong, keeps what was typed, and writes nothing', async () => {
    const empty = await askCode(school.slug, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(escapeHtml(PayerMessages.matriculeRequired));
    expect(empty.body).toContain(escapeHtml(PayerMessages.phoneRequired));

    const badPhone = await askCode(school.slug, { matricule: '<b>STU-001</b>', phone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain(escapeHtml(invalidPhoneMessage));
    expect(badPhone.body).not.toContain(escapeHtml(PayerMessages.matriculeRequired));
    expect(badPhone.body).toContain('value="&lt;b&gt;STU-001&lt;/b&gt;"');
    expect(badPhone.body).toContain('value="12"');
    expect(await db().select().from(payerCodes)).toHaveLength(0);
  });

  it('limits each address to ten requests in ten minutes, with the page rather than JSON', async () => {
    const ip = '192.0.2.10';
    for (let index = 0; index < 10; index += 1) {
      expect((await askCode(school.slug, {}, ip)).statusCode).toBe(400);
    }
    const limited = await askCode(school.slug, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.body).toContain('Trop de demandes depuis cette connexion.');
    expect(limited.body).toContain('Collège Lumière');
    // Another address is not held back.
    expect((await askCode(school.slug, {})).statusCode).toBe(400);
  });
});
